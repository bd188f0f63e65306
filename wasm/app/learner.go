//go:build js

package main

// The learner box, "Try your own": one input run against the table's tool, newest first.

import (
	"strings"

	"honnef.co/go/js/dom/v2"
)

type learner struct {
	a       *app
	input   *dom.HTMLInputElement
	results *dom.BasicHTMLElement
}

func initLearner(a *app) {
	p := &learner{a: a, input: &dom.HTMLInputElement{BasicHTMLElement: byID("learner-input")}, results: byID("learner-results")}
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
	a.on(byID("learner-clear"), "click", func(*dom.BasicEvent) {
		p.results.SetTextContent("")
		p.input.Focus()
	})
}

func (p *learner) run() {
	in := p.input.Value()
	if strings.TrimSpace(in) == "" {
		p.input.Focus()
		return
	}
	res, err := p.a.st.RunOne(in)
	if err != nil {
		p.a.notify("That input made the playground fail ("+err.Error()+"). The page still works.", false)
		return
	}
	li := attrs(el("li", ""), "data-code", res.Code, "data-observation", res.Observation)
	head := el("div", "head")
	appendChild(head, badge(res.Code))
	appendChild(head, text("code", "input", res.Input))
	appendChild(li, head)
	appendChild(li, text("pre", "obs", res.Observation))
	prepend(p.results, li)
	// Selected, so typing replaces it and the arrow keys edit it.
	p.input.Select()
}
