package mcpserve_test

import (
	"encoding/json"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"coerceplayground/mcpserve"
)

// TestTenMegabyteBodies: a body over the cap (valid JSON, broken JSON, sent with a length or
// chunked) is 413 with a JSON-RPC error, and the session still answers after.
func TestTenMegabyteBodies(t *testing.T) {
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	sid := s.session(t, "2025-11-25")
	big := strings.Repeat("7", 10<<20)
	for name, body := range map[string]string{
		"valid JSON":  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":"` + big + `"}}}`,
		"broken JSON": `{"jsonrpc":"2.0","id":1,` + big,
	} {
		for _, chunked := range []bool{false, true} {
			a := s.send(t, http.MethodPost, sid, "", func(r *http.Request) {
				r.Body = io.NopCloser(strings.NewReader(body))
				r.ContentLength = int64(len(body))
				if chunked {
					r.ContentLength = -1 // unknown: Go sends it chunked
				}
			})
			if a.status != http.StatusRequestEntityTooLarge || a.msg == nil || a.msg.Error == nil || !strings.Contains(a.msg.Error.Message, strconv.Itoa(4<<20)) {
				t.Errorf("%s, chunked %v: %d %s", name, chunked, a.status, a.raw)
			}
		}
	}
	if a := s.send(t, http.MethodPost, sid, ping, nil); a.status != http.StatusOK {
		t.Errorf("ping after the big bodies: %d %s", a.status, a.raw)
	}
}

// TestConcurrentCalls: 200 tools/call at once on one session are all answered, each with its
// own id and the tool's result.
func TestConcurrentCalls(t *testing.T) {
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	sid := s.session(t, "2025-11-25")
	const n = 200
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done() // runs when send fails with t.Fatal too, leaving answers[i] zero
			answers[i] = s.send(t, http.MethodPost, sid, `{"jsonrpc":"2.0","id":`+strconv.Itoa(i+1)+`,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":"17"}}}`, nil)
		}()
	}
	wg.Wait()
	for i, a := range answers {
		var res struct {
			StructuredContent struct {
				OK bool `json:"ok"`
			} `json:"structuredContent"`
		}
		if a.status != http.StatusOK || a.msg == nil || string(a.msg.ID) != strconv.Itoa(i+1) ||
			json.Unmarshal(a.msg.Result, &res) != nil || !res.StructuredContent.OK {
			t.Errorf("call %d: %d %s", i+1, a.status, a.raw)
		}
	}
}

// TestTwoThousandSessions: 2,000 sessions opened one after another against the default cap keep
// at most DefaultMaxSessions live, each closed one is reported, and the heap stays bounded: the
// second thousand (each closing an old one) adds little to what the first thousand holds.
func TestTwoThousandSessions(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 2,000 sessions")
	}
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	heap := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	start := heap()
	var atCap int64
	for i := range 2 * mcpserve.DefaultMaxSessions {
		if a := s.send(t, http.MethodPost, "", initialize("2025-11-25"), nil); a.status != http.StatusOK {
			t.Fatalf("session %d: %d %s", i+1, a.status, a.raw)
		}
		if n := s.h.Sessions(); n > mcpserve.DefaultMaxSessions {
			t.Fatalf("%d live sessions after %d, over the cap", n, i+1)
		}
		if i+1 == mcpserve.DefaultMaxSessions {
			atCap = heap()
		}
	}
	s.waitReports(t, mcpserve.DefaultMaxSessions) // the first thousand were closed
	end := heap()
	t.Logf("heap: %d KB at start, %d KB with 1,000 sessions, %d KB after 2,000", start>>10, atCap>>10, end>>10)
	perSession := (atCap - start) / mcpserve.DefaultMaxSessions
	if end > atCap+perSession*mcpserve.DefaultMaxSessions/4 {
		t.Errorf("the heap grew from %d KB to %d KB while the live sessions stayed at the cap (%d B a session)", atCap>>10, end>>10, perSession)
	}
}
