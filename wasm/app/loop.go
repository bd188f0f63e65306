//go:build js

package main

// The loop panel: a script of calls played through the runtime's retry budget, step by step.

import (
	"strconv"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type loop struct {
	a                                     *app
	preset, script, error, summary, steps *dom.BasicHTMLElement
}

func initLoop(a *app) {
	if !optional("loop") {
		return
	}
	p := &loop{a: a, preset: byID("loop-preset"), script: byID("loop-script"), error: byID("loop-error"),
		summary: byID("loop-summary"), steps: byID("loop-steps")}
	appendChild(p.preset, option("", "Your own script"))
	for _, sc := range lesson.Presets() {
		appendChild(p.preset, option(sc.Name, sc.Title))
	}
	p.choose(lesson.Presets()[0].Name)
	a.on(p.preset, "change", func(*dom.BasicEvent) { p.choose(getProp(p.preset, "value")) })
	a.on(p.script, "input", func(*dom.BasicEvent) {
		if sc, ok := page.PresetNamed(getProp(p.preset, "value")); ok && lesson.FormatScript(sc) != getProp(p.script, "value") {
			setProp(p.preset, "value", "")
		}
	})
	a.on(byID("loop-run"), "click", func(*dom.BasicEvent) { p.run() })
	// Each step's Why is drawn with the step; this makes its rule names lead to their entries.
	a.wireReadings(p.steps, func(string) (lesson.Result, bool) { return lesson.Result{}, false })
	a.registerTry("loop", func(t lesson.Try) {
		if _, ok := page.PresetNamed(t.Target); !ok {
			return
		}
		// The note's claim is about the lesson as taught: no refunds.write, default switches.
		a.st.SetRefundsWrite(false)
		a.st.SetSwitches(lesson.DefaultSwitches())
		p.choose(t.Target)
		p.run()
		a.jump("loop")
	})
}

func (p *loop) choose(name string) {
	sc, ok := page.PresetNamed(name)
	if !ok {
		return
	}
	setProp(p.preset, "value", name)
	setProp(p.script, "value", lesson.FormatScript(sc))
	p.error.SetAttribute("hidden", "")
}

func (p *loop) run() {
	sc, err := lesson.ParseScript(getProp(p.script, "value"))
	if err != nil {
		p.error.SetTextContent(page.LineError(err))
		p.error.RemoveAttribute("hidden")
		p.script.Focus()
		return
	}
	p.error.SetAttribute("hidden", "")
	steps, err := p.a.st.RunLoop(sc)
	if err != nil {
		p.a.notify("The loop failed ("+err.Error()+"). The page still works.", false)
		return
	}
	frag := fragment()
	for i, st := range steps {
		addToFragment(frag, stepEl(i, st))
	}
	p.steps.SetTextContent("")
	appendFragment(p.steps, frag)
	p.summary.SetTextContent(page.LoopSummary(steps))
}

func stepEl(i int, st lesson.Step) *dom.BasicHTMLElement {
	li := attrs(el("li", "step"), "data-step", strconv.Itoa(i+1), "data-sent", strconv.FormatBool(st.Sent),
		"data-code", st.Result.Code, "data-observation", st.Result.Observation)
	head := el("div", "head")
	appendChild(head, text("span", "num", strconv.Itoa(i+1)))
	appendChild(head, text("code", "call", st.Tool+" "+st.Input))
	appendChild(li, head)
	if !st.Sent {
		li.Class().Add("unsent")
		appendChild(head, text("span", "decision", "not sent"))
		appendChild(li, text("p", "reason", "The model never made this call: the runtime had already ended the loop."))
		return li
	}
	appendChild(head, badge(st.Result.Code))
	appendChild(li, text("pre", "obs", st.Result.Observation))
	dec := attrs(text("span", "decision", "→ "+string(st.Decision)), "data-decision", string(st.Decision))
	why := cell("p", "reason", dec)
	appendChild(why, text("span", "", " "+st.Reason))
	appendChild(li, why)
	li.SetAttribute("data-decision", string(st.Decision))
	attrs(li, "data-count", strconv.Itoa(st.Count), "data-cap", strconv.Itoa(st.Cap), "data-trace", string(st.Why.JSON()))
	// The Why of the step that ended the loop opens by itself: it is the one a reader asks about.
	d := attrs(el("details", "why"), "data-key", "loop-"+strconv.Itoa(i))
	appendChild(d, text("summary", "", "Why?"))
	fillWhy(d, page.WhyFor(st.Why, st.Result.Code), string(st.Decision))
	if page.EndsLoop(st.Decision) {
		d.SetAttribute("open", "")
	}
	appendChild(li, d)
	return li
}
