package e2e

// Loading the page: app.wasm's download starts first, and until the app is ready the page
// offers nothing that needs it.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

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
	// The new document, not the blank one before it.
	if _, err := poll[bool](tb, `location.href === `+strconv.Quote(url)+` && !!document.getElementById("load-status")`); err != nil {
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
	defer srv.Close()
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
