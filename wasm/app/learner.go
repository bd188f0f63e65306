//go:build js

package main

// The learner box, "Try your own": one input run against the table's tool, newest first. The
// history is the State's (page.State.Learner): it is saved with the table, comes back on a
// reload, and Clear empties it. Each result has Add to table (page.State.AddTried).

import (
	"strconv"
	"strings"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type learner struct {
	a       *app
	input   *dom.HTMLInputElement
	results *dom.BasicHTMLElement
	// shown maps an attempt's Seq to its element, for the attempts drawn.
	shown map[int]*dom.BasicHTMLElement
}

func initLearner(a *app) {
	p := &learner{a: a, input: &dom.HTMLInputElement{BasicHTMLElement: byID("learner-input")},
		results: byID("learner-results"), shown: map[int]*dom.BasicHTMLElement{}}
	a.on(byID("learner-run"), "click", func(*dom.BasicEvent) { p.run() })
	a.on(p.input.BasicHTMLElement, "keydown", func(ev *dom.BasicEvent) {
		k := keyboard(ev)
		// An Enter that confirms an input method's composition (typing "１７" or "٤٢", which the
		// lesson asks learners to try) is not a request to run yet.
		if k.Key() == "Enter" && !k.CtrlKey() && !k.MetaKey() && !k.ShiftKey() && !ev.Get("isComposing").Truthy() {
			ev.PreventDefault()
			p.run()
		}
	})
	a.wireReadings(p.results, func(key string) (lesson.Result, bool) {
		seq, err := strconv.Atoi(key)
		if err != nil {
			return lesson.Result{}, false
		}
		_, at, ok := a.st.AttemptBySeq(seq)
		return at.Result, ok
	})
	a.on(p.results, "click", func(ev *dom.BasicEvent) {
		if b, ok := closest(target(ev), "button.add-tried"); ok {
			p.add(b)
		}
	})
	a.on(byID("learner-clear"), "click", func(*dom.BasicEvent) {
		a.st.ClearLearner()
		p.input.Focus()
	})
	a.subscribe(func(ev page.Event) {
		if ev == page.LearnerChanged {
			p.render()
			a.save(a.st.Saved())
		}
	})
	p.render() // the history the saved copy brought back
}

func (p *learner) run() {
	in := p.input.Value()
	if strings.TrimSpace(in) == "" {
		p.input.Focus()
		return
	}
	refused := page.LearnerRefused(in)
	box, _ := closest(p.input.BasicHTMLElement, ".learner-box")
	fieldError(p.input.BasicHTMLElement, box, refused)
	if refused != "" {
		p.input.Focus()
		return
	}
	if _, err := p.a.st.Try(in); err != nil {
		p.a.notify("That input made the playground fail ("+err.Error()+"). The page still works.", false)
		return
	}
	// Selected, so typing replaces it and the arrow keys edit it.
	p.input.Select()
}

// render brings the list in step with the history: attempts forgotten or cleared go, new ones
// are drawn on top (newest first); an attempt already drawn keeps its element, and so its open
// Why? and Over MCP.
func (p *learner) render() {
	hist := p.a.st.Learner()
	keep := make(map[int]bool, len(hist))
	for _, at := range hist {
		keep[at.Seq] = true
	}
	for seq, li := range p.shown {
		if !keep[seq] {
			li.Underlying().Call("remove")
			delete(p.shown, seq)
		}
	}
	for _, at := range hist {
		if p.shown[at.Seq] == nil {
			li := buildEl(page.AttemptView(at))
			p.shown[at.Seq] = li
			prepend(p.results, li)
		}
	}
}

// add puts the attempt of button b in the table as a new row and takes the keyboard to the
// row's prediction (or expected code), where Enter runs the table; the notice reads out which
// row it became, with Undo (an input already in the table: which row holds it). A refusal is
// said and the keyboard stays on the button.
func (p *learner) add(b *dom.BasicHTMLElement) {
	seq, err := strconv.Atoi(b.GetAttribute("data-seq"))
	if err != nil {
		return
	}
	i, _, ok := p.a.st.AttemptBySeq(seq)
	if !ok {
		return
	}
	added := p.a.st.AddTried(i)
	p.a.notify(added.Say, added.New)
	if added.Row >= 0 {
		p.a.ed.focusRow(added.Row, "want")
	}
}
