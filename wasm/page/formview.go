package page

// The markup of the smaller pieces the app draws: the vendor response editor's rows, the counts
// per code, the chart's sentences, the pickers' options, a form field's error, the line back to
// a note and the editor's spacer rows. Pure functions tested against golden files
// (views_test.go). A form control's first value is its attribute (value, checked, selected, a
// textarea's text), which a control the app has just built shows as its value.

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// DraftView is row i of the vendor response editor: status, deadline, expected code, headers,
// body and Delete, each control with the id the app reads it back by (HTTPID).
func DraftView(i int, r HTTPDraft) Node {
	num := strconv.Itoa(i + 1)
	field := func(part, label string, control Node) Node {
		return E("div", "class", "field "+part).With(E("label", "for", HTTPID(i, part)).Say(label),
			control.Set("id", HTTPID(i, part)))
	}
	status := E("input", "type", "text", "inputmode", "numeric", "maxlength", "3", "autocomplete", "off",
		"aria-label", "Status, response "+num)
	if r.Status != "" {
		status = status.Set("value", r.Status)
	}
	dl := E("input", "type", "checkbox", "id", HTTPID(i, "deadline"))
	if r.Deadline {
		dl = dl.Set("checked", "")
	}
	want := E("select", "aria-label", "Expected code, response "+num).With(codeOptions(r.Want, "no expectation")...)
	top := E("div", "class", "http-top").With(E("span", "class", "num").Say(num), field("status", "Status", status),
		E("label", "class", "check").With(dl, E("span").Say(" deadline passed (no response)")),
		field("want", "Expected code", want),
		E("button", "class", "icon", "type", "button", "id", HTTPID(i, "delete"), "data-http-delete", strconv.Itoa(i),
			"aria-label", "Delete response "+num, "title", "Delete response "+num).Say("✕"))
	li := E("li", "class", "http-row", "id", HTTPID(i, "li"), "data-note", r.Note).With(top,
		field("headers", "Headers (one per line)", E("textarea", "rows", "2", "spellcheck", "false",
			"aria-label", "Headers, response "+num+", one Name: value per line").Say(r.Headers)),
		field("body", "Body", E("textarea", "rows", "2", "spellcheck", "false", "aria-label", "Body, response "+num).Say(r.Body)))
	if r.Note != "" {
		li = li.With(E("p", "class", "note").Say(r.Note))
	}
	return li
}

// HTTPID is the id of a part of the vendor response editor's row i ("li", "status", "deadline",
// "want", "headers", "body", "delete").
func HTTPID(i int, part string) string { return "http-" + strconv.Itoa(i) + "-" + part }

// optionNode is an <option>; selected makes it the select's first value.
func optionNode(value, label string, selected bool) Node {
	o := E("option", "value", value)
	if selected {
		o = o.Set("selected", "")
	}
	return o.Say(label)
}

// codeOptions are an expected code's choices: none (value "") first, then the catalog's codes,
// chosen selected.
func codeOptions(chosen coerce.Code, none string) []Node {
	out := []Node{optionNode("", none, false)}
	for _, c := range lesson.Codes() {
		out = append(out, optionNode(string(c), string(c), c == chosen))
	}
	return out
}

// PresetOptions are the loop panel's scripts: the reader's own, then the lesson's presets.
func PresetOptions() []Node {
	out := []Node{optionNode("", "Your own script", false)}
	for _, sc := range lesson.Presets() {
		out = append(out, optionNode(sc.Name, sc.Title, false))
	}
	return out
}

// CountsView is the counts per code of a run: a badge and "× n" for each code.
func CountsView(res []lesson.Result) []Node {
	var out []Node
	for _, c := range lesson.Summarize(res).Counts {
		out = append(out, E("li").With(codeBadge(c.Code), E("span", "class", "n").Say("× "+strconv.Itoa(c.N))))
	}
	return out
}

// ChartLines are the session's totals said as sentences (lesson.Reading), one <li> each.
func (s *State) ChartLines() []Node {
	var out []Node
	for _, s := range lesson.Reading(s.Totals(), lesson.CodeTotals(s.set.planned.Snapshot())) {
		out = append(out, E("li").Say(s))
	}
	return out
}

// FieldError is the alert under a form field whose value was refused: id is the field's id with
// "-error", which the field's aria-describedby names.
func FieldError(id, msg string) Node {
	return E("p", "class", "failure inline field-error", "id", id, "role", "alert").Say(msg)
}

// Spacer is a table editor row that stands in for rows not drawn; hidden from assistive
// technology, which learns the table's size from aria-rowcount.
func Spacer() Node {
	return E("tr", "class", "spacer", "aria-hidden", "true").With(E("td", "colspan", "5"))
}
