//go:build js

package main

import (
	"strconv"
	"strings"
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func focus(id string) {
	if e, ok := lookup(id); ok {
		e.Focus()
	}
}

func rowID(i int, part string) string { return "row-" + strconv.Itoa(i) + "-" + part }

// rowOf is the table index of the editor row holding e.
func rowOf(e *dom.BasicHTMLElement) int {
	tr, ok := closest(e, "tr[data-row]")
	if !ok {
		return -1
	}
	i, err := strconv.Atoi(tr.GetAttribute("data-row"))
	if err != nil {
		return -1
	}
	return i
}

// badge shows a code as text; the colour only repeats it.
func badge(code string) *dom.BasicHTMLElement {
	b := el("span", "code")
	b.SetAttribute("data-badge", code)
	b.SetTextContent(code)
	return b
}

func text(tag, class, s string) *dom.BasicHTMLElement {
	e := el(tag, class)
	e.SetTextContent(s)
	return e
}

// buildRowTemplate builds the editor row that drawRow clones: every element,
// class and attribute that does not depend on the row, with a <select> of the
// codes. A clone and about thirty calls into JavaScript make a row, instead of
// some sixty calls and twenty-one <option>s built one by one.
func (a *app) buildRowTemplate() {
	sel := el("select", "")
	sel.SetAttribute("data-field", "want")
	opt := text("option", "", "? not predicted yet")
	opt.SetAttribute("value", "")
	sel.AppendChild(opt)
	for _, c := range lesson.Codes() {
		o := text("option", "", c)
		o.SetAttribute("value", c)
		sel.AppendChild(o)
	}

	tr := el("tr", "")
	tr.AppendChild(attrs(el("th", "num"), "scope", "row"))
	tr.AppendChild(cell("td", "input", attrs(el("input", ""), "type", "text", "data-field", "input",
		"maxlength", strconv.Itoa(lesson.MaxInputBytes), "spellcheck", "false", "autocomplete", "off",
		"placeholder", `raw input, e.g. "17"`)))
	tr.AppendChild(cell("td", "want", sel))
	tr.AppendChild(cell("td", "note", attrs(el("input", ""), "type", "text", "data-field", "note",
		"placeholder", "note (optional)", "autocomplete", "off")))
	td := el("td", "actions")
	for _, b := range [...]struct{ action, icon string }{{"up", "↑"}, {"down", "↓"}, {"delete", "✕"}} {
		td.AppendChild(attrs(text("button", "icon", b.icon), "type", "button", "data-action", b.action))
	}
	tr.AppendChild(td)
	a.rowTpl = tr.Underlying()

	a.rowsTable = a.rows.Underlying().Get("parentElement")
	a.win.rowH = defaultRowHeight
	a.win.tick = js.FuncOf(func(js.Value, []js.Value) any {
		defer a.recover()
		a.win.pending = false
		a.scrolled()
		return nil
	})
	schedule := js.FuncOf(func(js.Value, []js.Value) any {
		if a.win.on && !a.win.pending {
			a.win.pending = true
			js.Global().Call("requestAnimationFrame", a.win.tick)
		}
		return nil
	})
	passive := map[string]any{"passive": true}
	js.Global().Call("addEventListener", "scroll", schedule, passive)
	js.Global().Call("addEventListener", "resize", schedule, passive)
}

// editorWindow is which rows of a long table the editor has drawn.
type editorWindow struct {
	on          bool    // the table is longer than page.FullRows: only [first, last) are drawn
	first, last int     // the rows drawn, between the spacers top and bottom
	rowH        float64 // the height of one row, measured from those drawn
	top, bottom js.Value
	pending     bool    // a redraw waits for the next frame
	tick        js.Func // the redraw, for requestAnimationFrame
}

// defaultRowHeight is a row's height in CSS pixels until one has been measured (the page is
// hidden while it starts).
const defaultRowHeight = 45

// renderRows redraws the editor from the table. Edits inside a row do not
// come here; only adding, deleting, moving and replacing rows do. A table of
// up to page.FullRows rows is drawn whole; a longer one only near the screen
// (scrolled redraws the rest as the page scrolls). The table tells assistive
// technology its full size (aria-rowcount, and aria-rowindex on each row).
func (a *app) renderRows() {
	rows := a.st.Table.Rows
	n := len(rows)
	a.rowsTable.Call("setAttribute", "aria-rowcount", strconv.Itoa(n+1)) // with the header row
	a.win.on = n > page.FullRows
	if !a.win.on {
		frag := fragment()
		for i, r := range rows {
			frag.Underlying().Call("appendChild", a.drawRow(i, r, n))
		}
		a.rows.SetTextContent("")
		a.rows.AppendChild(frag)
	} else {
		first, last, _ := page.Window(n, a.win.rowH, a.rowsTop(), viewHeight(), [2]int{})
		a.fill(first, last)
		// Measure the rows once they are laid out (the page may still be hidden).
		if !a.win.pending {
			a.win.pending = true
			js.Global().Call("requestAnimationFrame", a.win.tick)
		}
	}

	full := !a.st.CanAdd()
	a.addRow.SetDisabled(full)
	switch {
	case n == 0:
		a.rowsStatus.SetTextContent("The table is empty. Add a row, or reset to the lesson's table.")
		a.rowsStatus.RemoveAttribute("hidden")
	case full:
		a.rowsStatus.SetTextContent("The table is full: a table holds at most " + strconv.Itoa(lesson.MaxRows) + " rows.")
		a.rowsStatus.RemoveAttribute("hidden")
	default:
		a.rowsStatus.SetAttribute("hidden", "")
	}
}

// drawRow is editor row i of n: a clone of the template with the row's
// number, ids, labels and values. Learner text goes in as form values only.
func (a *app) drawRow(i int, r lesson.Row, n int) js.Value {
	num := strconv.Itoa(i + 1)
	tr := a.rowTpl.Call("cloneNode", true)
	tr.Call("setAttribute", "data-row", strconv.Itoa(i))
	tr.Call("setAttribute", "aria-rowindex", strconv.Itoa(i+2)) // the header row is 1
	cells := tr.Get("children")
	cells.Index(0).Set("textContent", num)
	for k, f := range [...]struct{ part, label, value string }{
		{"input", "Input, row ", r.Input}, {"want", "Expected code, row ", r.Want}, {"note", "Note, row ", r.Note},
	} {
		c := cells.Index(k + 1).Get("firstChild")
		c.Set("id", rowID(i, f.part))
		c.Call("setAttribute", "aria-label", f.label+num)
		c.Set("value", f.value)
	}
	b := cells.Index(4).Get("firstChild")
	for _, act := range [...]struct{ part, label string }{
		{"up", "Move row " + num + " up"}, {"down", "Move row " + num + " down"}, {"delete", "Delete row " + num},
	} {
		b.Set("id", rowID(i, act.part))
		b.Call("setAttribute", "aria-label", act.label)
		b.Call("setAttribute", "title", act.label)
		if (act.part == "up" && i == 0) || (act.part == "down" && i == n-1) {
			b.Set("disabled", true)
		}
		b = b.Get("nextSibling")
	}
	return tr
}

// rowsFrag is a fragment holding editor rows [first, last).
func (a *app) rowsFrag(first, last int) js.Value {
	rows := a.st.Table.Rows
	f := js.Global().Get("document").Call("createDocumentFragment")
	for i := first; i < last; i++ {
		f.Call("appendChild", a.drawRow(i, rows[i], len(rows)))
	}
	return f
}

// spacer is a row that stands in for rows not drawn; hidden from assistive
// technology, which learns the table's size from aria-rowcount.
func spacer() js.Value {
	tr := el("tr", "spacer")
	tr.SetAttribute("aria-hidden", "true")
	tr.AppendChild(attrs(el("td", ""), "colspan", "5"))
	return tr.Underlying()
}

// fill replaces the editor's rows with rows [first, last) between spacers.
func (a *app) fill(first, last int) {
	a.win.top, a.win.bottom = spacer(), spacer()
	f := js.Global().Get("document").Call("createDocumentFragment")
	f.Call("appendChild", a.win.top)
	f.Call("appendChild", a.rowsFrag(first, last))
	f.Call("appendChild", a.win.bottom)
	a.rows.SetTextContent("")
	a.rows.Underlying().Call("appendChild", f)
	a.win.first, a.win.last = first, last
	a.sizeSpacers()
}

// sizeSpacers gives the spacers the height of the rows they stand in for.
// (The style property, not a style attribute: the page's CSP allows it.)
func (a *app) sizeSpacers() {
	n := len(a.st.Table.Rows)
	a.win.top.Get("style").Set("height", px(float64(a.win.first)*a.win.rowH))
	a.win.bottom.Get("style").Set("height", px(float64(n-a.win.last)*a.win.rowH))
}

func px(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) + "px" }

// scrolled runs in the animation frame after a scroll or resize: it measures
// the rows and draws those now near the screen, keeping the rows drawn
// before that are still near it (and so the focus, when it is in one).
func (a *app) scrolled() {
	if !a.win.on {
		return
	}
	a.measureRows()
	n := len(a.st.Table.Rows)
	first, last, redraw := page.Window(n, a.win.rowH, a.rowsTop(), viewHeight(), [2]int{a.win.first, a.win.last})
	if !redraw {
		return
	}
	f0, l0 := a.win.first, a.win.last
	if last <= f0 || first >= l0 {
		a.fill(first, last)
		return
	}
	for i := f0; i < first; i++ {
		a.win.top.Get("nextElementSibling").Call("remove")
	}
	for i := last; i < l0; i++ {
		a.win.bottom.Get("previousElementSibling").Call("remove")
	}
	if first < f0 {
		a.win.top.Call("after", a.rowsFrag(first, f0))
	}
	if last > l0 {
		a.win.bottom.Call("before", a.rowsFrag(l0, last))
	}
	a.win.first, a.win.last = first, last
	a.sizeSpacers()
}

// measureRows takes the row height from the rows drawn, once they are laid
// out (a narrow screen makes each row a taller card), and resizes the spacers
// if it changed.
func (a *app) measureRows() {
	if a.win.last <= a.win.first {
		return
	}
	top := a.win.top.Call("getBoundingClientRect").Get("bottom").Float()
	bottom := a.win.bottom.Call("getBoundingClientRect").Get("top").Float()
	h := (bottom - top) / float64(a.win.last-a.win.first)
	if h > 0 && (h-a.win.rowH > 0.01 || a.win.rowH-h > 0.01) {
		a.win.rowH = h
		a.sizeSpacers()
	}
}

// rowsTop is where the editor's rows start, relative to the top of the viewport.
func (a *app) rowsTop() float64 {
	return a.rows.Underlying().Call("getBoundingClientRect").Get("top").Float()
}

func viewHeight() float64 { return js.Global().Get("innerHeight").Float() }

// focusRow focuses a control of editor row i, first scrolling the row to
// the middle of the screen and drawing it when a long table has not drawn it.
func (a *app) focusRow(i int, part string) {
	if a.win.on && (i < a.win.first || i >= a.win.last) {
		y := js.Global().Get("scrollY").Float() + a.rowsTop() + float64(i)*a.win.rowH - viewHeight()/2
		js.Global().Call("scrollTo", map[string]any{"top": y, "behavior": "instant"})
		a.scrolled()
	}
	focus(rowID(i, part))
}

// attrs sets attributes from name, value pairs and returns e.
func attrs(e *dom.BasicHTMLElement, kv ...string) *dom.BasicHTMLElement {
	for i := 0; i+1 < len(kv); i += 2 {
		e.SetAttribute(kv[i], kv[i+1])
	}
	return e
}

// cell wraps children in a new element.
func cell(tag, class string, children ...*dom.BasicHTMLElement) *dom.BasicHTMLElement {
	c := el(tag, class)
	for _, ch := range children {
		c.AppendChild(ch)
	}
	return c
}

// renderResults shows the last run: one row per table row, in table order,
// each carrying data-code, data-observation and data-pass for automation.
//
// A row is a deep clone of a prebuilt row for its (expected, code, note)
// kind, with the four texts that differ filled in: about ten calls into
// JavaScript per row instead of some fifty, so 10,000 rows render in a few
// hundred milliseconds (README, "Measured"). The style sheet lets the
// browser skip laying out rows that are off screen.
func (a *app) renderResults() {
	res := a.st.Results
	frag := fragment()
	f := frag.Underlying()
	tpls := map[resultKind]js.Value{}
	for i, r := range res {
		k := resultKind{r.Want, r.Code, r.Pass, r.Note != ""}
		tpl, ok := tpls[k]
		if !ok {
			tpl = resultTemplate(k)
			tpls[k] = tpl
		}
		tr := tpl.Call("cloneNode", true)
		tr.Call("setAttribute", "data-observation", r.Observation)
		cells := tr.Get("children")
		cells.Index(0).Call("append", strconv.Itoa(i+1))
		in := cells.Index(1)
		in.Get("firstChild").Call("append", r.Input)
		if k.note {
			in.Get("lastChild").Call("append", r.Note)
		}
		cells.Index(4).Call("append", r.Observation)
		f.Call("appendChild", tr)
	}
	a.results.SetTextContent("")
	a.results.AppendChild(frag)
	a.results.Class().Remove("stale")
	if len(res) > longResults {
		a.results.Class().Add("long")
	} else {
		a.results.Class().Remove("long")
	}
	a.resultsTable.RemoveAttribute("hidden")

	a.counts.SetTextContent("")
	for _, c := range lesson.Summarize(res).Counts {
		li := el("li", "")
		li.AppendChild(badge(c.Code))
		li.AppendChild(text("span", "n", "× "+strconv.Itoa(c.N)))
		a.counts.AppendChild(li)
	}
	a.summary.SetTextContent(page.Summary(res))
}

// longResults is the size from which the browser may skip laying out results
// off screen (style.css, #results.long).
const longResults = 200

// resultKind is what a result row's markup depends on besides its texts.
type resultKind struct {
	want, code string
	pass, note bool
}

// resultTemplate builds the row that renderResults clones for kind k: every
// attribute and cell but the number, input, note and observation, which it
// leaves empty (the input cell holds an empty span for the input, and one for
// the note when k.note).
func resultTemplate(k resultKind) js.Value {
	tr := attrs(el("tr", ""), "data-code", k.code, "data-pass", strconv.FormatBool(k.pass))
	tr.AppendChild(attrs(el("th", "num"), "scope", "row"))

	in := cell("td", "input", el("span", ""))
	if k.note {
		in.AppendChild(el("span", "note"))
	}
	want := text("span", "unpredicted", "?")
	if k.want != "" {
		want = badge(k.want)
	}
	var mark *dom.BasicHTMLElement
	switch {
	case k.want == "":
		tr.Class().Add("unpredicted")
		mark = text("span", "mark none", "? no prediction")
	case k.pass:
		tr.Class().Add("pass")
		mark = text("span", "mark pass", "✓ pass")
	default:
		tr.Class().Add("fail")
		mark = text("span", "mark fail", "✗ fail")
		mark.AppendChild(text("span", "why", "expected "+k.want))
	}
	for _, c := range [...]struct {
		label string
		td    *dom.BasicHTMLElement
	}{
		{"Input", in},
		{"Expected", cell("td", "want", want)},
		{"Code", cell("td", "got", badge(k.code))},
		{"Observation", el("td", "obs")},
		{"Match", cell("td", "match", mark)},
	} {
		tr.AppendChild(attrs(c.td, "data-label", c.label))
	}
	return tr.Underlying()
}

// renderReference shows the schema and the error catalog of the table's
// tool, and what the editor should say about the table as a whole.
func (a *app) renderReference() {
	tool := a.st.Tool()
	byID("schema-tool").SetTextContent(tool)
	byID("catalog-tool").SetTextContent(tool)
	a.schema.SetTextContent(string(lesson.SchemaJSONFor(tool)))
	a.renderCatalog(tool)

	var meta []string
	if tool != lesson.DefaultTool {
		meta = append(meta, "The rows call "+tool+".")
	}
	if a.st.Table.Mode == lesson.PredictMode {
		meta = append(meta, "Predict mode: a link to this table opens with the expected codes cleared, for learners to predict.")
	}
	if len(meta) == 0 {
		a.tableMeta.SetAttribute("hidden", "")
		return
	}
	a.tableMeta.SetTextContent(strings.Join(meta, " "))
	a.tableMeta.RemoveAttribute("hidden")
}

func (a *app) renderCatalog(tool string) {
	a.catalog.SetTextContent("")
	entries, err := page.Catalog(lesson.CatalogJSONFor(tool))
	if err != nil {
		a.catalog.SetTextContent("The catalog of " + tool + " could not be read: " + err.Error())
		return
	}
	for _, e := range entries {
		dt := el("dt", "")
		dt.AppendChild(badge(e.Code))
		a.catalog.AppendChild(dt)
		for _, f := range e.Fields {
			dd := el("dd", "")
			dd.AppendChild(text("strong", "", page.Label(f.Key)+": "))
			dd.AppendChild(text("span", "", f.Value))
			a.catalog.AppendChild(dd)
		}
	}
}
