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
	granted                 bool // the permission the panel last showed
}

func initTools(a *app) {
	if !optional("tools") {
		return // a page without the panel (an embed) still works
	}
	p := &tools{a: a, picker: byID("tool-picker"), refunds: byID("refunds-write"), status: byID("tools-status")}
	appendNodes(p.picker, page.ToolOptions()...)
	p.sync()
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

// sync shows the table's tool in the picker.
func (p *tools) sync() { setProp(p.picker, "value", p.a.st.Tool()) }

// showPermission shows the permission the runs hold, and says so when it changed.
func (p *tools) showPermission() {
	granted := p.a.st.RefundsWrite()
	setProp(p.refunds, "checked", granted)
	if granted != p.granted {
		p.granted = granted
		p.status.SetTextContent(page.RefundsNote(granted))
	}
}
