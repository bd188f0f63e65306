package page

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// Add to table: what each attempt becomes, or why it is refused; a refusal leaves the table and
// Undo as they were.
func TestAddTried(t *testing.T) {
	full := lesson.Table{Rows: make([]lesson.Row, lesson.MaxRows)}
	for i := range full.Rows {
		full.Rows[i] = lesson.Row{Input: "17"}
	}
	for _, tc := range []struct {
		name  string
		table lesson.Table
		input string
		then  func(*State)
		row   lesson.Row // the added row; Input "" when refused
		said  string
	}{
		{"check mode expects the code it got", lesson.Classroom(), " 0017 ", nil,
			lesson.Row{Input: "0017", Want: "invalid_args"}, "Added as row 7, expecting invalid_args."},
		{"predict mode leaves the prediction to the learner", lesson.Opening(), "42", nil,
			lesson.Row{Input: "42"}, "Added as row 7."},
		{"another tool", lesson.Opening(), "17", func(s *State) { s.SetTool("get_user") },
			lesson.Row{}, "ran against get_job, but the table calls get_user"},
		{"a full table", full, "42", nil, lesson.Row{}, "The table is full: a table holds at most"},
		{"an input the text format reads two ways", lesson.Opening(), `"x ok # y`, nil, lesson.Row{}, "A table row cannot hold this input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(tc.table)
			if _, err := s.Try(tc.input); err != nil {
				t.Fatal(err)
			}
			if tc.then != nil {
				tc.then(s)
			}
			before := len(s.Table().Rows)
			undo := s.CanUndo()
			got := s.AddTried(0)
			i, said := got.Row, got.Say
			if !strings.Contains(said, tc.said) {
				t.Errorf("said %q, want %q", said, tc.said)
			}
			if tc.row.Input == "" {
				if i != -1 || got.New || len(s.Table().Rows) != before || s.CanUndo() != undo {
					t.Errorf("refused, yet row %d, %d rows, undo %v", i, len(s.Table().Rows), s.CanUndo())
				}
				return
			}
			if i != before || !got.New || s.Table().Rows[i] != tc.row {
				t.Fatalf("row %d = %+v, want %d %+v", i, s.Table().Rows[i], before, tc.row)
			}
			if !s.Undo() || len(s.Table().Rows) != before {
				t.Errorf("Undo left %d rows, want %d", len(s.Table().Rows), before)
			}
		})
	}
	if got := New(lesson.Opening()).AddTried(0); got.Say == "" || got.Row != -1 {
		t.Error("an attempt that is not there was added silently")
	}
	// An input the table holds already is not added twice: the reader is taken to its row.
	s := New(lesson.Opening())
	s.Try(" True ")
	if got := s.AddTried(0); got.Row != 4 || got.New || got.Say != "Already in the table as row 5." || len(s.Table().Rows) != 6 || s.CanUndo() {
		t.Errorf("adding True again: %+v, %d rows", got, len(s.Table().Rows))
	}
}
