package main

import (
	"bufio"
	"context"
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
// calls a tool through the URL it logs; SIGTERM stops it cleanly.
func TestHTTPCommand(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "LESSON_MCP_MAIN=1", "LESSON_MCP_ARGS=-http 127.0.0.1:0 -grant refunds.write")
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
	go func() {
		for lines.Scan() { // keep draining so the command never blocks on stderr
		}
	}()
	res, _ := callTool(t, overHTTP(t, base), "refund", []byte(`{"job_id":"17","amount_cents":500,"dry_run":true}`))
	if res.IsError || res.Meta[mcpwire.MetaDecision] != "continue" {
		t.Errorf("refund with -grant refunds.write: %v", res.Meta)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not stop on SIGTERM")
	}
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
