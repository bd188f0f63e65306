package page

// Handing a table on. Export, Copy link and Copy embed code each offer the table in one of two
// shapes, by name: a worksheet (no answers, for students to predict) or an answer key (every
// row's expected code, in check mode). Nothing an instructor typed is lost without their
// choosing: the answer key keeps every code in the table and fills only the blanks.

import (
	"strconv"
	"strings"

	"coerceplayground/lesson"
)

// Handout is the shape a table is handed on in.
type Handout int

const (
	// Worksheet is lesson.Worksheet: predict mode, no expected code.
	Worksheet Handout = iota + 1
	// AnswerKey is lesson.AnswerKey: check mode, every row's expected code.
	AnswerKey
)

// HandoutValue is the value of the radio button that picks h ("worksheet", "key"), and
// HandoutOf reads one back (the default, DefaultHandout, for anything else).
func HandoutValue(h Handout) string {
	if h == AnswerKey {
		return "key"
	}
	return "worksheet"
}

// HandoutOf reads a radio button's value; anything else is the default for the table.
func (s *State) HandoutOf(v string) Handout {
	switch v {
	case "worksheet":
		return Worksheet
	case "key":
		return AnswerKey
	}
	return s.DefaultHandout()
}

// DefaultHandout is the shape the dialogs start on: a worksheet for a table in predict mode,
// the answer key for one in check mode.
func (s *State) DefaultHandout() Handout {
	if s.table.Mode == lesson.PredictMode {
		return Worksheet
	}
	return AnswerKey
}

// Handed is the table as h hands it on, without its blank rows.
func (s *State) Handed(h Handout) lesson.Table {
	if h == Worksheet {
		return lesson.Worksheet(s.table.Filled())
	}
	return s.AnswerKey()
}

// AnswerKey is the table's answer key without its blank rows, in check mode with every code the
// table holds. In predict mode, where a row without a code is one still to predict, each such row
// gets its answer (lesson.AnswerKey: the lesson's, else what the tool answers); in check mode a
// row without a code is the instructor's choice, and stays so. A key whose answers would take it
// over the size of a link keeps the codes the table holds and no more.
func (s *State) AnswerKey() lesson.Table {
	t := s.table.Filled()
	if t.Mode != lesson.PredictMode {
		return t
	}
	key := lesson.AnswerKey(t, answers(s.freshLab(), s.Tool()))
	if lesson.SizeProblem(key) != "" {
		t.Mode = ""
		return t
	}
	return key
}

// HandoutNote is what a dialog says about the shape it hands on.
func HandoutNote(h Handout) string {
	if h == Worksheet {
		return "A worksheet: predict mode, no expected codes. Whoever opens it predicts each row before Run."
	}
	return "An answer key: every row's expected code (the ones in the table; in predict mode the tool's true answer where a row has none). Whoever opens it sees the answers."
}

// keyShown is how many rows the instructor tools' answer key names before "…".
const keyShown = 40

// KeyLine is what the instructor tools show in predict mode, where the table's codes are the
// learner's to fill: the answer key the page would hand on, row by row ("1 ok · 2 ok · 3
// invalid_args", each number joined to its code by a no-break space), so that the instructor sees the expected codes while the worksheet stays
// blank. "" in check mode, where the rows show their expected codes themselves.
func (s *State) KeyLine() string {
	if s.table.Mode != lesson.PredictMode {
		return ""
	}
	answer := answers(s.scratch(), s.Tool())
	var parts []string
	n := 0
	for i, r := range s.table.Rows {
		if strings.TrimSpace(r.Input) == "" {
			continue
		}
		n++
		if len(parts) == keyShown {
			continue
		}
		want := r.Want
		if want == "" {
			want = answer(r)
		}
		parts = append(parts, strconv.Itoa(i+1)+"\u00a0"+string(want)) // a row's number stays with its code
	}
	if n == 0 {
		return ""
	}
	line := "Answer key (a worksheet carries none): " + strings.Join(parts, " · ")
	if n > keyShown {
		line += " · and " + plural(n-keyShown, "more row", "more rows") + " (Export the answer key for all)"
	}
	return line + "."
}
