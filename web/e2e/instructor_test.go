package e2e

// The instructor's side of the classroom: the answers kept with the instructor, a worksheet and
// an answer key by name, the question that follows the table, and the locks kept in the saved copy.

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// A reload keeps the predictions Run locked: on the page (its saved copy) and in an embed framed
// from another site (whose link opens the same worksheet again), a row run before the reload is
// still locked after it and the score does not rise.
func TestLocksKeptOnReload(t *testing.T) {
	check := func(t *testing.T, tb *tab, when string) {
		t.Helper()
		for i := 0; i < 6; i++ {
			if !eval[bool](tb, `document.getElementById("row-`+strconv.Itoa(i)+`-want").disabled`) {
				t.Errorf("%s: row %d's prediction is not locked", when, i+1)
			}
		}
		tb.do(pick(1, "ok"))
		if w := eval[[]string](tb, wants); strings.Join(w, ",") != "ok,,,,," {
			t.Errorf("%s: the predictions are %q, want only row 1's", when, w)
		}
	}
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(pick(0, "ok"))
		runTable(t, tb, 6)
		tb.open("/")
		check(t, tb, "after a reload")
		tb.screenshot("instructor-locks-reload-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.Screenshot(chromedp.ID("panel-table")))
	})
	// The embed code carries the worksheet in its link; so does one without a table= (the
	// lesson's table, opened from the embed's saved copy).
	for name, frag := range map[string]string{
		"embed-link":   "table=" + lesson.EncodeShare(lesson.Worksheet(lesson.Classroom())) + "%26",
		"embed-lesson": "mode=predict%26",
	} {
		t.Run(name, func(t *testing.T) {
			cs := newCourseSite(t)
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(360, 740))
			tb.do(chromedp.Navigate(cs.a + "/?frag=" + frag + "origins=" + cs.a))
			fr := frame(tb)
			fr.waitReady()
			fr.do(pick(0, "ok"))
			runTable(t, fr, 6)
			tb.do(chromedp.Reload())
			fr = frame(tb)
			fr.waitReady()
			check(t, fr, "after the course page reloaded")
		})
	}
}
