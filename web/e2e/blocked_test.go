package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/wasm/page"
)

// Browsers that refuse storage, as students' and course sites' browsers do.
// Each test here starts a Chromium of its own, because the refusal is a
// setting of the whole profile.
const (
	// thirdParty blocks third-party cookies and turns storage partitioning
	// off, so a frame on another site than its top page has no storage at
	// all: reading localStorage throws a SecurityError.
	thirdParty = "third-party"
	// siteData blocks all site data (cookies=2, "Don't allow sites to save
	// data"): localStorage throws even in a top-level page.
	siteData = "site-data"
)

var blockPrefs = map[string]string{
	thirdParty: `{"profile":{"cookie_controls_mode":1,"block_third_party_cookies":true}}`,
	siteData:   `{"profile":{"default_content_setting_values":{"cookies":2}}}`,
}

// blockedTab opens the first tab of a new Chromium whose profile blocks
// storage as block says.
func blockedTab(t *testing.T, block string) *tab {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	profile := t.TempDir()
	if err := os.MkdirAll(filepath.Join(profile, "Default"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(profile, "Default", "Preferences"), []byte(blockPrefs[block]), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := browserOptions(findBrowser(), profile)
	if block == thirdParty {
		opts = append(opts,
			chromedp.Flag("test-third-party-cookie-phaseout", true),
			chromedp.Flag("disable-features", "ThirdPartyStoragePartitioning"))
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	return openTab(t, allocCtx, cancelAlloc)
}

// probeJS tries localStorage in the current document.
const probeJS = `(() => { try { localStorage.getItem("x"); return "allowed"; } catch (e) { return "threw " + e.name; } })()`

// A course page on another site frames the playground in a browser that
// gives such frames no storage: the embed runs, says once that it will not
// keep the table, and answers the host as usual.
func TestEmbedThirdPartyStorageBlocked(t *testing.T) {
	cs := newCourseSite(t)
	tb := blockedTab(t, thirdParty)
	embedAPI(t, tb, cs)
	// The browser refuses storage to a frame of the playground's origin, or
	// this test would prove nothing.
	probe, err := poll[string](tb, `probe`)
	if err != nil || probe != "threw SecurityError" {
		t.Fatalf("localStorage in a cross-site frame: %q (%v), want it to throw a SecurityError", probe, err)
	}
	if got := eval[string](frame(tb), probeJS); got != "threw SecurityError" {
		t.Fatalf("localStorage in the playground frame: %s, want it to throw a SecurityError", got)
	}
	fr := frame(tb)
	status := `document.getElementById("storage-status")`
	if got := eval[string](fr, status+`.textContent`); got != page.StorageRefused || eval[bool](fr, status+`.hidden`) {
		t.Errorf("storage line in the frame = %q, want %q shown", got, page.StorageRefused)
	}
	if got := inFrame(tb, "#storage-status", "role"); got != "status" {
		t.Errorf("storage line role = %q", got)
	}
}

// A course page not listed in origins= is ignored in the same browser.
func TestEmbedThirdPartyStorageBlockedIgnores(t *testing.T) {
	cs := newCourseSite(t)
	embedIgnores(t, blockedTab(t, thirdParty), cs)
}

// A student whose browser blocks all site data opens the playground itself:
// it starts, says once that it will not keep the table, and edits, runs and
// copies links without losing anything typed.
func TestSiteDataBlocked(t *testing.T) {
	tb := blockedTab(t, siteData)
	tb.open("/")
	if got := eval[string](tb, probeJS); got != "threw SecurityError" {
		t.Fatalf("localStorage at the top level: %s, want it to throw a SecurityError", got)
	}
	status := `document.getElementById("storage-status")`
	if got := eval[string](tb, status+`.textContent`); got != page.StorageRefused || eval[bool](tb, status+`.hidden`) {
		t.Errorf("storage line %q (hidden %v), want %q", got, eval[bool](tb, status+`.hidden`), page.StorageRefused)
	}
	// The notice banner is for news, not for this.
	if n := eval[string](tb, `document.getElementById("notice-text").textContent`); strings.Contains(n, "keep") {
		t.Errorf("the notice repeats the storage line: %q", n)
	}
	for _, v := range []string{"41", "42"} {
		tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), v))
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-input").dispatchEvent(new Event("input", {bubbles: true}))`))
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("run").click()`))
	if got := eval[string](tb, `document.querySelector("#results > tr").dataset.code`); got == "" {
		t.Error("no results after Run")
	}
	if got := eval[[]row](tb, readRows); len(got) == 0 || got[0].Input != "42" {
		t.Errorf("the table after edits: %+v", got)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("copy-link").click()`))
	if link := eval[string](tb, `document.getElementById("share-url").value`); !strings.Contains(link, "#table=") {
		t.Errorf("share link %q; notice %q", link, eval[string](tb, `document.getElementById("notice-text").textContent`))
	}
	if got := eval[string](tb, status+`.textContent`); got != page.StorageRefused {
		t.Errorf("storage line after edits %q", got)
	}
}

// fillStorage fills the page's localStorage until it refuses even a byte and
// returns how many characters it stored.
const fillStorage = `(() => {
  let n = 0;
  for (let size = 1 << 20, i = 0; size >= 1; ) {
    try { localStorage.setItem("junk-" + i++, "x".repeat(size)); n += size; } catch (e) { size >>= 1; }
  }
  return n;
})()`

// A full store is a failed save, told on each change and tried again on the
// next: when room comes back, the next change is saved and the page says so.
func TestSaveWhenStorageFull(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	if n := eval[int](tb, fillStorage); n < 1<<20 {
		t.Fatalf("filled only %d characters", n)
	}
	status := `document.getElementById("storage-status")`
	edit := func(v string) {
		tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), v))
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-input").dispatchEvent(new Event("input", {bubbles: true}))`))
	}
	saved := `localStorage.getItem("` + page.StorageKey + `") || ""`
	for _, v := range []string{"41", "42"} {
		edit(v)
		if got := eval[string](tb, status+`.textContent`); got != page.StorageFull || eval[bool](tb, status+`.hidden`) {
			t.Fatalf("after edit %s with storage full: line %q, want %q", v, got, page.StorageFull)
		}
		if got := eval[string](tb, saved); got != "" {
			t.Fatalf("something was saved with storage full: %q", got)
		}
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`Object.keys(localStorage).filter(k => k.startsWith("junk-")).forEach(k => localStorage.removeItem(k))`))
	edit("43")
	if got := eval[string](tb, status+`.textContent`); got != page.StorageAgain {
		t.Errorf("after room came back: line %q, want %q", got, page.StorageAgain)
	}
	if got := eval[string](tb, saved); got == "" {
		t.Error("nothing saved after room came back")
	}
	tb.open("/")
	if got := eval[[]row](tb, readRows); len(got) == 0 || got[0].Input != "43" {
		t.Errorf("after reload the table is %+v", got)
	}
	if !eval[bool](tb, status+`.hidden`) {
		t.Errorf("after reload the storage line shows %q", eval[string](tb, status+`.textContent`))
	}
}
