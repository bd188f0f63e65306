package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestProxyRefusesBadFlags: each mistake exits 2 with a sentence on stderr, before any upstream
// is started.
func TestProxyRefusesBadFlags(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "policy.json")
	if err := os.WriteFile(policy, []byte(`{"tools":{"a":1}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	member := filepath.Join(t.TempDir(), "member.json")
	if err := os.WriteFile(member, []byte(`{"tools":{"search_nodes":{"permission":"graph.read","note":"x"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"proxy"}, "give the upstream"},
		{[]string{"proxy", "-upstream", "http://127.0.0.1:1/mcp", "--", "node", "x.js"}, "not both"},
		{[]string{"proxy", "-policy", filepath.Join(t.TempDir(), "none.json"), "--", "x"}, "the policy file cannot be read"},
		{[]string{"proxy", "-policy", policy, "--", "x"}, "is not an x-coerce object"},
		{[]string{"proxy", "-policy", member, "--", "x"}, `tools."search_nodes" has no member "note"`},
		{[]string{"proxy", "-timeout", "soon", "--", "x"}, `a flag's value is wrong: "-timeout`},
		{[]string{"proxy", "-bogus\x1b[31m", "--", "x"}, `flag provided but not defined "-bogus\x1b[31m".`},
	} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), c.args, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errOut.String(), c.want)
		}
		if strings.Contains(errOut.String(), "json:") || strings.Count(errOut.String(), "\n") != 1 {
			t.Errorf("%v: want one sentence and no Go text, got %q", c.args, errOut.String())
		}
	}
}

// lessonMCP builds cmd/lesson-mcp: a real MCP server over stdio for the proxy to guard.
func lessonMCP(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lesson-mcp")
	if out, err := exec.Command("go", "build", "-o", bin, "../lesson-mcp").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/lesson-mcp: %v\n%s", err, out)
	}
	return bin
}

// TestProxyStdio runs `coerce proxy -- lesson-mcp` with a Go SDK client on its stdin and stdout.
func TestProxyStdio(t *testing.T) {
	up := lessonMCP(t)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(context.Background(), []string{"proxy", "--", up}, inR, outW, &errOut)
		outW.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// lesson-mcp answers coerce observations itself: its not_found comes through with its own
	// field and hint.
	for _, c := range []struct{ args, code, text string }{
		{`{"job_id":" 17 "}`, "ok", `"id":17`},
		{`{"job_id":true}`, "invalid_args", "not true or false"},
		{`{"job_id":99}`, "not_found", `"field":"job_id","hint":"no job 99; job ids look like 17 and 42`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_job", Arguments: json.RawMessage(c.args)})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if got := res.Meta["coerce/code"]; got != c.code || !strings.Contains(text, c.text) {
			t.Errorf("%s: code %v, %s; want %s with %s", c.args, got, text, c.code, c.text)
		}
	}
	cs.Close()
	inW.Close()
	if code := <-done; code != 0 {
		t.Errorf("exit %d; stderr:\n%s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), `"route":"upstream"`) || !strings.Contains(errOut.String(), `"route":"refused"`) {
		t.Errorf("stderr lacks the call lines:\n%s", errOut.String())
	}
}

// TestProxyReport: -report lists each upstream tool as checked, with no call made.
func TestProxyReport(t *testing.T) {
	up := lessonMCP(t)
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"proxy", "-report", "--", up}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := `{"tool":"get_job","route":"checked"}` + "\n" + `{"tool":"get_user","route":"checked"}` + "\n" + `{"tool":"refund","route":"checked"}` + "\n"
	if out.String() != want {
		t.Errorf("-report printed\n%s\nwant\n%s", out.String(), want)
	}
	// A policy entry that does not fit its tool stops the command; a misspelt name is a warning.
	policy := filepath.Join(t.TempDir(), "policy.json")
	if err := os.WriteFile(policy, []byte(`{"tools":{"get_job":{"records":{"nope":[1]}}},"passThrough":["get_jobs"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errOut.Reset()
	code := run(context.Background(), []string{"proxy", "-report", "-policy", policy, "--", up}, strings.NewReader(""), &out, &errOut)
	for _, w := range []string{`{"tool":"get_job","route":"refused"`, `{"tool":"get_jobs","route":"unmatched"`} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("-report lacks %s:\n%s", w, out.String())
		}
	}
	if code != 2 || !strings.Contains(errOut.String(), `coerce proxy: the policy's tools."get_job" cannot be applied`) || !strings.Contains(errOut.String(), `"event":"policy_unmatched","tool":"get_jobs"`) {
		t.Errorf("exit %d, stderr:\n%s", code, errOut.String())
	}
}

// syncBuffer is a bytes.Buffer safe to read while the command writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProxyHTTP runs `coerce proxy -http 127.0.0.1:0 -- lesson-mcp`: a call through the URL it
// logs, another site's page refused with 403, /metrics counting the call, and a clean exit
// when its context ends (as on SIGTERM).
func TestProxyHTTP(t *testing.T) {
	up := lessonMCP(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errOut := &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"proxy", "-http", "127.0.0.1:0", "--", up}, strings.NewReader(""), io.Discard, errOut)
	}()
	var url string
	deadline := time.Now().Add(20 * time.Second)
	for url == "" {
		for _, l := range strings.Split(errOut.String(), "\n") {
			var ev struct{ Event, Text string }
			if json.Unmarshal([]byte(l), &ev) == nil && ev.Event == "listening" {
				url = ev.Text
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no listening line:\n%s", errOut.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_job", Arguments: json.RawMessage(`{"job_id":"17"}`)})
	if err != nil || res.IsError {
		t.Fatalf("get_job: %v %+v", err, res)
	}
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(`{}`))
	req.Header.Set("Origin", "http://evil.example.com")
	req.Header.Set("Content-Type", "application/json")
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != http.StatusForbidden {
		t.Errorf("another site's page: %v %v, want 403", err, r)
	}
	r, err := http.Get(strings.TrimSuffix(url, "/mcp") + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	if !strings.Contains(string(body), `coerce_proxy_calls_total{code="ok",route="upstream",tool="get_job"} 1`) {
		t.Errorf("/metrics:\n%s", body)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d:\n%s", code, errOut.String())
	}
}
