package e2e

// Nothing moves while the page starts: the loading state takes no layout, the embed is drawn
// before its app runs, and the app attaches to what the build wrote instead of drawing it again.
// Cumulative Layout Shift is what Lighthouse and the Web Vitals measure; here every shift counts,
// not only the worst session window.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/web"
)

// shiftsJS resolves with every layout shift since the document started (the layout-shift entries
// are buffered), each as its value and the elements it moved with their top and height before
// and after, once two frames have passed and the page has nothing left to do (an idle period: any
// work the app queued just after ready has run, and its frames are painted).
const shiftsJS = `new Promise(resolve => {
	const out = [];
	new PerformanceObserver(list => {
		for (const e of list.getEntries()) {
			if (e.hadRecentInput) continue;
			const els = (e.sources || []).map(s => s.node ? (s.node.id ? "#" + s.node.id : (s.node.className ? "." + String(s.node.className).split(" ")[0] : s.node.nodeName)) +
				" top " + Math.round(s.previousRect.y) + "→" + Math.round(s.currentRect.y) + " height " + Math.round(s.previousRect.height) + "→" + Math.round(s.currentRect.height) : "?");
			out.push(e.value.toFixed(4) + " at " + Math.round(e.startTime) + " ms: " + els.join(", "));
		}
	}).observe({type: "layout-shift", buffered: true});
	requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(out))));
})`

// views are the sizes the page is judged at: the phone Lighthouse emulates (412), the narrowest
// phone the page supports (360) and a laptop.
var views = []struct{ w, h int64 }{{360, 740}, {412, 823}, {1280, 800}}

// cpuSlowdowns are the speeds the start is judged at: this machine's, and six times slower (a
// school laptop, or a CI machine under load), where the browser paints between the parser's
// slices of the page and sees it half parsed.
var cpuSlowdowns = []float64{1, 6}

// The page and the embed, at each width, colour scheme and CPU speed, shift nothing from the
// first paint until every panel is built, on a first visit.
func TestNoLayoutShift(t *testing.T) {
	site := siteServer(t)
	for _, slow := range cpuSlowdowns {
		for _, doc := range []string{"/", "/embed.html", "/embed.html#panels=table,results,learner,catalog&theme=dark&readonly=1"} {
			for _, v := range views {
				for _, scheme := range []string{"light", "dark"} {
					name := strings.NewReplacer("/", "", "#", "-", "&", "-", "=", "-", ",", "-").Replace(doc)
					if name == "" {
						name = "page"
					}
					t.Run("cpu"+strconv.FormatFloat(slow, 'g', -1, 64)+"x/"+name+"/"+scheme+"-"+strconv.FormatInt(v.w, 10), func(t *testing.T) {
						tb := newTab(t)
						tb.do(chromedp.EmulateViewport(v.w, v.h))
						tb.media([2]string{"prefers-color-scheme", scheme})
						tb.slowCPU(slow)
						tb.navigateNoWait(site.URL + doc)
						tb.waitReady()
						if shifts := layoutShifts(tb); len(shifts) > 0 {
							t.Errorf("%s at %d×%d, %s, CPU %g× slower: %d layout shifts:\n%s", doc, v.w, v.h, scheme, slow, len(shifts), strings.Join(shifts, "\n"))
						}
					})
				}
			}
		}
	}
}

// slowCPU makes the tab's CPU rate times slower (1: as fast as this machine).
func (tb *tab) slowCPU(rate float64) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
		return err
	}))
}

// layoutShifts reads the shifts once the page is idle after ready.
func layoutShifts(tb *tab) []string {
	tb.t.Helper()
	shifts, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](shiftsJS, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatal(err)
	}
	return shifts
}

// siteServer serves the page as serve.go does, with the embed page (web.Site); over, when given,
// handles app.wasm instead.
func siteServer(t testing.TB, over ...http.HandlerFunc) *httptest.Server {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	site := web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/app.wasm" && len(over) > 0 {
			over[0](w, r)
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// index.html's inline script reads the embed options that change the layout before the first
// paint; the app reads them again when it starts. For each fragment the two agree on every
// attribute, so the app's start changes nothing on screen.
func TestEmbedOptionsBeforeTheApp(t *testing.T) {
	release := make(chan struct{})
	site := siteServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}).ServeHTTP(w, r)
	})
	check := lesson.Opening()
	check.Mode = "" // an instructor's table, shown with its answers
	checkLink := "table=" + lesson.EncodeShare(check)
	const attrs = `["data-show", "data-theme", "data-readonly", "data-student"].map(a => a + "=" + document.documentElement.getAttribute(a)).join(" ")`
	for _, c := range []struct{ frag, want string }{
		{"", "data-show=table results learner data-theme=null data-readonly=null data-student="},
		{"panels=catalog,%20Table,,catalog", "data-show=catalog table data-theme=null data-readonly=null data-student="},
		{"panels=nothing", "data-show=table results learner data-theme=null data-readonly=null data-student="},
		{"panels=loop&panels=bogus&theme=dark&readonly=1", "data-show=loop data-theme=dark data-readonly= data-student="},
		{"theme=dark&theme=auto&readonly=true&readonly=0", "data-show=table results learner data-theme=null data-readonly=null data-student="},
		{"theme=light&panels=schema%2Cnotes&mode=predict", "data-show=schema notes data-theme=light data-readonly=null data-student="},
		{"panels=%zz&theme=sepia", "data-show=table results learner data-theme=null data-readonly=null data-student="},
		{checkLink, "data-show=table results learner data-theme=null data-readonly=null data-student=null"},
		{checkLink + "&student=1", "data-show=table results learner data-theme=null data-readonly=null data-student="},
		{checkLink + "&mode=predict&mode=check", "data-show=table results learner data-theme=null data-readonly=null data-student=null"},
	} {
		tb := newTab(t)
		tb.navigateNoWait(site.URL + "/embed.html#" + c.frag)
		before := eval[string](tb, attrs)
		if before != c.want {
			t.Errorf("#%s: before the app, %s; want %s", c.frag, before, c.want)
		}
	}
	close(release)
	for _, c := range []string{"", "panels=catalog,%20Table,,catalog", "panels=loop&panels=bogus&theme=dark&readonly=1",
		"theme=dark&theme=auto&readonly=true&readonly=0", "theme=light&panels=schema%2Cnotes&mode=predict",
		checkLink, checkLink + "&student=1", checkLink + "&mode=predict&mode=check"} {
		tb := newTab(t)
		tb.navigateNoWait(site.URL + "/embed.html#" + c)
		before := eval[string](tb, attrs)
		tb.waitReady()
		if after := eval[string](tb, attrs); after != before {
			t.Errorf("#%s: the inline script set %s, the app %s", c, before, after)
		}
	}
}

// The student's first screen holds the question, the lesson's table and Run, at a phone's size as
// at a laptop's: nothing to scroll to before the first Run.
func TestRunInFirstScreen(t *testing.T) {
	for _, v := range []struct{ w, h int64 }{{360, 740}, {1280, 800}} {
		t.Run(strconv.FormatInt(v.w, 10), func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(v.w, v.h))
			tb.open("/")
			got := eval[[]float64](tb, `(() => { const r = document.getElementById("run").getBoundingClientRect();
				return [r.top, r.bottom, innerHeight, scrollY]; })()`)
			if got[3] != 0 || got[0] < 0 || got[1] > got[2] {
				t.Errorf("at %d×%d Run spans %.0f to %.0f px of a %.0f px window (scrolled %.0f)", v.w, v.h, got[0], got[1], got[2], got[3])
			}
		})
	}
}

// The inline script knows every panel embed.Panels declares, and no other: a panel added there
// and not here would be hidden until the app starts, then appear.
func TestInlineScriptKnowsThePanels(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(moduleRoot, "web", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`var known = " ([a-z ]+) ";`).FindSubmatch(index)
	if m == nil {
		t.Fatal("index.html's inline script has no list of known panels")
	}
	var ids []string
	for _, p := range embed.Panels {
		ids = append(ids, p.ID)
	}
	if got, want := string(m[1]), strings.Join(ids, " "); got != want {
		t.Errorf("the inline script knows the panels %q; embed.Panels are %q", got, want)
	}
}
