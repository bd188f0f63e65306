//go:build js

package main

import (
	"strconv"

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
	tr := el("tr", "")
	tr.SetAttribute("data-row", strconv.Itoa(i))

	th := text("th", "num", num)
	th.SetAttribute("scope", "row")
	tr.AppendChild(th)

	in := el("input", "")
	in.SetAttribute("type", "text")
	in.SetID(rowID(i, "input"))
	in.SetAttribute("data-field", "input")
	in.SetAttribute("aria-label", "Input, row "+num)
	in.SetAttribute("maxlength", strconv.Itoa(lesson.MaxInputBytes))
	in.SetAttribute("spellcheck", "false")
	in.SetAttribute("autocomplete", "off")
	in.SetAttribute("placeholder", "a raw job_id, e.g. \"17\"")
	setProp(in, "value", r.Input)
	td := el("td", "input")
	td.AppendChild(in)
	tr.AppendChild(td)

	sel := cloneDeep(a.wantTpl)
	sel.SetID(rowID(i, "want"))
	sel.SetAttribute("aria-label", "Expected code, row "+num)
	setProp(sel, "value", r.Want)
	td = el("td", "want")
	td.AppendChild(sel)
	tr.AppendChild(td)

	note := el("input", "")
	note.SetAttribute("type", "text")
	note.SetID(rowID(i, "note"))
	note.SetAttribute("data-field", "note")
	note.SetAttribute("aria-label", "Note, row "+num)
	note.SetAttribute("placeholder", "note (optional)")
	note.SetAttribute("autocomplete", "off")
	setProp(note, "value", r.Note)
	td = el("td", "note")
	td.AppendChild(note)
	tr.AppendChild(td)

	td = el("td", "actions")
	for _, b := range []struct{ action, icon, label string }{
		{"up", "↑", "Move row " + num + " up"},
		{"down", "↓", "Move row " + num + " down"},
		{"delete", "✕", "Delete row " + num},
	} {
		btn := text("button", "icon", b.icon)
		btn.SetAttribute("type", "button")
		btn.SetID(rowID(i, b.action))
		btn.SetAttribute("data-action", b.action)
		btn.SetAttribute("aria-label", b.label)
		btn.SetAttribute("title", b.label)
		if (b.action == "up" && i == 0) || (b.action == "down" && i == n-1) {
			setProp(btn, "disabled", true)
		}
		td.AppendChild(btn)
	}
	tr.AppendChild(td)
	return tr
}

// renderResults shows the last run: one row per table row, in table order,
// each carrying data-code, data-observation and data-pass for automation.
func (a *app) renderResults() {
	res := a.st.Results
	frag := fragment()
	for i, r := range res {
		frag.AppendChild(resultEl(i, r))
	}
	a.results.SetTextContent("")
	a.results.AppendChild(frag)
	a.results.Class().Remove("stale")
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

func resultEl(i int, r lesson.Result) *dom.BasicHTMLElement {
	tr := el("tr", "")
	tr.SetAttribute("data-code", r.Code)
	tr.SetAttribute("data-observation", r.Observation)
	tr.SetAttribute("data-pass", strconv.FormatBool(r.Pass))

	th := text("th", "num", strconv.Itoa(i+1))
	th.SetAttribute("scope", "row")
	tr.AppendChild(th)

	td := el("td", "input")
	td.SetAttribute("data-label", "Input")
	td.AppendChild(text("span", "", r.Input))
	if r.Note != "" {
		td.AppendChild(text("span", "note", r.Note))
	}
	tr.AppendChild(td)

	td = el("td", "want")
	td.SetAttribute("data-label", "Expected")
	if r.Want == "" {
		td.AppendChild(text("span", "unpredicted", "?"))
	} else {
		td.AppendChild(badge(r.Want))
	}
	tr.AppendChild(td)

	td = el("td", "got")
	td.SetAttribute("data-label", "Code")
	td.AppendChild(badge(r.Code))
	tr.AppendChild(td)

	td = text("td", "obs", r.Observation)
	td.SetAttribute("data-label", "Observation")
	tr.AppendChild(td)

	td = el("td", "match")
	td.SetAttribute("data-label", "Match")
	switch {
	case r.Want == "":
		tr.Class().Add("unpredicted")
		td.AppendChild(text("span", "mark none", "? no prediction"))
	case r.Pass:
		tr.Class().Add("pass")
		td.AppendChild(text("span", "mark pass", "✓ pass"))
	default:
		tr.Class().Add("fail")
		m := text("span", "mark fail", "✗ fail")
		m.AppendChild(text("span", "why", "expected "+r.Want))
		td.AppendChild(m)
	}
	tr.AppendChild(td)
	return tr
}

func (a *app) renderCatalog() {
	entries, err := page.Catalog(lesson.CatalogJSON())
	if err != nil {
		a.catalog.SetTextContent("The catalog could not be read: " + err.Error())
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
