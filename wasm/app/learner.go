//go:build js

package main

// The learner box, "Try your own": one input run against the table's tool, newest first.

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
	// kept are the results shown, oldest first: an entry's key is its index.
	kept []lesson.Result
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
	a.wireReadings(p.results, func(key string) (lesson.Result, bool) {
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(p.kept) {
			return lesson.Result{}, false
		}
		return p.kept[i], true
	})
	a.on(byID("learner-clear"), "click", func(*dom.BasicEvent) {
		p.results.SetTextContent("")
		p.kept = nil
		p.input.Focus()
	})
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
	res, err := p.a.st.RunOne(in)
	if err != nil {
		p.a.notify("That input made the playground fail ("+err.Error()+"). The page still works.", false)
		return
	}
	li := attrs(el("li", ""), "data-code", res.Code, "data-observation", res.Observation, "data-trace", string(res.Trace.JSON()))
	head := el("div", "head")
	appendChild(head, badge(res.Code))
	appendChild(head, text("code", "input", res.Input))
	appendChild(li, head)
	appendChild(li, readingEl(res, strconv.Itoa(len(p.kept)), false))
	p.kept = append(p.kept, res)
	prepend(p.results, li)
	// Selected, so typing replaces it and the arrow keys edit it.
	p.input.Select()
}
