package mcpserve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	fixtures "coerceplayground/internal/fixture"
	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// attack is one row of testdata/attacks.tsv (its format is documented there).
type attack struct {
	line                int
	when, over, msg     string
	code, id, note      string
	first               bool
	overStdio, overHTTP bool
}

func loadAttacks(t testing.TB) []attack {
	t.Helper()
	rows, err := fixtures.Read("testdata/attacks.tsv", 6)
	if err != nil {
		t.Fatal(err)
	}
	var out []attack
	for _, r := range rows {
		c := r.Cols
		msg, err := fixtures.Text(c[2])
		if err != nil {
			t.Fatalf("attacks.tsv:%d: %v", r.Line, err)
		}
		out = append(out, attack{line: r.Line, when: c[0], over: c[1], msg: msg, code: c[3], id: c[4], note: c[5],
			first: c[0] == "first", overStdio: c[1] != "http", overHTTP: c[1] != "stdio"})
	}
	return out
}

func (a attack) where(transport string) string {
	return "attacks.tsv:" + strconv.Itoa(a.line) + " over " + transport + " (" + a.note + ")"
}

// goMarks are what only Go's own error text shows: a type or package name, a decoder's words.
var goMarks = []string{"*mcp.", "mcp.", "json:", "Go struct", "Go value", "unmarshal", "jsonrpc2", "go-sdk", "%!"}

// maxAnswer is the most an answer to bad input may be: a 512-byte message, a 256-byte id, and
// the envelope.
const maxAnswer = 1024

// checkAnswer holds the raw answer to a row: its code, its id byte for byte, its size, its text.
func checkAnswer(t *testing.T, where string, a attack, raw []byte) {
	t.Helper()
	if !jsontext.Value(raw).IsValid() {
		t.Errorf("%s: the answer is not valid JSON: %.300q", where, raw)
		return
	}
	var got rpc
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Errorf("%s: %v: %.300q", where, err, raw)
		return
	}
	if string(got.ID) != a.id {
		t.Errorf("%s: id %s, want %s", where, got.ID, a.id)
	}
	if a.code == "ok" {
		if got.Error != nil || got.Result == nil {
			t.Errorf("%s: want a result: %.300s", where, raw)
		}
		return
	}
	code, _ := strconv.Atoi(a.code)
	if got.Error == nil || got.Error.Code != code || got.Error.Message == "" {
		t.Errorf("%s: want error %d with a message: %.300s", where, code, raw)
	}
	if len(raw) > maxAnswer {
		t.Errorf("%s: %d bytes of answer, over %d: %.300s", where, len(raw), maxAnswer, raw)
	}
	for _, mark := range goMarks {
		if strings.Contains(string(raw), mark) {
			t.Errorf("%s: the answer shows Go's text %q: %.300s", where, mark, raw)
		}
	}
}

// TestAttacks sends each row of testdata/attacks.tsv over stdio and Streamable HTTP: each gets
// the answer its row names (or none), and the session answers a tools/call after it.
func TestAttacks(t *testing.T) {
	for _, a := range loadAttacks(t) {
		if a.overStdio {
			attackStdio(t, a)
		}
		if a.overHTTP {
			attackHTTP(t, a)
		}
	}
}

const (
	initLine        = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`
	initializedLine = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	callLine        = `{"jsonrpc":"2.0","id":"after","method":"tools/call","params":{"name":"get_job","arguments":{"job_id":"17"}}}`
	pingLine        = `{"jsonrpc":"2.0","id":"ping","method":"ping"}`
)

func attackStdio(t *testing.T, a attack) {
	where := a.where("stdio")
	s := newStdio(t)
	if !a.first {
		s.send(t, initLine)
		s.recv(t)
		s.send(t, initializedLine)
	}
	s.send(t, a.msg)
	if a.code == "none" {
		s.send(t, pingLine) // the next answer is the ping's: the row had none
		if got := s.recv(t); !strings.Contains(string(got), `"id":"ping"`) {
			t.Errorf("%s: answered %.300s", where, got)
		}
	} else {
		checkAnswer(t, where, a, s.recv(t))
	}
	if a.first {
		s.send(t, initLine)
		s.recv(t)
		s.send(t, initializedLine)
	}
	s.send(t, callLine)
	if got := s.recv(t); !strings.Contains(string(got), `"id":"after","result":{`) || !strings.Contains(string(got), `\"ok\":true`) {
		t.Errorf("%s: the tools/call after it: %.300s", where, got)
	}
	s.close(t)
}

func attackHTTP(t *testing.T, a attack) {
	where := a.where("HTTP")
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	sid := ""
	if !a.first {
		sid = s.session(t, "2025-11-25")
	}
	before := s.h.Sessions()
	ans := s.send(t, http.MethodPost, sid, a.msg, nil)
	switch {
	case a.code == "none":
		if ans.status != http.StatusAccepted || ans.raw != "" {
			t.Errorf("%s: %d %.300s, want 202 and no body", where, ans.status, ans.raw)
		}
	case ans.msg == nil:
		t.Errorf("%s: %d, no JSON-RPC message: %.300s", where, ans.status, ans.raw)
	default:
		checkAnswer(t, where, a, []byte(firstData(ans)))
	}
	if a.first && a.code != "ok" {
		if got := ans.header.Get("Mcp-Session-Id"); got != "" || s.h.Sessions() != before {
			t.Errorf("%s: a session (%q) for a refused first message", where, got)
		}
		sid = s.session(t, "2025-11-25")
	}
	after := s.send(t, http.MethodPost, sid, callLine, nil)
	if after.msg == nil || string(after.msg.ID) != `"after"` || after.msg.Result == nil || !strings.Contains(after.raw, `\"ok\":true`) {
		t.Errorf("%s: the tools/call after it: %d %.300s", where, after.status, after.raw)
	}
}

// firstData is the JSON of an answer: its body, or its first SSE data line.
func firstData(a answer) string {
	if !strings.HasPrefix(a.header.Get("Content-Type"), "text/event-stream") {
		return a.raw
	}
	for _, l := range strings.Split(a.raw, "\n") {
		if d, ok := strings.CutPrefix(l, "data: "); ok {
			return d
		}
	}
	return ""
}

// stdioSession is the lesson's tools served on an IOTransport over in-memory pipes.
type stdioSession struct {
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func newStdio(t *testing.T) *stdioSession {
	t.Helper()
	s := mcpserve.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserve.Mount(s, lesson.NewDispatcher(lesson.LabConfig{}), mcpserve.Options{})
	return rawSession(t, s)
}

// rawSession serves s on an IOTransport over in-memory pipes.
func rawSession(t *testing.T, s *mcp.Server) *stdioSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss, err := s.Connect(context.Background(), &mcpserve.IOTransport{Reader: inR, Writer: outW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- ss.Wait() }()
	t.Cleanup(func() { ss.Close() })
	return &stdioSession{in: inW, out: bufio.NewReaderSize(outR, 1<<16), done: done}
}

func (s *stdioSession) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// recv reads one answer line, of any length.
func (s *stdioSession) recv(t *testing.T) []byte {
	t.Helper()
	line, err := s.out.ReadBytes('\n')
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	return line[:len(line)-1]
}

// close ends the input and waits for the session to end.
func (s *stdioSession) close(t *testing.T) {
	t.Helper()
	s.in.Close()
	if err := <-s.done; err != nil {
		t.Errorf("the session ended with %v", err)
	}
}

// TestFailedInitializeGetsNoSession: an initialize that passes the handler's checks and that
// the server then fails (here a middleware's error, which the SDK answers with code 0 after it
// has made the session) is answered with the error, with a code, and without Mcp-Session-Id;
// the session the SDK made is closed, and the next initialize gets one.
func TestFailedInitializeGetsNoSession(t *testing.T) {
	var fail atomic.Bool
	var made atomic.Pointer[mcp.ServerSession] // the session the SDK made for the failed one
	fail.Store(true)
	s := newHTTPServer(t, mcpserve.HTTPOptions{}, func(srv *mcp.Server) {
		srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "initialize" && fail.Load() {
					made.Store(req.GetSession().(*mcp.ServerSession))
					return nil, errors.New("the server is not ready")
				}
				return next(ctx, method, req)
			}
		})
	})
	a := s.send(t, http.MethodPost, "", initLine, nil)
	if a.msg == nil || a.msg.Error == nil || a.msg.Error.Code != -32603 || string(a.msg.ID) != "1" {
		t.Errorf("initialize failed by the server: %d %s", a.status, a.raw)
	}
	if sid := a.header.Get("Mcp-Session-Id"); sid != "" || s.h.Sessions() != 0 {
		t.Errorf("a session id %q (%d live) for a failed initialize", sid, s.h.Sessions())
	}
	closed := make(chan struct{})
	go func() { made.Load().Wait(); close(closed) }()
	select {
	case <-closed: // the session the SDK made was closed
	case <-time.After(waitLimit):
		t.Fatal("the session the SDK made for the failed initialize is still open")
	}
	fail.Store(false)
	s.session(t, "2025-11-25")
}
