package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Run in an embed framed by a course page on another site brings the score and the first wrong
// row into the course page's window: with host.js by its scroll message, without it by the
// score beside Run.
func TestEmbedRunInView(t *testing.T) {
	cs := newCourseSite(t)
	for _, c := range []struct {
		name, query string
		width, h    int64
	}{{"host.js-1280", "", 1280, 800}, {"host.js-360", "", 360, 740}, {"no-script-360", "&nohost=1&h=1329", 360, 740}, {"no-script-1280", "&nohost=1&h=1329", 1280, 800}} {
		t.Run(c.name, func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(c.width, c.h))
			tb.do(chromedp.Navigate(cs.a + "/?frag=" + "mode=predict%26origins=" + cs.a + c.query))
			waitMessage(tb, `d => d.type === "coerce-playground:height"`)
			fr := frame(tb)
			fr.waitReady()
			for i, code := range []string{"ok", "ok", "invalid_args", "invalid_args", "ok", "not_found"} {
				fr.do(pick(i, code))
			}
			fr.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("run").scrollIntoView({block: "center"})`))
			fr.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("run").click()`))
			// Waits on what happens, not on the clock: the score beside Run, then (with host.js)
			// the scroll message and the course page's smooth scroll to its end.
			if _, err := poll[bool](fr, `document.getElementById("run-score").textContent.includes("right")`); err != nil {
				t.Fatalf("no score beside Run: %v", err)
			}
			if c.query == "" {
				waitMessage(tb, `d => d.type === "coerce-playground:scroll"`)
			}
			tb.scrollSettled()
			scoreTop, scoreBottom := frameBox(fr, "#score")
			wrongTop, _ := frameBox(fr, "#results > tr.fail")
			runTop, runBottom := frameBox(fr, "#run-score")
			scoreShown := eval[bool](tb, inHostWindow(scoreTop, scoreBottom)) && eval[bool](tb, inHostWindow(wrongTop, wrongTop+40))
			besideRun := eval[bool](tb, inHostWindow(runTop, runBottom)) && strings.Contains(eval[string](fr, `document.getElementById("run-score").textContent`), "5 of 6 right")
			if c.query == "" && !scoreShown {
				t.Errorf("with host.js the score (%v to %v in the frame) and the first wrong row (%v) are not in the course page's window (frame at %v)",
					scoreTop, scoreBottom, wrongTop, eval[float64](tb, `document.getElementById("pg").getBoundingClientRect().top`))
			}
			if !scoreShown && !besideRun {
				t.Errorf("neither the score (%v to %v, wrong row %v) nor the line beside Run (%v to %v) is in the course page's window (frame at %v, window %v)",
					scoreTop, scoreBottom, wrongTop, runTop, runBottom, eval[float64](tb, `document.getElementById("pg").getBoundingClientRect().top`), eval[float64](tb, `innerHeight`))
			}
			tb.screenshot("classroom-embed-run-"+c.name+".png", chromedp.CaptureScreenshot())
		})
	}
}
