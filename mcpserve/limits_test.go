package mcpserve_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// waitLimit bounds every wait on a condition: it only decides when a test that is already
// failing gives up, never whether one passes.
const waitLimit = 30 * time.Second

const ping = `{"jsonrpc":"2.0","id":9,"method":"ping"}`

// holdTool adds a tool "hold" that signals started when called, then answers once release is
// closed: a POST in flight for as long as a test needs.
func holdTool(started chan<- struct{}, release <-chan struct{}) func(*mcp.Server) {
	return func(s *mcp.Server) {
		s.AddTool(&mcp.Tool{Name: "hold", InputSchema: map[string]any{"type": "object"}},
			func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				started <- struct{}{}
				<-release
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "held"}}}, nil
			})
	}
}

const holdCall = `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"hold","arguments":{}}}`

// waitReport waits for the end report of session sid (reports of other sessions that come
// first are kept for their turn).
func (s *httpServer) waitReport(t *testing.T, sid string) {
	t.Helper()
	deadline := time.After(waitLimit)
	for !s.ended[sid] {
		select {
		case r := <-s.reports:
			s.ended[r.Session] = true
		case <-deadline:
			t.Fatalf("no end report for session %s", sid)
		}
	}
}

// waitReports waits until n sessions have been reported.
func (s *httpServer) waitReports(t *testing.T, n int) {
	t.Helper()
	deadline := time.After(waitLimit)
	for len(s.ended) < n {
		select {
		case r := <-s.reports:
			s.ended[r.Session] = true
		case <-deadline:
			t.Fatalf("%d sessions reported, want %d", len(s.ended), n)
		}
	}
}

// sendAsync sends a request from another goroutine; its answer (status 0 if send failed)
// arrives on the channel.
func (s *httpServer) sendAsync(t *testing.T, sid, body string) <-chan answer {
	out := make(chan answer, 1)
	go func() {
		var a answer
		defer func() { out <- a }() // runs even when send ends the goroutine with t.Fatal
		a = s.send(t, http.MethodPost, sid, body, nil)
	}()
	return out
}

// TestSessionCapClosesTheLongestIdle: at the cap, a new session closes the one idle longest,
// which then gets 404 (and its end report); the others live on.
func TestSessionCapClosesTheLongestIdle(t *testing.T) {
	s := newHTTPServer(t, mcpserve.HTTPOptions{MaxSessions: 3})
	a, b, c := s.session(t, "2025-11-25"), s.session(t, "2025-11-25"), s.session(t, "2025-11-25")
	if st := s.send(t, http.MethodPost, a, ping, nil).status; st != http.StatusOK {
		t.Fatalf("ping a: %d", st)
	}
	d := s.session(t, "2025-11-25") // b is now the longest idle: a pinged after it
	s.waitReport(t, b)
	for sid, want := range map[string]int{a: http.StatusOK, b: http.StatusNotFound, c: http.StatusOK, d: http.StatusOK} {
		if got := s.send(t, http.MethodPost, sid, ping, nil); got.status != want {
			t.Errorf("ping %s: %d, want %d: %s", sid, got.status, want, got.raw)
		}
	}
	if n := s.h.Sessions(); n != 3 {
		t.Errorf("%d live sessions, want the cap, 3", n)
	}
}

// TestSessionCapWhenAllBusy: at the cap with every session's POST in flight, initialize gets 503
// with Retry-After; once the POST is answered, the session is idle and gives way.
func TestSessionCapWhenAllBusy(t *testing.T) {
	started, release := make(chan struct{}, 1), make(chan struct{})
	s := newHTTPServer(t, mcpserve.HTTPOptions{MaxSessions: 1}, holdTool(started, release))
	a := s.session(t, "2025-11-25")
	held := s.sendAsync(t, a, holdCall)
	<-started
	busy := s.send(t, http.MethodPost, "", initialize("2025-11-25"), nil)
	if busy.status != http.StatusServiceUnavailable || busy.header.Get("Retry-After") == "" || busy.msg == nil || busy.msg.Error == nil {
		t.Errorf("initialize at the cap, all busy: %d Retry-After %q %s", busy.status, busy.header.Get("Retry-After"), busy.raw)
	}
	close(release)
	if h := <-held; h.status != http.StatusOK || h.msg == nil || h.msg.Error != nil {
		t.Errorf("the held call: %d %s", h.status, h.raw)
	}
	b := s.session(t, "2025-11-25")
	s.waitReport(t, a)
	if st := s.send(t, http.MethodPost, b, ping, nil).status; st != http.StatusOK {
		t.Errorf("the new session: %d", st)
	}
}

// TestIdleTimeout: a session without requests for IdleTimeout ends (its report arrives) and
// then gets 404.
func TestIdleTimeout(t *testing.T) {
	s := newHTTPServer(t, mcpserve.HTTPOptions{IdleTimeout: time.Millisecond})
	a := s.send(t, http.MethodPost, "", initialize("2025-11-25"), nil)
	sid := a.header.Get("Mcp-Session-Id")
	if sid == "" {
		t.Fatalf("initialize: %d %s", a.status, a.raw)
	}
	s.waitReport(t, sid)
	if got := s.send(t, http.MethodPost, sid, ping, nil); got.status != http.StatusNotFound {
		t.Errorf("ping after the idle timeout: %d %s", got.status, got.raw)
	}
	if n := s.h.Sessions(); n != 0 {
		t.Errorf("%d live sessions, want 0", n)
	}
}

// TestShutdown: Shutdown admits no new session, ends the idle ones at once (a GET stream
// open on one of them ends too), lets a POST in flight be answered, then ends its session, and
// every session gets its end report.
func TestShutdown(t *testing.T) {
	started, release := make(chan struct{}, 1), make(chan struct{})
	s := newHTTPServer(t, mcpserve.HTTPOptions{}, holdTool(started, release))
	idle, listening, busy := s.session(t, "2025-11-25"), s.session(t, "2025-11-25"), s.session(t, "2025-11-25")
	stream := s.openStream(t, listening)
	held := s.sendAsync(t, busy, holdCall)
	<-started

	done := make(chan error, 1)
	go func() { done <- s.h.Shutdown(context.Background()) }()
	s.waitReport(t, idle)
	s.waitReport(t, listening)
	if _, err := io.Copy(io.Discard, stream); err != nil {
		t.Errorf("the GET stream of a closed session: %v", err)
	}
	if a := s.send(t, http.MethodPost, "", initialize("2025-11-25"), nil); a.status != http.StatusServiceUnavailable {
		t.Errorf("initialize while shutting down: %d %s", a.status, a.raw)
	}
	close(release)
	if h := <-held; h.status != http.StatusOK || h.msg == nil || h.msg.Error != nil {
		t.Errorf("the call in flight at shutdown: %d %s", h.status, h.raw)
	}
	s.waitReport(t, busy)
	if err := <-done; err != nil || s.h.Sessions() != 0 {
		t.Errorf("Shutdown: %v, %d sessions left", err, s.h.Sessions())
	}
}

// openStream opens session sid's GET stream and returns its body, open until the session ends.
func (s *httpServer) openStream(t *testing.T, sid string) io.ReadCloser {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.URL, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	resp, err := s.Client().Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, resp)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp.Body
}
