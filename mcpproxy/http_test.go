package mcpproxy

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// everythingHTTP starts the reference server "everything" over Streamable HTTP on a free port
// and returns its URL once it accepts connections.
func everythingHTTP(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	startEverythingHTTP(t, port)
	return "http://127.0.0.1:" + port + "/mcp"
}

// startEverythingHTTP runs "everything" over Streamable HTTP on port until the test ends, and
// returns its process once it accepts connections.
func startEverythingHTTP(t testing.TB, port string) *exec.Cmd {
	t.Helper()
	root := nodeModules(t)
	cmd := exec.Command("node", filepath.Join(root, "@modelcontextprotocol/server-everything/dist/index.js"), "streamableHttp")
	cmd.Env = append(os.Environ(), "PORT="+port)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitForT(t, "everything to listen on "+port, func() bool {
		c, err := net.Dial("tcp", "127.0.0.1:"+port)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return cmd
}

// serveHTTP serves p as `coerce proxy -http` does: /mcp through mcpserve's handler, /metrics.
func serveHTTP(t testing.TB, p *Proxy, m *Metrics) *httptest.Server {
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpserve.NewHTTPHandler(p.Server(), mcpserve.HTTPOptions{}))
	mux.Handle("/metrics", m.Handler())
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// TestHTTPBothSidesAndMetrics: an HTTP upstream, HTTP clients, and /metrics counting each call
// by tool, code and route.
func TestHTTPBothSidesAndMetrics(t *testing.T) {
	url := everythingHTTP(t)
	m := NewMetrics()
	p := New(Options{Upstream: HTTP(url), Metrics: m, Log: io.Discard})
	t.Cleanup(p.Close)
	ts := serveHTTP(t, p, m)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: ts.URL + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	callObs(t, cs, "echo", `{"message":"one"}`)
	callObs(t, cs, "echo", `{"message":"two"}`)
	callObs(t, cs, "echo", `{"message":3}`)
	callObs(t, cs, "nope", `{}`)
	res, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{
		`coerce_proxy_calls_total{code="ok",route="upstream",tool="echo"} 2`,
		`coerce_proxy_calls_total{code="invalid_args",route="refused",tool="echo"} 1`,
		`coerce_proxy_calls_total{code="not_found",route="refused",tool="(unknown tool)"} 1`,
		`coerce_proxy_upstream_seconds_count{code="ok",tool="echo"} 2`,
		`coerce_proxy_call_seconds_count{code="invalid_args",tool="echo"} 1`,
		`coerce_proxy_upstream_starts_total 1`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %s:\n%s", want, body)
		}
	}
	if strings.Contains(string(body), `coerce_proxy_upstream_seconds_count{code="invalid_args"`) {
		t.Errorf("a refused call was timed as an upstream call:\n%s", body)
	}
}

// TestHTTPUpstreamRestarted: an HTTP upstream that goes away answers internal_error, never a
// hang or an exit, and once it is back the proxy opens a new session with it.
func TestHTTPUpstreamRestarted(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	first := startEverythingHTTP(t, port)
	cs, _, log := connect(t, Options{Upstream: HTTP("http://127.0.0.1:" + port + "/mcp"), Timeout: 5 * time.Second})
	defer func() {
		if t.Failed() {
			t.Logf("log:\n%s", log)
		}
	}()
	if _, res := callObs(t, cs, "echo", `{"message":"one"}`); res.IsError {
		t.Fatalf("before: %v", res.Content)
	}
	first.Process.Kill()
	first.Wait()
	obs, _ := callObs(t, cs, "echo", `{"message":"two"}`)
	if obs["error"] != "internal_error" || obs["correlation_id"] == nil {
		t.Fatalf("with the upstream gone: %v", obs)
	}
	startEverythingHTTP(t, port)
	n := 0
	waitForT(t, "a call to reach the new upstream", func() bool {
		n++ // a new message each time: an identical failed call would meet the breaker
		_, res := callObs(t, cs, "echo", `{"message":"three `+strconv.Itoa(n)+`"}`)
		return !res.IsError
	})
	if c := strings.Count(log.String(), `"upstream_started"`); c != 2 {
		t.Errorf("%d starts, want 2", c)
	}
}
