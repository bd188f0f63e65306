//go:build js

package main

// The tools panel: the tool the table's rows call, and the refunds.write permission.

import (
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type tools struct {
	a                       *app
	picker, refunds, status *dom.BasicHTMLElement
	own, ownName, ownLabel  *dom.BasicHTMLElement // the own tool's permission
	granted                 bool                  // the permission the panel last showed
}

func initTools(a *app) {
	initOwnTool(a) // the instructor's box that adds a tool to this panel's picker
	if !optional("tools") {
		return // a page without the panel (an embed) still works
	}
	p := &tools{a: a, picker: byID("tool-picker"), refunds: byID("refunds-write"), status: byID("tools-status")}
	p.own, p.ownName, p.ownLabel = byID("own-grant"), byID("own-grant-name"), byID("own-grant-label")
	p.sync()
	a.on(p.own, "change", func(*dom.BasicEvent) { a.st.SetOwnGranted(checked(p.own)) })
	a.on(p.picker, "change", func(*dom.BasicEvent) {
		tool := getProp(p.picker, "value")
		if a.st.SetTool(tool) {
			p.status.SetTextContent(page.ToolNote(tool))
		} else {
			p.status.SetTextContent(a.st.FullNotice())
			p.sync()
		}
	})
	a.on(p.refunds, "change", func(*dom.BasicEvent) { a.st.SetRefundsWrite(checked(p.refunds)) })
	a.subscribe(func(ev page.Event) {
		switch ev {
		case page.Replaced, page.Loaded, page.SetupChanged:
			p.sync()
		case page.LabChanged:
			p.showPermission()
		}
	})
}

// sync lists the tools (the lesson's, and the table's own tool) with the table's tool chosen,
// and offers the own tool's permission when it needs one.
func (p *tools) sync() {
	replaceKids(p.picker, page.ChoiceOptions(p.a.st.ToolChoices(), p.a.st.Tool()))
	setProp(p.picker, "value", p.a.st.Tool())
	label := p.ownLabel
	if perm := p.a.st.OwnPermission(); perm != "" {
		p.ownName.SetTextContent(perm)
		setProp(p.own, "checked", p.a.st.OwnGranted())
		label.RemoveAttribute("hidden")
	} else {
		label.SetAttribute("hidden", "")
	}
}

// showPermission shows the permission the runs hold, and says so when it changed.
func (p *tools) showPermission() {
	granted := p.a.st.RefundsWrite()
	setProp(p.refunds, "checked", granted)
	if granted != p.granted {
		p.granted = granted
		p.status.SetTextContent(page.RefundsNote(granted))
	}
}
