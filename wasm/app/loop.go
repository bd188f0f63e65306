//go:build js

package main

// The loop panel: a script of calls played through the runtime's retry budget, step by step.

import (
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
	appendNodes(p.preset, page.PresetOptions()...)
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
	views := make([]page.Node, len(steps))
	for i, st := range steps {
		views[i] = page.LoopStepView(i, st)
	}
	replaceKids(p.steps, views)
	p.summary.SetTextContent(page.LoopSummary(steps))
}
