package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// offlineServer serves the site as serve.go does, records every request it
// receives and, once switched off, drops each connection unanswered, as a
// network that is gone would.
type offlineServer struct {
	*httptest.Server
	mu   sync.Mutex
	got  []string
	down bool
}

func newOfflineServer(t *testing.T, h http.Handler) *offlineServer {
	s := &offlineServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.got = append(s.got, r.Method+" "+r.URL.Path)
		down := s.down
		s.mu.Unlock()
		if down {
			if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *offlineServer) since(n int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.got[n:]...)
}

func (s *offlineServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got)
}

// goOffline cuts the tab off in the browser (CDP, the page and its service
// worker) and at the server.
func goOffline(tb *tab, s *offlineServer) {
	tb.t.Helper()
	yes := true
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			EmulateOfflineServiceWorker: &yes,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.OverrideNetworkState, network.OverrideNetworkStateParams{
			Offline: true, DownloadThroughput: -1, UploadThroughput: -1})
		return err
	}))
	s.mu.Lock()
	s.down = true
	s.mu.Unlock()
}

// quietAfterReady runs the table and checks that neither the page nor its
// service worker asked the server for anything once the page was ready. The
// one request allowed is the browser's own check for a new sw.js, which
// Chromium makes about a second after a controlled page stops fetching (the
// loader's check, before ready, does not always spare it); it carries nothing
// of the learner's and fails silently offline.
func quietAfterReady(t *testing.T, tb *tab, s *offlineServer, what string) []result {
	t.Helper()
	server, page := s.count(), tb.requestCount()
	got := tb.run()
	time.Sleep(1500 * time.Millisecond) // a late request (a cache fill) would land here
	var late []string
	for _, r := range s.since(server) {
		if r != "GET /sw.js" {
			late = append(late, r)
		}
	}
	if len(late) > 0 {
		t.Errorf("%s: the server got requests after ready: %q", what, late)
	}
	if reqs := tb.requestsSince(page); len(reqs) > 0 {
		t.Errorf("%s: the page made requests after ready: %q", what, reqs)
	}
	return got
}

func sixCodes(t *testing.T, got []result, what string) {
	t.Helper()
	want := []string{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found"}
	var codes []string
	for _, r := range got {
		codes = append(codes, r.Code)
	}
	if strings.Join(codes, " ") != strings.Join(want, " ") {
		t.Errorf("%s: Run gave %q, want %q", what, codes, want)
	}
}

// After one visit the playground opens and runs with the network off: visit
// (the service worker installs and keeps the files while the page loads),
// reload, go offline, reload: ready, and Run gives the six codes. The embed
// page, kept at install, opens offline too. Nothing is requested after ready.
func TestOfflineAfterOneVisit(t *testing.T) {
	tb := newTab(t)
	s := newOfflineServer(t, web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))

	tb.do(chromedp.Navigate(s.URL + "/"))
	tb.waitReady()
	// Ready waits for no worker: it takes over the page, installed, when it is done.
	ctl, err := poll[string](tb, `navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : ""`)
	if err != nil || ctl != s.URL+"/sw.js" {
		t.Fatalf("the page is not controlled by its service worker after the first visit (controller %q, %v)", ctl, err)
	}
	scope, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`navigator.serviceWorker.getRegistration().then(r => r.scope)`,
		chromedp.EvalAwaitPromise))
	if err != nil || scope != s.URL+"/" {
		t.Errorf("service worker scope %q, want %s/", scope, s.URL)
	}
	// The first visit fetched its files without waiting for the worker, whose install then
	// keeps them from the browser's HTTP cache, and loader.js's keep, once the page has loaded,
	// what the install did not find there yet (app.wasm): <html data-offline> says when.
	if state, err := poll[string](tb, `document.documentElement.dataset.offline || ""`); err != nil || state != "kept" {
		t.Errorf("after the first visit the worker has kept %q of the files (%v), want all of them", state, err)
	}
	for _, f := range []string{"", "embed.html", "boot.js", "style.css", "wasm_exec.js", "loader.js", "stamp.js", "wasm-size.js", "app.wasm"} {
		if ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`caches.match(new URL(`+strconv.Quote(f)+`, location.href).href).then(r => !!r)`,
			chromedp.EvalAwaitPromise)); err != nil || !ok {
			t.Errorf("%q is not kept after the first visit (%v)", f, err)
		}
	}
	// Keeping them asked no server for anything: the server got each request of the first visit
	// once, the page's own (the worker's revalidation or second download of a file would be a
	// second request for the same path), and the page asked for the embed page, which it does
	// not load, so that the worker finds it in the HTTP cache.
	first := s.since(0)
	for _, want := range []string{"GET /", "GET /sw.js", "GET /app.wasm", "GET /embed.html", "GET /boot.js", "GET /loader.js"} {
		if !slices.Contains(first, want) {
			t.Errorf("the first visit did not fetch %s: %q", want, first)
		}
	}
	seen := map[string]bool{}
	for _, r := range first {
		if seen[r] {
			t.Errorf("the server got %s twice on the first visit: %q", r, first)
		}
		seen[r] = true
	}
	sixCodes(t, quietAfterReady(t, tb, s, "first visit"), "first visit")

	tb.do(chromedp.Reload())
	tb.waitReady()
	sixCodes(t, quietAfterReady(t, tb, s, "online reload"), "online reload")

	goOffline(tb, s)
	before := s.count()
	tb.do(chromedp.Reload())
	tb.waitReady()
	if online := eval[bool](tb, `navigator.onLine`); online {
		t.Error("navigator.onLine is true: the tab is not offline")
	}
	sixCodes(t, quietAfterReady(t, tb, s, "offline reload"), "offline reload")
	t.Logf("requests that reached the dropped server while offline: %q", s.since(before))

	tb.do(chromedp.Navigate(s.URL + "/embed.html#panels=table,results"))
	tb.waitReady()
	if !eval[bool](tb, `document.documentElement.hasAttribute("data-embed")`) {
		t.Error("offline /embed.html is not the embed page")
	}
}
