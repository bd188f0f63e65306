package e2e

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/dist"
	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// buildDist writes the static bundle of this checkout into a temp directory
// (TestMain already brought web/ up to date).
func buildDist(t *testing.T, embedders string) (string, *dist.Manifest) {
	t.Helper()
	emb, err := web.ParseEmbedders(embedders)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "dist")
	man, err := dist.Build(dist.Config{Web: webbuild.Web(moduleRoot), Out: out, Embedders: emb})
	if err != nil {
		t.Fatal(err)
	}
	return out, man
}

// freePort returns a port on 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startGroup starts cmd in its own process group and kills the whole group
// when the test ends.
func startGroup(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
}

// waitHTTP polls url until it answers 200 or the time is up.
func waitHTTP(t *testing.T, url string, limit time.Duration, logs func() string) time.Duration {
	t.Helper()
	start := time.Now()
	for time.Since(start) < limit {
		res, err := http.Get(url)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return time.Since(start)
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s did not answer 200 within %s\n%s", url, limit, logs())
	return 0
}

// dist/ works from a server that sends no headers of ours:
// python3 -m http.server.
func TestDistFromPythonHTTPServer(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("python3 not found (CI=true: this test must run)")
		}
		t.Skip("python3 not found")
	}
	out, man := buildDist(t, "")
	port := freePort(t)
	var logs strings.Builder
	cmd := exec.Command(py, "-m", "http.server", "--bind", "127.0.0.1", "--directory", out, strconv.Itoa(port))
	cmd.Stdout, cmd.Stderr = &logs, &logs
	startGroup(t, cmd)
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	waitHTTP(t, base+"/", 15*time.Second, logs.String)

	for _, path := range []string{"/", "/embed.html"} {
		t.Run("path="+path, func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.Navigate(base + path))
			tb.waitReady()
			got := tb.run()
			if len(got) != len(lessonRows()) {
				t.Fatalf("%d results, want %d", len(got), len(lessonRows()))
			}
			for _, r := range tb.requestsSince(0) {
				if !strings.HasPrefix(r, "GET "+base+"/") && !strings.HasPrefix(r, "GET data:") {
					t.Errorf("a request left the page's origin: %s", r)
				}
			}
			wasm := "GET " + base + "/" + man.Hashed["app.wasm"]
			// Once: the preload in index.html names the hashed file, and the loader's fetch reuses it.
			if n := strings.Count(strings.Join(tb.requestsSince(0), "\n")+"\n", wasm+"\n"); n != 1 {
				t.Errorf("the page loaded %s %d times, want once: %q", man.Hashed["app.wasm"], n, tb.requestsSince(0))
			}
			embed := eval[bool](tb, `document.documentElement.hasAttribute("data-embed")`)
			// In the embed the page's header is for assistive technology only (visually hidden).
			header := eval[bool](tb, `document.querySelector("header.site").getBoundingClientRect().width > 1`)
			if embed != (path == "/embed.html") || header == embed {
				t.Errorf("data-embed %v, header shown %v", embed, header)
			}
		})
	}
}
