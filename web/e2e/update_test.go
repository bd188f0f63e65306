package e2e

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// A returning visit opens from the service worker's cache at once: it is ready while the
// check for a new deploy still waits for the server. A new deploy found by that check is
// installed in the background, app.wasm included; the open page, all of the previous version,
// offers to reload, and Reload opens the new version, which then works offline.
func TestReturningVisitAndNewDeploy(t *testing.T) {
	dir := t.TempDir()
	copyPageFiles(t, webbuild.Web(moduleRoot), dir)
	site := web.NewSite(os.DirFS(dir), web.Embedders{})
	var mu sync.Mutex
	var hold chan struct{} // while not nil, /sw.js waits for it to close
	s := newOfflineServer(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		h := hold
		mu.Unlock()
		if h != nil && r.URL.Path == "/sw.js" {
			<-h
		}
		site.ServeHTTP(w, r)
	}))
	tb := newTab(t)
	tb.do(chromedp.Navigate(s.URL + "/"))
	tb.waitReady()
	if _, err := poll[bool](tb, `caches.match(new URL("app.wasm", location.href).href).then(r => !!r)`); err != nil {
		t.Fatalf("app.wasm is not kept after the first visit: %v", err)
	}

	// Returning: the server holds every /sw.js, so the check for a new deploy cannot finish.
	h := make(chan struct{})
	mu.Lock()
	hold = h
	mu.Unlock()
	before := s.count()
	tb.do(chromedp.Reload())
	tb.waitReady() // the server still holds sw.js
	for _, r := range s.since(before) {
		if r != "GET /sw.js" {
			t.Errorf("the returning visit asked the server for %s; the worker has it", r)
		}
	}
	sixCodes(t, quietAfterReady(t, tb, s, "returning visit"), "returning visit")
	mu.Lock()
	hold = nil
	mu.Unlock()
	close(h)
	if eval[bool](tb, `document.getElementById("update").checkVisibility()`) {
		t.Error("the returning visit offers a new version, but none was deployed")
	}

	// A new deploy: a changed index.html is a new version.
	deployed := deploySecond(t, dir)
	before = s.count()
	tb.do(chromedp.Reload())
	tb.waitReady()
	if eval[bool](tb, deployed) {
		t.Error("the visit that found the new deploy shows it at once; the page should be all of the kept version")
	}
	if _, err := poll[bool](tb, `document.getElementById("update").checkVisibility()`); err != nil {
		t.Fatalf("the page does not offer the new version: %v", err)
	}
	got := strings.Join(s.since(before), "\n")
	if !strings.Contains(got, "GET /app.wasm") || !strings.Contains(got, "GET /\n") {
		t.Errorf("the new version's install did not keep the page and app.wasm: %q", got)
	}
	sixCodes(t, tb.run(), "the visit that installed a new deploy")

	reloadToNewVersion(t, tb, deployed)
	if eval[bool](tb, `document.getElementById("update").checkVisibility()`) {
		t.Error("the new version offers itself again")
	}

	goOffline(tb, s)
	tb.do(chromedp.Reload())
	tb.waitReady()
	if !eval[bool](tb, deployed) {
		t.Error("offline, the page is not the new version")
	}
	sixCodes(t, quietAfterReady(t, tb, s, "offline, new version"), "offline, new version")
}

// deploySecond deploys a second version into dir, index.html with a marker, and returns the
// JavaScript condition that the page is that version.
func deploySecond(t *testing.T, dir string) (deployed string) {
	t.Helper()
	const marker = `<meta name="deploy" content="second">`
	index, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(index), "<head>\n", "<head>\n"+marker+"\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	return `!!document.querySelector('meta[name="deploy"]')`
}

// reloadToNewVersion presses the notice's Reload and waits until the page is the new version
// (deployed) and ready.
func reloadToNewVersion(t *testing.T, tb *tab, deployed string) {
	t.Helper()
	tb.do(chromedp.Click(chromedp.ID("update-reload")))
	// The click starts a navigation: the old document's context goes away under the poll.
	for {
		now, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](deployed+` && document.documentElement.dataset.ready === "true"`))
		if err == nil && now {
			break
		}
		if tb.ctx.Err() != nil {
			t.Fatalf("Reload did not open the new version (%v)", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.waitReady()
}

// copyPageFiles copies the files of the built web directory (not its Go sources or tests).
func copyPageFiles(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestUpdateNoticeFits shows the new-version notice (as the loader does when a new deploy has
// installed) at each width and colour scheme: it must fit the window, its Reload button must be
// reachable by keyboard, and its screenshots go to artifacts/ for a reader to judge.
func TestUpdateNoticeFits(t *testing.T) {
	eachView(t, 700, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("update").hidden = false`))
		box := eval[[]float64](tb, `(() => { const r = document.getElementById("update").getBoundingClientRect(); return [r.left, r.right]; })()`)
		if box[0] < 0 || box[1] > float64(width) {
			t.Errorf("the notice spans %v px in a %d px window", box, width)
		}
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
			t.Errorf("with the notice the page is %d px wide in a %d px window", w, width)
		}
		tb.do(chromedp.Focus(chromedp.ID("update-reload")))
		if !eval[bool](tb, `document.activeElement && document.activeElement.id === "update-reload"`) {
			t.Error("the notice's Reload button cannot take the keyboard focus")
		}
		tb.screenshot("update-notice-"+strconv.FormatInt(width, 10)+"-"+scheme+".png", chromedp.Screenshot(chromedp.ID("update")))
	})
}
