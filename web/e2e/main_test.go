// Package e2e drives the playground page in real headless Chromium: the wasm
// app built from this checkout, served by web.NewSite as serve.go serves it.
//
// TestMain brings the build outputs up to date (build/webbuild, as `make
// build` does), starts an httptest server on 127.0.0.1 and one Chromium; each
// test opens its own tab in a fresh browser context, so localStorage and the
// cache start empty. Without a browser the tests skip, except under CI=true,
// where they fail.
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

var (
	moduleRoot  string
	server      *httptest.Server
	browserCtx  context.Context
	browserExe  string // the Chromium the tests run, for benchmarks that start their own
	noBrowser   string // why the browser tests skip, when they do
	artifactDir string
)

// browserPaths are tried in order; CHROMIUM names another.
var browserPaths = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "/usr/bin/chromium"}

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	wd, _ := os.Getwd()
	moduleRoot = filepath.Clean(filepath.Join(wd, "..", ".."))
	artifactDir = filepath.Join(moduleRoot, "artifacts")

	exe := findBrowser()
	if exe == "" {
		noBrowser = "no Chromium found (tried $CHROMIUM and " + strings.Join(browserPaths, ", ") + "); install Debian's chromium to run the browser tests"
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "e2e: FAIL:", noBrowser, "(CI=true: the browser tests must run)")
			return 1
		}
		fmt.Fprintln(os.Stderr, "e2e: SKIP:", noBrowser)
		return m.Run()
	}

	if err := webbuild.Build(webbuild.Config{Root: moduleRoot, Log: os.Stderr}); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: building the page:", err)
		return 1
	}
	server = httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))
	defer server.Close()

	profile, err := os.MkdirTemp("", "coerce-e2e-chromium-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(profile)

	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), browserOptions(exe, profile)...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		fmt.Fprintln(os.Stderr, "e2e: starting", exe+":", err)
		if os.Getenv("CI") == "true" {
			return 1
		}
		noBrowser = "Chromium at " + exe + " did not start: " + err.Error()
		return m.Run()
	}
	browserCtx = ctx
	browserExe = exe
	return m.Run()
}

func findBrowser() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range browserPaths {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// tab is one page in a fresh browser context, with what it logged, asked for
// and popped up recorded by a protocol listener.
type tab struct {
	t   testing.TB
	ctx context.Context

	mu       sync.Mutex
	problems []string // console errors, exceptions, error-level log entries
	requests []string // every request the page made, in order
	dialogs  []string // alert/confirm/prompt messages

	// frame is the playground iframe of a course page's tab once a test asked for it (frame in
	// embed_test.go); a tab's own, not a map shared by every test.
	frame *frameTab
}

// newTab opens a tab; the test fails at cleanup if the page logged an error.
func newTab(t testing.TB) *tab {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	return openTab(t, browserCtx, func() {}, chromedp.WithNewBrowserContext())
}

// reportMargin is how long before go test's own deadline a tab's context ends: time for the test
// to fail at the line of the step that waited and for the cleanups to close the browser.
const reportMargin = 30 * time.Second

// tabContext is the context a tab runs its steps in. A test's tab lives until shortly before
// the test binary's deadline (go test -timeout; make test gives 30m), not for a budget of its
// own: a fixed 90 s per tab, or 5 s, 10 s or 30 s per wait, is a bet on the machine's load, and
// on a loaded 2-core machine (six engineers' builds, or go test compiling the other packages'
// tests beside this one on a fresh clone) a test that takes 5 s alone lost it. A step that
// never ends still fails the test at its line, before go test's timeout panics. A benchmark's tab
// lives through all its iterations (seven 10,000-row runs): it gets 15 minutes.
func tabContext(t testing.TB, ctx context.Context) (context.Context, context.CancelFunc) {
	type deadliner interface{ Deadline() (time.Time, bool) }
	if _, ok := t.(*testing.B); ok {
		return context.WithTimeout(ctx, 15*time.Minute)
	}
	if d, ok := t.(deadliner); ok {
		if end, ok := d.Deadline(); ok {
			return context.WithDeadline(ctx, end.Add(-reportMargin))
		}
	}
	return context.WithCancel(ctx) // go test -timeout 0: no deadline asked for
}

// openTab opens a tab in parent that fails t at cleanup for every console error the page
// logged; release runs once the tab is closed.
func openTab(t testing.TB, parent context.Context, release func(), opts ...chromedp.ContextOption) *tab {
	t.Helper()
	tb := &tab{t: t}
	ctx, cancel := chromedp.NewContext(parent, append(opts, chromedp.WithListener(tb.listen))...)
	ctx, cancelTimeout := tabContext(t, ctx)
	tb.ctx = ctx
	t.Cleanup(func() {
		tb.mu.Lock()
		problems := append([]string(nil), tb.problems...)
		tb.mu.Unlock()
		for _, p := range problems {
			t.Errorf("console: %s", p)
		}
		cancelTimeout()
		cancel()
		release()
	})
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	tb.media()
	return tb
}

func (tb *tab) listen(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			tb.problems = append(tb.problems, "console."+string(e.Type)+": "+strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		tb.problems = append(tb.problems, "exception: "+msg)
	case *log.EventEntryAdded:
		if e.Entry.Level == log.EntryLevelError {
			tb.problems = append(tb.problems, "log "+string(e.Entry.Source)+": "+e.Entry.Text+" "+e.Entry.URL)
		}
	case *network.EventRequestWillBeSent:
		tb.requests = append(tb.requests, e.Request.Method+" "+e.Request.URL)
	case *page.EventJavascriptDialogOpening:
		tb.dialogs = append(tb.dialogs, string(e.Type)+": "+e.Message)
		// A dialog blocks the page; close it so the test can report it.
		go chromedp.Call(tb.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
	}
}

func (tb *tab) requestCount() int {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return len(tb.requests)
}

func (tb *tab) requestsSince(n int) []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.requests[n:]...)
}

func (tb *tab) dialogCount() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.dialogs...)
}

// do runs actions and fails the test on error.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatal(err)
	}
}

// media emulates CSS media features, such as prefers-color-scheme, given as name and value
// pairs; features not given go back to the browser's own, except prefers-reduced-motion, which
// is "reduce" unless given. Every tab starts so: the page then scrolls (Run to its results, Try
// it to the learner box) at once instead of smoothly, and a click never lands on an element that
// a scroll still in progress is moving.
func (tb *tab) media(features ...[2]string) {
	tb.t.Helper()
	fs := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	for _, f := range features {
		if f[0] == fs[0].Name {
			fs[0].Value = f[1]
			continue
		}
		fs = append(fs, &emulation.MediaFeature{Name: f[0], Value: f[1]})
	}
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: fs})
		return err
	}))
}

// screenshot saves what capture takes (chromedp.FullScreenshot, CaptureScreenshot,
// Screenshot of a selector) as artifacts/name, a test artifact CI keeps.
func (tb *tab) screenshot(name string, capture chromedp.Action[[]byte]) {
	tb.t.Helper()
	png, err := chromedp.Run(tb.ctx, capture)
	if err != nil {
		tb.t.Fatal(err)
	}
	if err := os.MkdirAll(artifactDir, 0o755); err != nil {
		tb.t.Fatal(err)
	}
	path := filepath.Join(artifactDir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("wrote %s", path)
}

// eval evaluates a JavaScript expression and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// open navigates to the page (path and fragment relative to the server) and
// waits until the app is ready, failing with the page's message if it
// reports a failed load instead.
func (tb *tab) open(pathAndFragment string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(server.URL + pathAndFragment))
	tb.waitReady()
}

// waitReady waits for data-ready and for the panels built on first open to be built (they are
// built one per task right after ready; wasm/app/later.go), so a test can read any panel.
func (tb *tab) waitReady() {
	tb.t.Helper()
	const ready = `document.documentElement.dataset.ready === "true" && document.documentElement.dataset.panels !== "pending" ? "ready" : (document.documentElement.dataset.load === "failed" ? "failed" : "")`
	state, err := poll[string](tb, ready)
	// A poll that starts while the previous document is still being replaced evaluates in a
	// context the navigation then destroys; the new document's context is the one to wait in.
	// Each retry waits on the page again, never on the clock.
	for tries := 0; err != nil && contextGone(err) && tries < 20; tries++ {
		state, err = poll[string](tb, ready)
	}
	if err != nil {
		tb.t.Fatalf("waiting for the page to be ready: %v", err)
	}
	if state != "ready" {
		tb.t.Fatalf("the page did not start: %s", eval[string](tb, `document.getElementById("load-error").textContent`))
	}
}

// contextGone reports whether a CDP error says the evaluation's execution context went away
// with a navigation, rather than that the page failed.
func contextGone(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Cannot find context with specified id") || strings.Contains(msg, "Execution context was destroyed")
}

// handlerWith serves the page and the embed page, with overrides for some paths (to break the
// load on purpose).
func handlerWith(over map[string]http.HandlerFunc) http.Handler {
	h := web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f, ok := over[r.URL.Path]; ok {
			f(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// eachView runs f as a subtest in a new tab for each width the page is judged at (1280 and 360
// px, height px high) and each colour scheme (light, dark), named "scheme-width".
func eachView(t *testing.T, height int64, f func(t *testing.T, tb *tab, width int64, scheme string)) {
	for _, width := range []int64{1280, 360} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(scheme+"-"+strconv.FormatInt(width, 10), func(t *testing.T) {
				tb := newTab(t)
				tb.do(chromedp.EmulateViewport(width, height))
				tb.media([2]string{"prefers-color-scheme", scheme})
				f(t, tb, width, scheme)
			})
		}
	}
}
