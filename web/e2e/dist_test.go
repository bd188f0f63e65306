package e2e

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// startGroup starts cmd in its own process group, kills the whole group when the test ends, and
// returns a channel closed once the command has exited.
func startGroup(t *testing.T, cmd *exec.Cmd) <-chan struct{} {
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
	return done
}

// testEnd is when a test that waits for a command must give up: shortly before go test's own
// deadline (reportMargin, as a tab's), so the failure names what it waited for.
func testEnd(t *testing.T) <-chan time.Time {
	end, ok := t.Deadline()
	if !ok {
		return nil // go test -timeout 0: wait as long as it takes
	}
	return time.After(time.Until(end.Add(-reportMargin)))
}

// waitHTTP polls url until it answers 200 and returns how long that took. It fails the test,
// with the command's logs, when the command exits first or the test's time runs out: a
// server's start has no budget of its own, since wrangler dev alone takes tens of seconds to
// answer on a loaded 2-core machine, and a fixed 60 s was a bet on the load.
func waitHTTP(t *testing.T, url string, exited <-chan struct{}, logs func() string) time.Duration {
	t.Helper()
	start := time.Now()
	end := testEnd(t)
	for {
		res, err := http.Get(url)
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return time.Since(start)
			}
		}
		select {
		case <-exited:
			t.Fatalf("the server exited before %s answered 200\n%s", url, logs())
		case <-end:
			t.Fatalf("%s did not answer 200 in the %s the test had\n%s", url, time.Since(start).Round(time.Second), logs())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// waitLogged waits until the command's logs match re and returns the first submatch, failing
// the test when the command exits first or the test's time runs out.
func waitLogged(t *testing.T, re *regexp.Regexp, exited <-chan struct{}, logs func() string) string {
	t.Helper()
	end := testEnd(t)
	for {
		if m := re.FindStringSubmatch(logs()); m != nil {
			return m[1]
		}
		select {
		case <-exited:
			t.Fatalf("the command exited before it logged %s\n%s", re, logs())
		case <-end:
			t.Fatalf("the command did not log %s in the time the test had\n%s", re, logs())
		case <-time.After(50 * time.Millisecond):
		}
	}
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
	// Port 0: the server binds a port the kernel gives it and says which, so no other process
	// can take it between a check and the bind (as with a port found free a moment before).
	var logs syncBuffer
	cmd := exec.Command(py, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", out, "0")
	cmd.Stdout, cmd.Stderr = &logs, &logs
	exited := startGroup(t, cmd)
	port := waitLogged(t, regexp.MustCompile(`Serving HTTP on \S+ port (\d+)`), exited, logs.String)
	base := "http://127.0.0.1:" + port
	waitHTTP(t, base+"/", exited, logs.String)

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
