package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"coerceplayground/coerce/mcpwire"
	"coerceplayground/mcpserve"
)

// TestHTTPCommand runs the command with -http on a port the system picks, as a user would, and
// calls a tool through the URL it logs. On SIGTERM it stops accepting, ends every live session
// (one that called a tool, one with its GET stream open, one only initialized), each with its
// end-of-session log line, and exits cleanly.
func TestHTTPCommand(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "LESSON_MCP_MAIN=1", "LESSON_MCP_ARGS=-http 127.0.0.1:0 -grant refunds.write -max-sessions 10 -idle-timeout 1h")
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	urlRE := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+)/mcp$`)
	var base string
	for base == "" && lines.Scan() {
		if m := urlRE.FindStringSubmatch(lines.Text()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatal("the command logged no URL")
	}
	logged := make(chan string, 64)
	go func() {
		defer close(logged)
		for lines.Scan() { // keep draining so the command never blocks on stderr
			logged <- lines.Text()
		}
	}()
	res, _ := callTool(t, overHTTP(t, base), "refund", []byte(`{"job_id":"17","amount_cents":500,"dry_run":true}`))
	if res.IsError || res.Meta[mcpwire.MetaDecision] != "continue" {
		t.Errorf("refund with -grant refunds.write: %v", res.Meta)
	}
	called, listening, quiet := rawSession(t, base), rawSession(t, base), rawSession(t, base)
	post(t, base, called, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":99}}}`)
	stream := openStream(t, base, listening)
	defer stream.Close()

	cmd.Process.Signal(syscall.SIGTERM)
	// A command that does not stop is killed, so the test ends; its exit status then fails it.
	guard := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	ended := map[string]string{}
	for line := range logged { // until the command has exited and its stderr is read to the end
		if m := endedRE.FindStringSubmatch(line); m != nil {
			ended[m[1]] = line
		}
	}
	// Wait only now: it closes the stderr pipe, and called while lines were still unread (as it
	// was) it dropped them, so under load no end line arrived although every one was written.
	err := cmd.Wait()
	if !guard.Stop() {
		t.Fatal("the command did not stop within 30 s of SIGTERM")
	}
	if err != nil {
		t.Fatalf("exit after SIGTERM: %v", err)
	}
	for name, sid := range map[string]string{"called a tool": called, "GET stream open": listening, "only initialized": quiet} {
		if ended[sid] == "" {
			t.Errorf("session %s (%s) logged no end line; ended: %v", sid, name, ended)
		}
	}
	if !strings.Contains(ended[called], "get_job not_found=1") || !strings.Contains(ended[quiet], "no tool calls") {
		t.Errorf("end lines: %q, %q", ended[called], ended[quiet])
	}
}

var endedRE = regexp.MustCompile(`session (\S+) ended:`)

// rawSession initializes a session by hand and returns its id.
func rawSession(t *testing.T, base string) string {
	t.Helper()
	resp := post(t, base, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)
	sid := resp.Header.Get("Mcp-Session-Id")
	if sid == "" {
		t.Fatalf("initialize: %d, no session id", resp.StatusCode)
	}
	post(t, base, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return sid
}

// post sends one message (reading the whole answer) and returns the response.
func post(t *testing.T, base, sid, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil || resp.StatusCode >= 300 {
		t.Fatalf("POST %s: %d %v", body, resp.StatusCode, err)
	}
	return resp
}

// openStream opens a session's GET stream.
func openStream(t *testing.T, base, sid string) io.ReadCloser {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/mcp", nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", sid)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET stream: %v %v", err, resp)
	}
	return resp.Body
}

// TestHTTPRefusesOtherSites: a page on another site cannot drive the server through the
// visitor's browser, and a loopback server answers no other Host (DNS rebinding).
func TestHTTPRefusesOtherSites(t *testing.T) {
	s, _ := newServer(config{})
	ts := httptest.NewServer(newHTTPHandler(s, mcpserve.HTTPOptions{}))
	defer ts.Close()
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"0"}}}`
	for name, set := range map[string]func(*http.Request){
		"a client that is no browser": func(*http.Request) {},
		"cross-site browser request": func(r *http.Request) {
			r.Header.Set("Origin", "https://evil.example")
			r.Header.Set("Sec-Fetch-Site", "cross-site")
		},
		"rebound host": func(r *http.Request) { r.Host = "evil.example" },
	} {
		req, _ := http.NewRequestWithContext(context.Background(), "POST", ts.URL+"/mcp", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		set(req)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := http.StatusForbidden
		if name == "a client that is no browser" {
			want = http.StatusOK
		}
		if resp.StatusCode != want {
			t.Errorf("%s: status %d, want %d", name, resp.StatusCode, want)
		}
	}
}
