//go:build js

package main

// The chart panel: the session's counts per code, as bars and as sentences.

import (
	"strconv"

	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type chart struct {
	a              *app
	chart, reading *dom.BasicHTMLElement
}

func initChart(a *app) {
	if !optional("chart") {
		return
	}
	p := &chart{a: a, chart: byID("chart"), reading: byID("chart-reading")}
	p.render()
	a.on(byID("chart-reset"), "click", func(*dom.BasicEvent) { a.st.ResetCounts() })
	a.subscribe(func(ev page.Event) {
		if ev == page.Counted {
			p.render()
		}
	})
}

func (p *chart) render() {
	totals := p.a.st.Totals()
	// ChartSVG's markup holds only code names and numbers (wasm/page/chart.go), never learner text.
	p.chart.SetInnerHTML(page.ChartSVG(totals))
	p.chart.SetAttribute("data-total", strconv.Itoa(page.CountsTotal(totals)))
	replaceKids(p.reading, p.a.st.ChartLines())
}
