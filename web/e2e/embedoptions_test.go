package e2e

// The embed page's options in a course page, and the code Copy embed code writes.

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/web"
)

func TestEmbedOptionsAndScreenshots(t *testing.T) {
	cs := newCourseSite(t)
	for _, width := range []int64{1280, 360} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(scheme+"-"+strconv.FormatInt(width, 10), func(t *testing.T) {
				tb := newTab(t)
				tb.do(chromedp.EmulateViewport(width, 900))
				tb.media([2]string{"prefers-color-scheme", scheme})
				// The light reader gets a dark embed and the dark one a light
				// embed: theme= overrides the system setting.
				theme := map[string]string{"light": "dark", "dark": "light"}[scheme]
				frag := "readonly=1&panels=table,results,learner,catalog&theme=" + theme + "&origins=" + cs.a
				tb.do(chromedp.Navigate(cs.a + "/?frag=" + strings.ReplaceAll(frag, "&", "%26")))
				waitMessage(tb, `d => d.type === "coerce-playground:height"`)
				tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "run", id: 1})`))
				waitMessage(tb, `d => d.id === 1`)
				fr := frame(tb)
				for _, c := range []struct{ sel, attr, want string }{
					{"html", "data-theme", theme},
					{"html", "data-readonly", ""},
					{"#row-0-input", "readonly", ""},
				} {
					if v, err := chromedp.Run(fr.ctx, chromedp.AttributeValue(chromedp.CSS(c.sel), c.attr)); err != nil || !v.Exists || v.Value != c.want {
						t.Errorf("%s[%s] = %+v (%v), want %q", c.sel, c.attr, v, err, c.want)
					}
				}
				// The chrome and the read-only controls are hidden; the learner box is not. The
				// page's heading is there for assistive technology only.
				if w := eval[float64](fr, `document.querySelector("header.site").getBoundingClientRect().width`); w > 1 {
					t.Errorf("the page's header is %v px wide in the embed, want visually hidden", w)
				}
				if h1 := eval[string](fr, `[...document.querySelectorAll("h1")].map(h => h.textContent.trim()).join("|")`); h1 != "Coercion playground" {
					t.Errorf("the embed's level-one headings: %q", h1)
				}
				for sel, want := range map[string]bool{"#add-row": false, "#row-0-delete": false,
					"#learner-input": true, "#catalog": true, "#schema": false, "#copy-embed": false} {
					nodes, err := chromedp.Run(fr.ctx, chromedp.Nodes(chromedp.CSS(sel)))
					if err != nil || len(nodes) == 0 {
						t.Errorf("%s: %v", sel, err)
						continue
					}
					box, err := chromedp.Run(fr.ctx, chromedp.Dimensions(chromedp.CSS(sel)))
					shown := err == nil && box != nil && box.Width > 0
					if shown != want {
						t.Errorf("%s shown = %v, want %v", sel, shown, want)
					}
				}
				fr.do(chromedp.SendKeys(chromedp.CSS("#learner-input"), `"0017"`+"\n"))
				if _, err := poll[bool](tb, `document.getElementById("pg").height > 600`); err != nil {
					t.Errorf("the iframe was not resized: %v", err)
				}
				tb.screenshot("embed-"+strconv.FormatInt(width, 10)+"-"+scheme+"-system.png", chromedp.FullScreenshot(100))
			})
		}
	}
}

// Copy embed code writes the iframe for the current table, pointing at the
// embed page, and that snippet loads the same table.
func TestCopyEmbedCode(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.answers() // an instructor's table in check mode: it opens as it is, with no predict notice
	tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), "42"))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-input").dispatchEvent(new Event("input", {bubbles: true}))`))
	tb.instructor()
	tb.do(chromedp.Click(chromedp.ID("copy-embed")))
	snippet := eval[string](tb, `document.getElementById("embed-snippet").value`)
	if !strings.HasPrefix(snippet, `<iframe src="`+server.URL+`/embed.html#table=`) || !strings.Contains(snippet, `title="`+web.EmbedTitle+`"`) ||
		!strings.HasSuffix(snippet, "></iframe>\n"+`<script src="`+server.URL+`/host.js" defer></script>`) {
		t.Fatalf("snippet %s", snippet)
	}
	if st := eval[string](tb, `document.getElementById("embed-status").textContent`); st == "" {
		t.Error("no status after Copy embed code")
	}
	// How an instructor sees it on a phone.
	tb.do(chromedp.EmulateViewport(360, 780))
	tb.do(chromedp.ScrollIntoView(chromedp.ID("embed-code")))
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("with the embed code shown the page is %d px wide at 360 px", w)
	}
	tb.screenshot("copy-embed-360.png", chromedp.CaptureScreenshot())
	tb.media([2]string{"prefers-color-scheme", "dark"})
	tb.screenshot("copy-embed-360-dark.png", chromedp.CaptureScreenshot())
	tb.media()
	src := html.UnescapeString(strings.TrimPrefix(snippet, `<iframe src="`))
	src = src[:strings.Index(src, `"`)]
	fragment := src[strings.Index(src, "#"):]
	tb2 := newTab(t)
	tb2.open("/" + fragment)
	if got := eval[[]row](tb2, readRows); len(got) == 0 || got[0].Input != "42" {
		t.Errorf("the snippet's table opens as %+v", got)
	}
	if n := eval[string](tb2, `document.getElementById("notice-text").textContent`); !strings.Contains(n, "came from the link") {
		t.Errorf("the page opened from a link says %q", n)
	}
	// In the embed the table always comes from the link: no banner says so.
	cs := newCourseSite(t)
	tb3 := newTab(t)
	tb3.do(chromedp.Navigate(cs.play.URL + "/embed.html" + fragment))
	tb3.waitReady()
	if got := eval[[]row](tb3, readRows); len(got) == 0 || got[0].Input != "42" {
		t.Errorf("the embed's table opens as %+v", got)
	}
	if n := eval[string](tb3, `document.getElementById("notice-text").textContent`); strings.Contains(n, "came from the link") {
		t.Errorf("the embed shows the link banner: %q", n)
	}
}
