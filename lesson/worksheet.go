package lesson

import (
	"strings"

	"coerceplayground/coerce"
)

// A table travels in four shapes, and these are the only functions that make them:
//   - as the instructor wrote it;
//   - Filled: without its blank rows, as the saved copy and a link keep it;
//   - Worksheet: in predict mode with every expected code cleared, as a learner receives it
//     to predict before Run;
//   - AnswerKey: in check mode with every row's expected code, as an instructor keeps it or
//     hands on the answers. Export, Copy link and Copy embed code offer these two by name.

// ToolName is the tool t's rows call: t.Tool, or DefaultTool when it names none.
func (t Table) ToolName() string {
	if t.Tool == "" {
		return DefaultTool
	}
	return t.Tool
}

// Filled is t without the rows whose input is blank: an editor's empty last line is not a row
// anyone means to share or keep.
func (t Table) Filled() Table {
	out := t
	out.Rows = nil
	for _, r := range t.Rows {
		if strings.TrimSpace(r.Input) != "" {
			out.Rows = append(out.Rows, r)
		}
	}
	return out
}

// Worksheet is t for a learner to predict: predict mode, every expected code cleared, the notes
// kept (the page hides them until the row has run). The rows are copied, so t is unchanged.
func Worksheet(t Table) Table {
	t.Mode = PredictMode
	rows := make([]Row, len(t.Rows))
	for i, r := range t.Rows {
		r.Want = ""
		rows[i] = r
	}
	t.Rows = rows
	return t
}

// AnswerKey is t with its answers: check mode, every expected code kept (what the instructor
// typed is never dropped) and each row still to be predicted given answer(r), the code it is
// meant to get (the page gives the lesson's answer, else what the tool answers). Rows with a
// blank input are left as they are. The rows are copied, so t is unchanged.
func AnswerKey(t Table, answer func(Row) coerce.Code) Table {
	t.Mode = ""
	rows := make([]Row, len(t.Rows))
	for i, r := range t.Rows {
		if r.Want == "" && strings.TrimSpace(r.Input) != "" {
			r.Want = answer(r)
		}
		rows[i] = r
	}
	t.Rows = rows
	return t
}

// Opening is the table the page opens with when there is no link and nothing saved: the
// lesson's table as a worksheet, for the student to predict. The lesson's answers stay in
// Classroom(), for Show the lesson's answers.
func Opening() Table { return Worksheet(Classroom()) }

// ForLearner is t as it reaches a learner through a link or an import: a worksheet when t is in
// predict mode, t itself otherwise. The bool reports whether it was made a worksheet.
func ForLearner(t Table) (Table, bool) {
	if t.Mode != PredictMode {
		return t, false
	}
	return Worksheet(t), true
}

// Shared is what a link or an export of t carries: its filled rows, and no expected code when
// t is in predict mode, so that a learner cannot read the answers out of the link.
func Shared(t Table) Table {
	t, _ = ForLearner(t.Filled())
	return t
}
