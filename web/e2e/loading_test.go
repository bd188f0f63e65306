package e2e

// Loading the page: app.wasm's download starts first, and until the app is ready the page
// offers nothing that needs it.

import (
	"bytes"
	"context"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// navigateNoWait starts loading url and returns at once. chromedp.Navigate waits for the load
// event, which the preload of app.wasm holds back until app.wasm has arrived: a test that
// watches the page while app.wasm downloads must not wait for it.
func (tb *tab) navigateNoWait(url string) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdppage.Navigate, cdppage.NavigateParams{URL: url})
		return err
	}))
	// The new document, not the blank one before it, parsed past its loading panel (which shows
	// from then on).
	if _, err := poll[bool](tb, `location.href === `+strconv.Quote(url)+` && !!document.getElementById("load-error")`); err != nil {
		tb.t.Fatal(err)
	}
}

// app.wasm's download starts first (index.html preloads it before any script) and happens
// once: the loader's fetch matches the preload's mode and credentials, so the browser hands it
// the preloaded response instead of asking again.
func TestWasmPreloadedOnce(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	n := 0
	for _, r := range tb.requestsSince(0) {
		if strings.HasSuffix(r, "/app.wasm") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("app.wasm requested %d times, want once: %q", n, tb.requestsSince(0))
	}
	// Resource Timing: one entry for app.wasm, and no script's request started before it.
	order := eval[[]string](tb, `performance.getEntriesByType("resource")
		.filter(e => /\.(wasm|js|css)$/.test(new URL(e.name).pathname))
		.sort((a, b) => a.startTime - b.startTime).map(e => new URL(e.name).pathname + " " + e.initiatorType)`)
	if len(order) == 0 || order[0] != "/app.wasm link" {
		t.Errorf("resources in start order %q, want /app.wasm (preloaded by a link) first", order)
	}
	if c := strings.Count(strings.Join(order, "\n"), "/app.wasm"); c != 1 {
		t.Errorf("app.wasm has %d Resource Timing entries, want 1: %q", c, order)
	}
}

// Until the app is ready, no control that needs it can be used: each is hidden or disabled, and
// the loading status says why. Then the controls work.
func TestNoHalfWorkingPageBeforeReady(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	release := make(chan struct{})
	site := handlerWith(nil)
	srv := httptest.NewServer(handlerWith(map[string]http.HandlerFunc{"/app.wasm": func(w http.ResponseWriter, r *http.Request) {
		<-release // hold the download until the page is inspected
		site.ServeHTTP(w, r)
	}}))
	t.Cleanup(srv.Close) // after the tab: a request still under way as the test ends is answered
	tb := newTab(t)
	tb.navigateNoWait(srv.URL + "/")
	const usable = `[...document.querySelectorAll("button, input, select, textarea, [contenteditable]")]
		.filter(e => e.checkVisibility() && !e.matches(":disabled")).map(e => e.id || e.outerHTML.slice(0, 60))`
	const reason = `(() => { const s = document.getElementById("load-status");
		return s && s.checkVisibility() ? s.textContent.trim() : ""; })()`
	if got := eval[[]string](tb, usable); len(got) != 0 {
		t.Errorf("before ready, these controls can be used: %q", got)
	}
	if r := eval[string](tb, reason); !strings.HasPrefix(r, "Loading the playground") {
		t.Errorf("before ready, the visible reason is %q", r)
	}
	if eval[bool](tb, `document.documentElement.dataset.ready === "true"`) {
		t.Fatal("ready before app.wasm arrived")
	}
	close(release)
	tb.waitReady()
	if eval[string](tb, reason) != "" {
		t.Error("the loading status is still shown once ready")
	}
	if got := eval[[]string](tb, usable); !slices.Contains(got, "run") {
		t.Errorf("once ready, Run cannot be used; usable: %q", got)
	}
}

// badModule answers with the wasm magic number and version, then bytes that are no module.
func badModule(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/wasm")
	w.Write(append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{0xff}, 64)...))
}

// cutOff starts app.wasm's answer and drops the connection before its end, as a network that
// fails mid-download does.
func cutOff(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Content-Length", "1000000")
	w.Write(append([]byte("\x00asm\x01\x00\x00\x00"), make([]byte, 4096)...))
	w.(http.Flusher).Flush()
	if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
		c.Close()
	}
}

func TestLoadFailuresShowAMessage(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	html := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>Not here</title><p>404"))
	}
	tests := []struct {
		name   string
		over   map[string]http.HandlerFunc
		script string // run before the page's own scripts
		want   string
	}{
		{"html instead of wasm", map[string]http.HandlerFunc{"/app.wasm": html}, "", "web page instead of the playground's WebAssembly"},
		{"missing wasm", map[string]http.HandlerFunc{"/app.wasm": http.NotFound}, "", "answered 404"},
		{"no WebAssembly", nil, "delete window.WebAssembly", "cannot run WebAssembly"},
		{"no wasm_exec.js", map[string]http.HandlerFunc{"/wasm_exec.js": http.NotFound}, "", "wasm_exec.js did not load"},
		{"not a module", map[string]http.HandlerFunc{"/app.wasm": badModule}, "", "could not be compiled"},
		{"download cut off", map[string]http.HandlerFunc{"/app.wasm": cutOff}, "", "could not be downloaded"},
		{"no streaming compile", nil, "delete WebAssembly.compileStreaming; delete WebAssembly.instantiateStreaming", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(handlerWith(tt.over))
			// Closed after the tab (cleanups run last first): a request the page still makes as the
			// test ends (the worker's registration fetching sw.js) is answered, not cut off into a
			// console error.
			t.Cleanup(srv.Close)
			tb := newTab(t)
			tb.mu.Lock()
			tb.problems = nil
			tb.mu.Unlock()
			if tt.script != "" {
				if _, err := chromedp.Call(tb.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: tt.script}); err != nil {
					t.Fatal(err)
				}
			}
			tb.do(chromedp.Navigate(srv.URL + "/"))
			state, err := poll[string](tb, `document.documentElement.dataset.ready === "true" ? "ready" : (document.documentElement.dataset.load === "failed" ? document.getElementById("load-error").textContent : "")`)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if state != "ready" {
					t.Errorf("the fallback load failed: %s", state)
				}
			} else if !strings.Contains(state, tt.want) || strings.Contains(state, "undefined") {
				t.Errorf("page says %q, want %q", state, tt.want)
			}
			// A failed fetch is logged by the browser itself; that is expected here.
			tb.mu.Lock()
			tb.problems = nil
			tb.mu.Unlock()
		})
	}
}

// The loading bar moves with the uncompressed bytes the stream yields, and says the download's
// size as sent: the answer's Content-Length (the gzip body's), or, from a server that gives no
// length, the build's figure for the answer's encoding (wasm-size.js); never app.wasm's
// uncompressed size.
func TestLoadingBarCountsTheDownloadAsSent(t *testing.T) {
	wasm, err := os.ReadFile(filepath.Join(moduleRoot, "web", "app.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.Stat(filepath.Join(moduleRoot, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	for _, length := range []bool{true, false} {
		t.Run("content-length="+strconv.FormatBool(length), func(t *testing.T) {
			between := loadSlowly(t, wasm, length)
			sent, unpacked := "of "+sizeText(int64(len(wasm))), sizeText(raw.Size())
			if len(between) == 0 {
				t.Fatal("the loading bar never showed a value between 5 % and 95 %")
			}
			for _, s := range between {
				if !strings.Contains(s, "%") || !strings.Contains(s, sent) || strings.Contains(s, unpacked) {
					t.Fatalf("status %q does not say how far the download of %s is as sent (%s)", s, unpacked, sent)
				}
			}
		})
	}
}

// sizeText is n bytes as the loader says them: whole KiB under 1 MiB, else MiB to a tenth.
func sizeText(n int64) string {
	if n < 1048576 {
		return strconv.FormatInt(int64(math.Round(float64(n)/1024)), 10) + " KiB"
	}
	return strconv.FormatFloat(float64(n)/1048576, 'f', 1, 64) + " MiB"
}

// loadSlowly serves app.wasm gzip-encoded in 40 slow pieces, with its Content-Length or without
// (chunked, as a server that compresses while it sends), and returns the loading statuses seen
// while the bar stood between 5 % and 95 %.
func loadSlowly(t *testing.T, gz []byte, length bool) []string {
	// Slow enough (4 s) that the loader, which starts after the preload began the download,
	// still sees most of it arrive.
	slow := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Content-Encoding", "gzip")
		if length {
			w.Header().Set("Content-Length", strconv.Itoa(len(gz)))
		}
		step := len(gz)/40 + 1
		for off := 0; off < len(gz); off += step {
			w.Write(gz[off:min(off+step, len(gz))])
			w.(http.Flusher).Flush()
			time.Sleep(100 * time.Millisecond)
		}
	}
	srv := httptest.NewServer(handlerWith(map[string]http.HandlerFunc{"/app.wasm": slow}))
	t.Cleanup(srv.Close) // after the tab: a request still under way as the test ends is answered
	tb := newTab(t)
	tb.navigateNoWait(srv.URL + "/")
	type sample struct {
		Value  float64 `json:"value"`
		Status string  `json:"status"`
		Ready  bool    `json:"ready"`
	}
	percent := regexp.MustCompile(`(\d+) %`)
	var between []string
	for tb.ctx.Err() == nil { // until ready (waitReady below fails the test if it never is)
		s := eval[sample](tb, `({value: document.getElementById("load-progress").value,
			status: document.getElementById("load-status").textContent, ready: document.documentElement.dataset.ready === "true"})`)
		if s.Ready {
			break
		}
		if m := percent.FindStringSubmatch(s.Status); s.Value > 1 || m != nil && len(m[1]) > 2 && m[1] != "100" {
			t.Errorf("progress past the end: %+v", s)
		}
		if s.Value > 0.05 && s.Value < 0.95 {
			between = append(between, s.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("statuses seen mid-download: %q", slices.Compact(slices.Clone(between)))
	tb.waitReady()
	return between
}
