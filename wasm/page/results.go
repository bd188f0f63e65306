package page

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// The results table's rows: one per result, in table order, each carrying data-code,
// data-observation, data-pass and data-trace for automation (the automation contract), drawn by
// a Stamp (stamp.go). The reading inside a row (hint, field, observation box, Why, Over MCP) is
// not part of it: the app draws it into the row's Observation cell (ResultReadingCell) after.

// ResultReadingCell is the index of the cell of a result row that holds its reading.
const ResultReadingCell = 4

// resultKind is what a result row's markup depends on besides its texts: a kind of row in the
// Stamp.
type resultKind struct {
	want, code coerce.Code
	pass, note bool
}

// ResultRows stamps one row per result into s (after s.Reset): a template per kind of row, with
// every attribute and cell but the number, the input, the note and the observation and trace
// attributes, which are each row's values.
func ResultRows(s *Stamp, res []lesson.Result, predict bool) {
	var kinds []resultKind // s's kinds, in order: a run has a handful
	for i := range res {
		r := &res[i]
		k := resultKind{r.Want, r.Code, r.Pass, r.Note != ""}
		ki := -1
		for j, kj := range kinds {
			if kj == k {
				ki = j
				break
			}
		}
		if ki < 0 {
			kinds = append(kinds, k)
			ki = s.Kind(resultTemplate(k, predict), resultSlots(k))
		}
		s.Row(ki)
		s.Value(resultID(i))
		s.Value(r.Observation)
		s.AppendValue(r.Trace.AppendJSON)
		s.Int(i + 1)
		s.Value(r.Input)
		if k.note {
			s.Value(r.Note)
		}
	}
}

// resultSlots are what each row of kind k fills, in the order ResultRows gives the values.
func resultSlots(k resultKind) []Fill {
	f := []Fill{
		{nil, "id", ""},
		{nil, "data-observation", ""},
		{nil, "data-trace", ""},
		{[]int{0}, FillText, ""},    // the row's number
		{[]int{1, 0}, FillText, ""}, // the input
	}
	if k.note {
		f = append(f, Fill{[]int{1, 1}, FillText, ""})
	}
	return f
}

// WantLabel names the expected code's column: in predict mode the code is the student's.
func WantLabel(predict bool) string {
	if predict {
		return "Your prediction"
	}
	return "Expected"
}

// resultTemplate is the row that a result of kind k is a clone of. A row is marked right, wrong
// or not predicted, the words of the score (Score); data-pass keeps its "true" and "false" for
// scripts. Every cell has a data-label, the column's name, which a narrow screen shows before
// the cell.
func resultTemplate(k resultKind, predict bool) Node {
	want := E("span", "class", "unpredicted").Say("?")
	if k.want != "" {
		want = codeBadge(k.want)
	}
	class, mark := "", Node{}
	switch {
	case k.want == "":
		class, mark = "unpredicted", E("span", "class", "mark none").Say("? not predicted")
	case k.pass:
		class, mark = "pass", E("span", "class", "mark pass").Say("✓ right")
	default:
		why := "expected " + string(k.want)
		if predict {
			why = "you predicted " + string(k.want)
		}
		class, mark = "fail", E("span", "class", "mark fail").Say("✗ wrong").With(E("span", "class", "why").Say(why))
	}
	in := E("td", "class", "input", "data-label", "Input").With(E("span"))
	if k.note {
		in = in.With(E("span", "class", "note"))
	}
	match := E("td", "class", "match", "data-label", "Match").With(mark)
	// A right row is one line: its reading opens on demand (style.css, the app's expand), so that
	// the wrong rows lead, open with their Why.
	if k.pass {
		class += " folds"
		match = match.With(E("button", "type", "button", "class", "expand", "aria-expanded", "false", "aria-label", "Details").
			With(E("span", "class", "wide").Say("Details")))
	}
	// tabindex: a summary's row link and a note's Try it take the focus to the row.
	return E("tr", "data-code", string(k.code), "data-pass", strconv.FormatBool(k.pass), "class", class, "tabindex", "-1").With(
		E("th", "class", "num", "scope", "row"),
		in,
		E("td", "class", "want", "data-label", WantLabel(predict)).With(want),
		E("td", "class", "got", "data-label", "Code").With(codeBadge(k.code)),
		E("td", "class", "obs", "data-label", "Observation"),
		match,
	)
}
