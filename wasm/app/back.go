//go:build js

package main

// The ways back from a detour (page.BackToNote, page.BackToRule): one line at a time of each,
// which goes away once followed.

import (
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// backLine builds line, a way back whose element id is id, in place of the previous one; its
// button calls back and takes the line away. The caller puts the line in the page.
func (a *app) backLine(id string, line page.Node, back func()) *dom.BasicHTMLElement {
	if old, ok := lookup(id); ok {
		old.Remove()
	}
	el := buildEl(line)
	a.on(wrap(el.Underlying().Get("firstElementChild")), "click", func(*dom.BasicEvent) {
		el.Remove()
		back()
	})
	return el
}

// backToRule leaves, where a Why rule took the reader (shown, which has the focus), the way back
// to the reading it came from (page.BackToRule): from is the id of the result's row or of the
// panel that held the rule, and rule the rule's button. It is the keyboard's next stop: after a
// note's heading, after a switch's label, else at the end of shown. Following it puts the focus
// back on the rule, or on its row when the results were drawn again since.
func (a *app) backToRule(shown *dom.BasicHTMLElement, from string, rule *dom.BasicHTMLElement) {
	line := a.backLine("back-to-rule", page.BackToRule(from), func() {
		back := rule
		if !rule.Underlying().Get("isConnected").Bool() {
			var ok bool
			if back, ok = lookup(from); !ok {
				return
			}
			back.Class().Add("open") // a right row starts folded (style.css)
			show(back, "center")
		} else {
			bringIntoView(back, "center")
			back.Underlying().Call("focus", map[string]any{"preventScroll": true})
		}
		a.hostShow(back)
	})
	switch heading := shown.Underlying().Call("querySelector", "h3"); {
	case !heading.IsNull():
		heading.Call("after", line.Underlying())
	case shown.TagName() == "INPUT":
		if label, ok := closest(shown, "label"); ok {
			label.Underlying().Call("after", line.Underlying())
			return
		}
		shown.Underlying().Call("after", line.Underlying())
	default:
		appendChild(shown, line)
	}
}
