package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// A course page on another site frames the lesson notes without Try your own (predict mode) or
// without the results (check mode). A row's Try it then says its result in its note's card, with
// the focus and the course page's window there, and changes neither the table nor the score;
// no Try it leads to a panel the embed leaves out.
func TestEmbedNotesTryWithoutLearner(t *testing.T) {
	cs := newCourseSite(t)
	check := lesson.Classroom()
	for _, c := range []struct{ name, frag string }{
		{"predict", "mode=predict&panels=table,results,notes"},
		{"check", "panels=table,notes&table=" + lesson.EncodeShare(check)},
	} {
		t.Run(c.name, func(t *testing.T) {
			eachView(t, 740, func(t *testing.T, tb *tab, width int64, scheme string) {
				frag := c.frag + "&origins=" + cs.a
				tb.do(chromedp.Navigate(cs.a + "/?frag=" + strings.ReplaceAll(frag, "&", "%26")))
				waitMessage(tb, `d => d.type === "coerce-playground:height"`)
				fr := frame(tb)
				fr.waitReady()
				if c.name == "predict" {
					fr.do(pick(0, "ok"))
					runTable(t, fr, 6)
				}
				score := eval[string](fr, `(e => e ? e.textContent : "")(document.getElementById("score"))`)
				if eval[string](fr, `document.getElementById("notes-toggle").getAttribute("aria-expanded")`) != "true" {
					fr.do(chromedp.Click("#notes-toggle")) // folded on a narrow screen
				}
				offered := eval[[]string](fr, `[...document.querySelectorAll("#notes-cards button[data-try]")].filter(b => b.checkVisibility()).map(b => b.textContent)`)
				for _, n := range lesson.Notes() {
					for _, try := range n.Tries {
						if p := page.TryPanel(try); p != "" && !strings.Contains(c.frag, p) && slices.Contains(offered, page.TryLabel(try)) {
							t.Errorf("%s: %q is offered, but the embed leaves out the %s panel", c.name, page.TryLabel(try), p)
						}
					}
				}
				if !slices.Contains(offered, `Try "17" → ok`) {
					t.Fatalf("%s: the notes offer %q", c.name, offered)
				}
				const try = "note-01-narrow-map-try-0" // Try "17" → ok
				fr.do(chromedp.Focus("#"+try), chromedp.KeyEvent(kb.Enter))
				out := try + "-outcome"
				if _, err := poll[bool](fr, `document.activeElement.id === `+strconv.Quote(out)); err != nil {
					t.Fatalf("%s: the Try it took the focus to %s", c.name, eval[string](fr, `document.activeElement.outerHTML.slice(0, 80)`))
				}
				if got := eval[string](fr, `(e => e.checkVisibility() ? e.textContent : "")(document.getElementById(`+strconv.Quote(out)+`))`); got != "get_job answered ok, as the note says." {
					t.Errorf("%s: the card says %q", c.name, got)
				}
				// The course page brought the card's sentence into its window (host.js obeys the scroll).
				// The card's place in the frame is read again each time: the frame may still be laying out.
				inView := func() bool {
					top := eval[float64](fr, `document.getElementById(`+strconv.Quote(out)+`).getBoundingClientRect().top + scrollY`)
					return eval[bool](tb, `(y => y >= 0 && y <= innerHeight - 20)(document.getElementById("pg").getBoundingClientRect().top + `+strconv.FormatFloat(top, 'f', 0, 64)+`)`)
				}
				for !inView() && tb.ctx.Err() == nil {
					tb.do(chromedp.Sleep(100 * time.Millisecond))
				}
				if !inView() {
					t.Errorf("%s: the card's sentence is not in the course page's window", c.name)
				}
				if rows := eval[int](fr, `document.querySelectorAll("#rows > tr[data-row]").length`); rows != 6 {
					t.Errorf("%s: the table has %d rows after the Try it, want its 6", c.name, rows)
				}
				if now := eval[string](fr, `(e => e ? e.textContent : "")(document.getElementById("score"))`); now != score {
					t.Errorf("%s: the score went from %q to %q", c.name, score, now)
				}
				if eval[bool](fr, `!!document.getElementById("back-to-note")`) {
					t.Errorf("%s: a way back to the note the reader never left", c.name)
				}
				tb.screenshot("embed-try-"+c.name+"-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
			})
		})
	}
}
