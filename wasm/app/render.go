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

func (a *app) buildWantTemplate() {
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
	a.wantTpl = sel
}

// renderRows rebuilds the editor from the table. Edits inside a row do not
// come here; only adding, deleting, moving and replacing rows do.
func (a *app) renderRows() {
	rows := a.st.Table.Rows
	frag := fragment()
	for i, r := range rows {
		frag.AppendChild(a.rowEl(i, r, len(rows)))
	}
	a.rows.SetTextContent("")
	a.rows.AppendChild(frag)

	full := !a.st.CanAdd()
	a.addRow.SetDisabled(full)
	switch {
	case len(rows) == 0:
		a.rowsStatus.SetTextContent("The table is empty. Add a row, or reset to the lesson's table.")
		a.rowsStatus.RemoveAttribute("hidden")
	case full:
		a.rowsStatus.SetTextContent("The table is full: a table holds at most " + strconv.Itoa(lesson.MaxRows) + " rows.")
		a.rowsStatus.RemoveAttribute("hidden")
	default:
		a.rowsStatus.SetAttribute("hidden", "")
	}
}

func (a *app) rowEl(i int, r lesson.Row, n int) *dom.BasicHTMLElement {
	num := strconv.Itoa(i + 1)
	tr := attrs(el("tr", ""), "data-row", strconv.Itoa(i))
	tr.AppendChild(attrs(text("th", "num", num), "scope", "row"))

	in := attrs(el("input", ""), "type", "text", "id", rowID(i, "input"), "data-field", "input",
		"aria-label", "Input, row "+num, "maxlength", strconv.Itoa(lesson.MaxInputBytes),
		"spellcheck", "false", "autocomplete", "off", "placeholder", `raw input, e.g. "17"`)
	setProp(in, "value", r.Input)
	tr.AppendChild(cell("td", "input", in))

	sel := attrs(cloneDeep(a.wantTpl), "id", rowID(i, "want"), "aria-label", "Expected code, row "+num)
	setProp(sel, "value", r.Want)
	tr.AppendChild(cell("td", "want", sel))

	note := attrs(el("input", ""), "type", "text", "id", rowID(i, "note"), "data-field", "note",
		"aria-label", "Note, row "+num, "placeholder", "note (optional)", "autocomplete", "off")
	setProp(note, "value", r.Note)
	tr.AppendChild(cell("td", "note", note))

	td := el("td", "actions")
	for _, b := range [...]struct{ action, icon, label string }{
		{"up", "↑", "Move row " + num + " up"},
		{"down", "↓", "Move row " + num + " down"},
		{"delete", "✕", "Delete row " + num},
	} {
		btn := attrs(text("button", "icon", b.icon), "type", "button", "id", rowID(i, b.action),
			"data-action", b.action, "aria-label", b.label, "title", b.label)
		if (b.action == "up" && i == 0) || (b.action == "down" && i == n-1) {
			setProp(btn, "disabled", true)
		}
		td.AppendChild(btn)
	}
	tr.AppendChild(td)
	return tr
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
