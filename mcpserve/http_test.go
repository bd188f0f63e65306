package mcpserve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	fixtures "coerceplayground/internal/fixture"
	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpServer is the lesson's tools behind an HTTPHandler on a loopback httptest server; every
// session's end report arrives on reports.
type httpServer struct {
	*httptest.Server
	h       *mcpserve.HTTPHandler
	reports chan mcpserve.Report
	ended   map[string]bool // the sessions whose report waitReport has read
}

func newHTTPServer(t testing.TB, opts mcpserve.HTTPOptions, add ...func(*mcp.Server)) *httpServer {
	t.Helper()
	s := mcpserve.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	reports := make(chan mcpserve.Report, 4096)
	mcpserve.Mount(s, lesson.NewDispatcher(lesson.LabConfig{}), mcpserve.Options{SessionEnd: func(r mcpserve.Report) { reports <- r }})
	for _, f := range add {
		f(s)
	}
	h := mcpserve.NewHTTPHandler(s, opts)
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &httpServer{Server: ts, h: h, reports: reports, ended: map[string]bool{}}
}

// rpc is a JSON-RPC answer as the tests read it.
type rpc struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

// answer is one HTTP exchange: its status, headers and first JSON-RPC message (from a JSON
// body or the first SSE data line); msg is nil when the body held none.
type answer struct {
	status int
	header http.Header
	msg    *rpc
	raw    string
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

func initialize(version string) string {
	return strings.Replace(initBody, "%q", strconv.Quote(version), 1)
}

// send makes one request; set adjusts it before it goes. A GET answered 200 is an open SSE
// stream: only its status and headers are read, then it is closed.
func (s *httpServer) send(t testing.TB, method, sid, body string, set func(*http.Request)) answer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, s.URL, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
	} else {
		req.Header.Set("Accept", "text/event-stream")
	}
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	if set != nil {
		set(req)
	}
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	defer resp.Body.Close()
	a := answer{status: resp.StatusCode, header: resp.Header}
	if method == http.MethodGet && resp.StatusCode == http.StatusOK {
		return a
	}
	raw, _ := io.ReadAll(resp.Body)
	a.raw = string(raw)
	a.msg = firstMessage(t, resp.Header.Get("Content-Type"), raw)
	return a
}

// firstMessage reads the first JSON-RPC message of a JSON or SSE body; nil for another body.
func firstMessage(t testing.TB, contentType string, raw []byte) *rpc {
	t.Helper()
	text := string(raw)
	if !strings.HasPrefix(contentType, "application/json") && !strings.HasPrefix(contentType, "text/event-stream") {
		return nil // plain text, as the SDK refuses: no JSON-RPC message
	}
	if strings.HasPrefix(contentType, "text/event-stream") {
		text = ""
		sc := bufio.NewScanner(strings.NewReader(string(raw)))
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok && d != "" {
				text = d
				break
			}
		}
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if strings.HasPrefix(strings.TrimSpace(text), "[") { // a batch's answers
		var msgs []*rpc
		if json.Unmarshal([]byte(text), &msgs) != nil || len(msgs) == 0 {
			t.Fatalf("not a JSON-RPC batch answer: %s", raw)
		}
		return msgs[0]
	}
	m := new(rpc)
	if err := json.Unmarshal([]byte(text), m); err != nil {
		t.Fatalf("not a JSON-RPC message (%s): %s", contentType, raw)
	}
	return m
}

// session initializes a session at version (and sends notifications/initialized) and returns
// its id.
func (s *httpServer) session(t testing.TB, version string) string {
	t.Helper()
	a := s.send(t, http.MethodPost, "", initialize(version), nil)
	sid := a.header.Get("Mcp-Session-Id")
	if a.status != http.StatusOK || sid == "" || a.msg == nil || a.msg.Error != nil {
		t.Fatalf("initialize %s: %d %q %s", version, a.status, sid, a.raw)
	}
	if b := s.send(t, http.MethodPost, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil); b.status != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %d %s", b.status, b.raw)
	}
	return sid
}

// TestHTTPTable sends each request of testdata/http.tsv and checks its status and JSON-RPC code.
func TestHTTPTable(t *testing.T) {
	rows, err := fixtures.Read("testdata/http.tsv", 7)
	if err != nil {
		t.Fatal(err)
	}
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	for _, r := range rows {
		c := r.Cols
		method, sessionKind, headers, body, note := c[0], c[1], c[2], c[3], c[6]
		wantStatus, _ := strconv.Atoi(c[4])
		sid := ""
		switch sessionKind {
		case "live":
			sid = s.session(t, "2025-11-25")
		case "live-2025-03-26":
			sid = s.session(t, "2025-03-26")
		case "gone":
			sid = "NOSUCHSESSION"
		}
		if body == "-" {
			body = ""
		}
		a := s.send(t, method, sid, body, func(req *http.Request) { setHeaders(req, headers, s.URL) })
		where := "http.tsv:" + strconv.Itoa(r.Line) + " (" + note + ")"
		if a.status != wantStatus {
			t.Errorf("%s: status %d, want %d: %s", where, a.status, wantStatus, a.raw)
			continue
		}
		checkCode(t, where, c[5], a)
	}
}

// setHeaders applies a row's headers: "Name: value" pairs split by "|", "-" for none.
func setHeaders(req *http.Request, headers, origin string) {
	if headers == "-" {
		return
	}
	for _, h := range strings.Split(headers, "|") {
		name, value, _ := strings.Cut(h, ":")
		value = strings.ReplaceAll(strings.TrimSpace(value), "$ORIGIN", origin)
		switch {
		case name == "Host":
			req.Host = value
		case value == "":
			req.Header.Del(name)
		default:
			req.Header.Set(name, value)
		}
	}
}

// goText matches what only Go's own error text shows: a type name of the SDK, a struct field.
var goText = regexp.MustCompile(`\bmcp\.[A-Z]|Go struct|\bjson: |unmarshal`)

// checkCode holds an answer to a row's code column: a JSON-RPC error code, ok for a result, -
// for no body.
func checkCode(t *testing.T, where, want string, a answer) {
	t.Helper()
	switch {
	case want == "-":
		if a.msg != nil {
			t.Errorf("%s: a JSON-RPC body, want none: %s", where, a.raw)
		}
	case a.msg == nil:
		t.Errorf("%s: no JSON-RPC message in %q (Content-Type %q)", where, a.raw, a.header.Get("Content-Type"))
	case want == "ok":
		if a.msg.Error != nil || a.msg.Result == nil {
			t.Errorf("%s: want a result: %s", where, a.raw)
		}
	default:
		code, _ := strconv.Atoi(want)
		if a.msg.Error == nil || a.msg.Error.Code != code || a.msg.Error.Message == "" {
			t.Errorf("%s: want error %d with a message: %s", where, code, a.raw)
		}
		if goText.MatchString(a.msg.Error.Message) {
			t.Errorf("%s: the message shows Go's text: %s", where, a.msg.Error.Message)
		}
		if a.status >= 400 && !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
			t.Errorf("%s: a refusal as %q, want a JSON body", where, a.header.Get("Content-Type"))
		}
	}
}

// TestSecondStreamIsJSON: a second GET stream of one session is the SDK's 409, rewritten from
// its plain text into a JSON-RPC error; the first stream stays open.
func TestSecondStreamIsJSON(t *testing.T) {
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	sid := s.session(t, "2025-11-25")
	s.openStream(t, sid)
	a := s.send(t, http.MethodGet, sid, "", nil)
	if a.status != http.StatusConflict || a.msg == nil || a.msg.Error == nil || a.msg.Error.Code != -32000 ||
		!strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
		t.Errorf("a second GET stream: %d %q %s", a.status, a.header.Get("Content-Type"), a.raw)
	}
}
