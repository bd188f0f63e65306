//go:build js

package main

// The coercion-switches panel: each switch re-runs the table and lists the rows whose code it
// changed, with a button that adds each as a fixture.

import (
	"strconv"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type switches struct {
	a                *app
	summary, changes *dom.BasicHTMLElement
	last             page.Flip // the last switch flip, for Add as fixture
}

func initSwitches(a *app) {
	if !optional("switches") {
		return
	}
	p := &switches{a: a, summary: byID("switch-summary"), changes: byID("switch-changes")}
	p.show()
	for _, name := range lesson.SwitchNames() {
		box := byID("switch-" + name)
		a.on(box, "change", func(*dom.BasicEvent) { p.flip(name, checked(box)) })
	}
	a.on(p.changes, "click", func(ev *dom.BasicEvent) {
		if b, ok := closest(target(ev), "button[data-fixture]"); ok {
			p.addFixture(b)
		}
	})
	a.subscribe(func(ev page.Event) {
		if ev == page.LabChanged {
			p.show()
		}
	})
	a.registerTry("switch", p.try)
}

// show ticks the boxes of the switches the runs use.
func (p *switches) show() {
	for _, name := range lesson.SwitchNames() {
		setProp(byID("switch-"+name), "checked", page.SwitchOn(p.a.st.Switches(), name))
	}
}

// try shows a switch target: the note's row in the table, then the switch flipped away from the
// lesson's default.
func (p *switches) try(t lesson.Try) {
	a := p.a
	def := lesson.DefaultSwitches()
	if _, ok := page.WithSwitch(def, t.Target, true); !ok {
		return
	}
	// The note's claim is about the lesson as taught: start from the default switches, with
	// refunds.write when the row is a refund (a denied refund would hide the coercion).
	a.st.SetSwitches(def)
	if lesson.PermissionOf(t.Tool) != "" {
		a.st.SetRefundsWrite(true)
	}
	if _, replaced := a.st.EnsureRow(t.Tool, t.Input); replaced {
		a.notify("The table now holds only the note's row, which calls "+a.st.Tool()+". Undo brings your table back.", true)
	}
	on := !page.SwitchOn(def, t.Target)
	setProp(byID("switch-"+t.Target), "checked", on)
	p.flip(t.Target, on)
	a.jump("switches")
}

func (p *switches) addFixture(b *dom.BasicHTMLElement) {
	k, _ := strconv.Atoi(b.GetAttribute("data-fixture"))
	if k < 0 || k >= len(p.last.Changes) {
		return
	}
	c := p.last.Changes[k]
	i := p.a.st.AddFixture(c, p.last)
	if i < 0 {
		p.a.notify(p.a.st.FullNotice(), false)
		return
	}
	li, _ := closest(b, "li")
	li.SetAttribute("data-added", strconv.Itoa(i+1))
	b.SetTextContent("Added as row " + strconv.Itoa(i+1))
	setProp(b, "disabled", true)
	p.summary.SetTextContent(page.FixtureNote(c, i))
}

func (p *switches) flip(name string, on bool) {
	f, err := p.a.st.FlipSwitch(name, on)
	if err != nil {
		p.a.notify("The table could not be run again ("+err.Error()+"). The page still works.", false)
		return
	}
	p.last = f
	p.changes.SetTextContent("")
	results := p.a.st.Results()
	for k, c := range f.Changes {
		obs := ""
		if c.Row < len(results) {
			obs = results[c.Row].Observation
		}
		appendNodes(p.changes, page.ChangeView(k, c, obs))
		// The results table says it too, next to the row.
		if r, ok := p.a.res.row(c.Row); ok {
			r.SetAttribute("data-before", string(c.Before))
			r.SetAttribute("data-after", string(c.After))
			r.Class().Add("changed")
			if got := r.Underlying().Call("querySelector", "td.got"); !got.IsNull() {
				appendNodes(wrap(got), page.WasBefore(c.Before))
			}
		}
	}
	p.summary.SetTextContent(f.Message)
}
