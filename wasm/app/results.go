//go:build js

package main

// The results panel: the last run's rows, the counts per code and the summary read out; Run and
// its keyboard shortcut.

import (
	"strconv"
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// results is the results panel's DOM.
type results struct {
	a                                      *app
	results, resultsTable, counts, summary *dom.BasicHTMLElement
	lazy                                   lazyReadings
}

func initResults(a *app) {
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
}

// clear puts the results panel back as it is before the first run.
func (p *results) clear() {
	p.fillLater(0, 0)
	p.results.SetTextContent("")
	p.resultsTable.SetAttribute("hidden", "")
	p.counts.SetTextContent("")
	p.summary.SetTextContent("Press Run to see what " + p.a.st.Tool() + " answers for every row.")
}

// row is the results table's row i, if drawn.
func (p *results) row(i int) (*dom.BasicHTMLElement, bool) {
	tr := p.results.Underlying().Get("children").Index(i)
	return wrap(tr), !tr.IsUndefined() && !tr.IsNull()
}

// renderResults shows the last run: one row per table row, in table order,
// each carrying data-code, data-observation, data-pass and data-trace for automation. The
// reading inside a row (hint, field, observation box, Why, Over MCP) is drawn now for the first
// eagerReadings rows and for the rest right after (lazy.go).
//
// A row is a deep clone of a prebuilt row for its (expected, code, note)
// kind, with the four texts that differ filled in: about ten calls into
// JavaScript per row instead of some fifty, so 10,000 rows render in a few
// hundred milliseconds (docs/performance.md). The style sheet lets the
// browser skip laying out rows that are off screen.
func (p *results) render() {
	res := p.a.st.Results()
	predict := p.a.st.Table().Mode == lesson.PredictMode
	byID("results-want-h").SetTextContent(wantLabel(predict))
	frag := fragment()
	f := frag.Underlying()
	tpls := map[resultKind]js.Value{}
	for i, r := range res {
		k := resultKind{r.Want, r.Code, r.Pass, r.Note != ""}
		tpl, ok := tpls[k]
		if !ok {
			tpl = resultTemplate(k, predict)
			tpls[k] = tpl
		}
		tr := tpl.Call("cloneNode", true)
		tr.Call("setAttribute", "data-observation", r.Observation)
		tr.Call("setAttribute", "data-trace", string(r.Trace.JSON()))
		cells := tr.Get("children")
		cells.Index(0).Call("append", strconv.Itoa(i+1))
		in := cells.Index(1)
		in.Get("firstChild").Call("append", r.Input)
		if k.note {
			in.Get("lastChild").Call("append", r.Note)
		}
		if i < eagerReadings {
			cells.Index(4).Call("append", readingEl(r, rowKey(i), page.Mispredicted(r.Want, r.Code)).Underlying())
		}
		f.Call("appendChild", tr)
	}
	p.results.SetTextContent("")
	appendFragment(p.results, frag)
	p.results.Class().Remove("stale")
	if len(res) > longResults {
		p.results.Class().Add("long")
	} else {
		p.results.Class().Remove("long")
	}
	p.resultsTable.RemoveAttribute("hidden")
	p.fillLater(min(len(res), eagerReadings), len(res))

	p.counts.SetTextContent("")
	for _, c := range lesson.Summarize(res).Counts {
		li := el("li", "")
		appendChild(li, badge(c.Code))
		appendChild(li, text("span", "n", "× "+strconv.Itoa(c.N)))
		appendChild(p.counts, li)
	}
	p.summary.SetTextContent(page.Summary(res))
}

// longResults is the size from which the browser may skip laying out results
// off screen (style.css, #results.long).
const longResults = 200

// resultKind is what a result row's markup depends on besides its texts.
type resultKind struct {
	want, code string
	pass, note bool
}

// wantLabel names the expected code's column: in predict mode the code is the student's.
func wantLabel(predict bool) string {
	if predict {
		return "Your prediction"
	}
	return "Expected"
}

// resultTemplate builds the row that renderResults clones for kind k: every
// attribute and cell but the number, input, note and observation, which it
// leaves empty (the input cell holds an empty span for the input, and one for
// the note when k.note). A row is marked right, wrong or not predicted, the words of the
// score (page.Score); data-pass keeps its "true" and "false" for scripts.
func resultTemplate(k resultKind, predict bool) js.Value {
	tr := attrs(el("tr", ""), "data-code", k.code, "data-pass", strconv.FormatBool(k.pass))
	appendChild(tr, attrs(el("th", "num"), "scope", "row"))

	in := cell("td", "input", el("span", ""))
	if k.note {
		appendChild(in, el("span", "note"))
	}
	want := text("span", "unpredicted", "?")
	if k.want != "" {
		want = badge(k.want)
	}
	var mark *dom.BasicHTMLElement
	switch {
	case k.want == "":
		tr.Class().Add("unpredicted")
		mark = text("span", "mark none", "? not predicted")
	case k.pass:
		tr.Class().Add("pass")
		mark = text("span", "mark pass", "✓ right")
	default:
		tr.Class().Add("fail")
		mark = text("span", "mark fail", "✗ wrong")
		why := "expected " + k.want
		if predict {
			why = "you predicted " + k.want
		}
		appendChild(mark, text("span", "why", why))
	}
	for _, c := range [...]struct {
		label string
		td    *dom.BasicHTMLElement
	}{
		{"Input", in},
		{wantLabel(predict), cell("td", "want", want)},
		{"Code", cell("td", "got", badge(k.code))},
		{"Observation", el("td", "obs")},
		{"Match", cell("td", "match", mark)},
	} {
		appendChild(tr, attrs(c.td, "data-label", c.label))
	}
	return tr.Underlying()
}

// renderReference shows the schema and the error catalog of the table's
