package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// inView reports whether the element sel names lies inside the window.
func inView(sel string) string {
	return `(e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })(document.querySelector(` + strconv.Quote(sel) + `))`
}

// A Why rule's name takes the reader to the note that explains it and leaves there "Back to row
// N", the keyboard's next stop; following it puts the focus back on the rule, in view, and the
// link goes away. By keyboard alone, at 1280 and 360 px, light and dark.
func TestWhyRuleLeadsBackToItsRow(t *testing.T) {
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(pick(2, "ok")) // row 3, -1, is invalid_args: a wrong row, which stays open
		runTable(t, tb, 6)
		const rule = `#result-3 details.why button.rule`
		if !eval[bool](tb, `document.querySelector("#result-3 details.why").open`) {
			tb.do(chromedp.Click(`#result-3 details.why > summary`))
		}
		tb.do(chromedp.WaitVisible(rule), chromedp.Focus(rule))
		if got := eval[string](tb, `document.activeElement.textContent`); got != "Strict JSON parse" {
			t.Fatalf("row 3's first rule is %q", got)
		}
		tb.do(chromedp.KeyEvent(kb.Enter))
		if id, err := poll[string](tb, `document.activeElement.id === "note-02-never-coerced" ? "note-02-never-coerced" : ""`); err != nil {
			t.Fatalf("the rule took the focus to #%s (%v), want the note", eval[string](tb, `document.activeElement.id`), id)
		}
		if got := eval[string](tb, `(e => e && e.checkVisibility() ? e.textContent : "")(document.getElementById("back-to-rule"))`); got != "↩ Back to row 3" {
			t.Fatalf("beside the note: %q, want ↩ Back to row 3", got)
		}
		if !eval[bool](tb, inView("#back-to-rule button")) {
			t.Error("Back to row 3 is out of the window")
		}
		tb.screenshot("why-back-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
		tb.do(chromedp.KeyEvent(kb.Tab))
		if !eval[bool](tb, `document.activeElement.matches("#back-to-rule button")`) {
			t.Fatalf("Tab from the note reaches %s, want Back to row 3", eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		tb.do(chromedp.KeyEvent(kb.Enter))
		if _, err := poll[bool](tb, `document.activeElement.matches(`+strconv.Quote(rule)+`) && document.activeElement.textContent === "Strict JSON parse"`); err != nil {
			t.Fatalf("Back to row 3 took the focus to %s", eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		if !eval[bool](tb, inView(rule)) || eval[bool](tb, `!!document.getElementById("back-to-rule")`) {
			t.Errorf("back on the rule: in view %v, the link still there %v", eval[bool](tb, inView(rule)), eval[bool](tb, `!!document.getElementById("back-to-rule")`))
		}
		// The rule is still a stop of the keyboard: Shift+Tab and Tab come back to it.
		tb.do(chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
		if !eval[bool](tb, `document.activeElement.matches(`+strconv.Quote(rule)+`)`) {
			t.Errorf("Tab, Shift+Tab from the rule lands on %s", eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
		}
		// A rule explained by a switch, in a folded panel: the way back follows the switch's label.
		const digits = `#result-1 details.why button.rule[data-target="switch-digit_strings"]`
		// Row 2 may be folded to one line (a right row, or in predict mode an unpredicted one): open it.
		if eval[bool](tb, `(r => r.classList.contains("folds") && !r.classList.contains("open"))(document.getElementById("result-1"))`) {
			tb.do(chromedp.Click(`#result-1 button.expand`))
		}
		if !eval[bool](tb, `document.querySelector("#result-1 details.why").open`) {
			tb.do(chromedp.Click(`#result-1 details.why > summary`))
		}
		tb.do(chromedp.WaitVisible(digits), chromedp.Focus(digits), chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.Tab))
		if got := eval[string](tb, `document.activeElement.closest("#back-to-rule") ? document.activeElement.textContent : document.activeElement.outerHTML.slice(0, 80)`); got != "↩ Back to row 1" {
			t.Fatalf("Tab from the switch reaches %s, want ↩ Back to row 1", got)
		}
		tb.do(chromedp.KeyEvent(kb.Enter))
		if !eval[bool](tb, `document.activeElement.matches(`+strconv.Quote(digits)+`)`) || !eval[bool](tb, inView(digits)) {
			t.Errorf("Back to row 1 took the focus to %s", eval[string](tb, `document.activeElement.outerHTML.slice(0, 80)`))
		}
	})
}
