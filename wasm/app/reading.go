//go:build js

package main

// What is inside a result element, for the results table and the learner box alike: the hint as
// plain text, the field, what might puzzle a student explained, the observation laid out so that
// no line breaks inside a token, and two disclosures drawn only when opened: Why? (the call's
// steps, page.Why) and Over MCP (the tools/call exchange, lesson.Lab.MCP).

import (
	"strconv"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// readingEl is the inside of result r; key finds r again when a disclosure is opened. A
// mispredicted row's Why is drawn and open from the start.
func readingEl(r lesson.Result, key string, open bool) *dom.BasicHTMLElement {
	rd := page.Read(r)
	box := el("div", "reading")
	if rd.Hint != "" {
		p := el("p", "hint")
		appendChild(p, text("span", "label", "Hint "))
		appendChild(p, text("span", "", rd.Hint))
		appendChild(box, p)
	}
	if rd.Field != "" {
		p := el("p", "field")
		appendChild(p, text("span", "label", "Field "))
		appendChild(p, text("code", "", rd.Field))
		appendChild(box, p)
	}
	for _, n := range rd.Notes {
		appendChild(box, text("p", "explain", n))
	}
	pre := attrs(text("pre", "obs", rd.Layout), "tabindex", "0",
		"aria-label", "Observation JSON: what the model receives")
	appendChild(box, pre)
	appendChild(box, whyEl(key, func() ([]page.WhyStep, string) { return page.Why(r.Trace), r.Code }, open))
	mcp := attrs(el("details", "mcp"), "data-key", key)
	appendChild(mcp, text("summary", "", "Over MCP"))
	appendChild(box, mcp)
	return box
}

// fillWhy draws the lines of a Why disclosure, once: a call's steps, a loop step's or a vendor
// response's (page.WhyFor). The line that decided is marked and ends with its outcome: the code,
// or the loop's decision. One renderer for every panel, so they read alike.
func fillWhy(d *dom.BasicHTMLElement, lines []page.WhyStep, outcome string) {
	d.SetAttribute("data-filled", "")
	ol := el("ol", "why-steps")
	for _, s := range lines {
		li := el("li", "")
		if !s.OK {
			li.Class().Add("decided")
		}
		rule := attrs(text("button", "rule link", s.Rule), "type", "button", "data-target", s.Target)
		if s.Alt != "" {
			rule.SetAttribute("data-alt", s.Alt)
		}
		appendChild(li, rule)
		appendChild(li, text("span", "", " "+s.Text))
		if !s.OK {
			appendChild(li, text("strong", "", " → "+outcome))
		}
		appendChild(ol, li)
	}
	appendChild(d, ol)
}

// whyEl is a closed Why disclosure that wireReadings draws from the result key finds; open draws
// it now and opens it.
func whyEl(key string, lines func() ([]page.WhyStep, string), open bool) *dom.BasicHTMLElement {
	why := attrs(el("details", "why"), "data-key", key)
	appendChild(why, text("summary", "", "Why?"))
	if open {
		l, outcome := lines()
		fillWhy(why, l, outcome)
		why.SetAttribute("open", "")
	}
	return why
}

// wireReadings makes the disclosures inside container work: find(key) is the result a key names.
// Opening a disclosure draws it; a rule's name takes the reader to its switch or note.
func (a *app) wireReadings(container *dom.BasicHTMLElement, find func(key string) (lesson.Result, bool)) {
	a.on(container, "click", func(ev *dom.BasicEvent) {
		t := target(ev)
		if b, ok := closest(t, "button.rule"); ok {
			a.goToRule(b.GetAttribute("data-target"), b.GetAttribute("data-alt"))
			return
		}
		s, ok := closest(t, "summary")
		if !ok {
			return
		}
		d := wrap(s.Underlying().Get("parentElement"))
		if d.HasAttribute("data-filled") {
			return
		}
		r, ok := find(d.GetAttribute("data-key"))
		if !ok {
			return
		}
		if d.Class().Contains("why") {
			fillWhy(d, page.WhyFor(r.Trace, r.Code), r.Code)
		} else if d.Class().Contains("mcp") {
			fillOnce(d, page.MCPLines(a.st.MCP(r))...)
		}
	})
}

// goToRule shows the switch, lesson note or catalog entry that explains a rule: id, or alt when
// the page does not show id (a catalog entry of a code the table's tool does not declare, a panel
// an embed leaves out). A rule whose explanation the page shows nowhere goes nowhere.
func (a *app) goToRule(id, alt string) {
	for _, c := range []string{id, alt} {
		if e, ok := lookup(c); ok && c != "" {
			if e, shown := a.uncover(e); shown {
				show(e, "center")
				return
			}
		}
	}
}

// uncover opens what hides e (the lesson notes, the folds around it) and reports whether it is
// then on screen. For a note while the student predicts, it is the sentence that stands in.
func (a *app) uncover(e *dom.BasicHTMLElement) (*dom.BasicHTMLElement, bool) {
	// While the student predicts, the note cards are hidden (they give the answers away): the
	// sentence that says when they open stands in for the note.
	if cards, ok := lookup("notes-cards"); ok && cards.HasAttribute("hidden") && contains(cards, e) {
		if w, ok := lookup("notes-wait"); ok {
			e = w
		}
	}
	if _, inNotes := closest(e, "#notes-body"); inNotes {
		a.setNotesOpen(true)
	}
	// A switch sits in a folded panel: unfold every closed disclosure around the target.
	for {
		d, ok := closest(e, "details:not([open])")
		if !ok {
			break
		}
		d.SetAttribute("open", "")
	}
	return e, e.Underlying().Call("getClientRects").Length() > 0
}

// rowKey is the key of the results table's row i.
func rowKey(i int) string { return strconv.Itoa(i) }
