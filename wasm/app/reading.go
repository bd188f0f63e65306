//go:build js

package main

// The readings inside result elements, for the results table, the learner box, the loop and the
// vendor responses alike: their markup is page.ReadingView (with its Why); this file draws the
// two disclosures drawn only when opened, Why? (page.WhyLines) and Over MCP (page.MCPLines), and
// makes a rule's name lead to where the page explains it.

import (
	"strconv"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// wireReadings makes the disclosures inside container work: find(key) is the result a key names.
// Opening a disclosure draws it; a rule's name takes the reader to its switch or note.
func (a *app) wireReadings(container *dom.BasicHTMLElement, find func(key string) (lesson.Result, bool)) {
	a.on(container, "click", func(ev *dom.BasicEvent) {
		t := target(ev)
		if b, ok := closest(t, "button.rule"); ok {
			from := container.ID() // the learner box, the loop, the vendor responses
			if tr, ok := closest(b, "tr[id^='result-']"); ok {
				from = tr.ID() // a result's row
			}
			if shown, ok := a.goToRule(b.GetAttribute("data-target"), b.GetAttribute("data-alt")); ok {
				a.backToRule(shown, from, b)
			}
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
			fillOnce(d, page.WhyLines(page.WhyFor(r.Trace, r.Code), string(r.Code)))
		} else if d.Class().Contains("mcp") {
			fillOnce(d, page.MCPLines(a.st.MCP(r))...)
		}
	})
}

// goToRule shows the switch, lesson note or catalog entry that explains a rule: id, or alt when
// the page does not show id (a catalog entry of a code the table's tool does not declare, a panel
// an embed leaves out), and returns what it showed. A rule whose explanation the page shows
// nowhere goes nowhere.
func (a *app) goToRule(id, alt string) (*dom.BasicHTMLElement, bool) {
	for _, c := range []string{id, alt} {
		if e, ok := lookup(c); ok && c != "" {
			if e, shown := a.uncover(e); shown {
				show(e, "center")
				a.hostShow(e)
				return e, true
			}
		}
	}
	return nil, false
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
