//go:build js

package main

// The results panel: the last run's rows, the counts per code and the summary read out; Run and
// its keyboard shortcut.

import (
	"strconv"
	"strings"
	"syscall/js"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// results is the results panel's DOM.
type results struct {
	a                                      *app
	results, resultsTable, counts, summary *dom.BasicHTMLElement
	lazy                                   lazyReadings
	stamp                                  page.Stamp // the rows of the last run, reused
	stamper                                stamper
	// rows are the rows of #results in a JavaScript Array (nrows of them): row i without
	// walking the live children of the table, which every reading drawn invalidates.
	rows  js.Value
	nrows int
}

func initResults(a *app) {
	if !haveStamp() {
		panic("stamp.js did not load")
	}
	p := &results{a: a, results: byID("results"), resultsTable: byID("results-table"),
		counts: byID("code-counts"), summary: byID("summary")}
	a.res = p
	a.wireReadings(p.results, func(key string) (lesson.Result, bool) {
		res := a.st.Results()
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(res) {
			return lesson.Result{}, false
		}
		return res[i], true
	})
	a.subscribe(p.changed)
	p.initLazy()
	a.on(byID("run"), "click", func(*dom.BasicEvent) { p.runAndShow() })
	// A right row's Details opens its reading (a right row starts as one line: style.css).
	a.on(p.results, "click", func(ev *dom.BasicEvent) {
		if b, ok := closest(target(ev), "button.expand"); ok {
			tr, _ := closest(b, "tr")
			open := !tr.Class().Contains("open")
			tr.Class().Toggle("open")
			b.SetAttribute("aria-expanded", strconv.FormatBool(open))
		}
	})
	// A row number in the summary or beside Run goes to that row's result, opened, focused and
	// in view (in an embed, in the course page's window too).
	a.onValue(js.Global().Get("document"), "click", func(ev *dom.BasicEvent) {
		l, ok := closest(target(ev), "a.row-link, a[href='#results-h']")
		if !ok {
			return
		}
		e, ok := lookup(strings.TrimPrefix(l.GetAttribute("href"), "#"))
		if !ok {
			return
		}
		ev.PreventDefault()
		e.Class().Add("open")
		show(e, "start")
		a.hostShow(e)
	})
	a.onValue(js.Global().Get("document"), "keydown", func(ev *dom.BasicEvent) {
		k := keyboard(ev)
		if k.Key() == "Enter" && (k.CtrlKey() || k.MetaKey()) {
			if dialogOpen() {
				return // the shortcut belongs to the page, not to an open dialog
			}
			ev.PreventDefault()
			p.runAndShow()
		}
	})
}

// changed follows the State: new results are drawn, stale ones greyed with the reason, and a
// table set from outside clears them.
func (p *results) changed(ev page.Event) {
	switch ev {
	case page.Ran:
		p.render()
	case page.ResultsStale:
		p.results.Class().Add("stale")
		p.summary.SetTextContent(p.a.st.StaleNote())
	case page.Loaded:
		p.clear()
	}
}

// run runs the table and shows the reader its results.
func (p *results) run() {
	mark("coerce:run-start")
	if err := p.a.st.Run(); err != nil {
		p.a.notify("The run failed ("+err.Error()+"). The page still works; reload it if anything looks wrong.", false)
	}
	reveal(byID("results-h"))
	mark("coerce:run-end")
	measure("coerce:run", "coerce:run-start", "coerce:run-end")
}

// runAndShow runs the table for the reader who pressed Run (the button, Ctrl+Enter, Enter in a
// cell): the results are scrolled to the top of the window and the keyboard and a screen
// reader land on their heading, at every width.
func (p *results) runAndShow() {
	p.run()
	h := byID("results-h")
	bringIntoView(h, "start")
	h.Underlying().Call("focus", map[string]any{"preventScroll": true})
	p.a.hostShow(h)
}

// hostShow asks the page framing an embed to bring e into its window (embed.ReplyScroll, obeyed
// by host.js): the frame may be taller than the window, and a course page on another site
// cannot be scrolled from inside the frame.
func (a *app) hostShow(e *dom.BasicHTMLElement) {
	if a.toHost == nil {
		return
	}
	doc := js.Global().Get("document").Get("documentElement")
	top := e.Underlying().Call("getBoundingClientRect").Get("top").Float() + js.Global().Get("scrollY").Float()
	h := doc.Call("getBoundingClientRect").Get("height").Float()
	a.toHost(embed.ScrollMessage(int(top)-8, int(h+0.999)))
}

// clear puts the results panel back as it is before the first run.
func (p *results) clear() {
	p.fillLater(0, 0)
	p.rows, p.nrows = js.Undefined(), 0
	p.results.SetTextContent("")
	p.resultsTable.SetAttribute("hidden", "")
	p.counts.SetTextContent("")
	if rs, ok := lookup("run-score"); ok {
		rs.SetAttribute("hidden", "")
	}
	p.summary.SetTextContent("Press Run to see what " + p.a.st.Tool() + " answers for every row.")
}

// row is the results table's row i, if drawn.
func (p *results) row(i int) (*dom.BasicHTMLElement, bool) {
	if i < 0 || i >= p.nrows {
		return nil, false
	}
	return wrap(p.rows.Index(i)), true
}

// render shows the last run: one row per table row, in table order, each carrying data-code,
// data-observation, data-pass and data-trace for automation, all drawn in one go by a Stamp
// (page.ResultRows, stamp.go), 6 rows or 10,000. The reading inside a row (hint, field,
// observation box, Why, Over MCP) is drawn now for every row of a short run and the first rows
// of a long one, and for the rest right after (lazy.go). The style sheet lets the browser skip
// laying out rows that are off screen in a long table.
func (p *results) render() {
	res := p.a.st.Results()
	predict := p.a.st.Table().Mode == lesson.PredictMode
	byID("results-want-h").SetTextContent(page.WantLabel(predict))
	p.stamp.Reset()
	page.ResultRows(&p.stamp, res, predict)
	frag := fragment().Underlying()
	p.rows, p.nrows = p.stamper.draw(frag, &p.stamp), len(res)
	eager := eagerFor(len(res))
	for i := range eager {
		p.fillReading(i) // while the rows are not yet in the page
	}
	p.results.SetTextContent("")
	p.results.Underlying().Call("appendChild", frag)
	p.results.Class().Remove("stale")
	if len(res) > longResults {
		p.results.Class().Add("long")
	} else {
		p.results.Class().Remove("long")
	}
	p.resultsTable.RemoveAttribute("hidden")
	p.fillLater(eager, len(res))

	replaceKids(p.counts, page.CountsView(res))
	replaceKids(p.summary, page.SummaryView(res))
	if rs, ok := lookup("run-score"); ok { // beside Run, for a frame too short to show the results
		replaceKids(rs, page.RunScoreView(res, predict))
		rs.RemoveAttribute("hidden")
	}
}

// longResults is the size from which the browser may skip laying out results
// off screen (style.css, #results.long).
const longResults = 200

// renderReference shows the schema and the error catalog of the table's
