package page

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// A locked row reads as locked: its prediction disabled and described by the lock mark, which
// says why in words; its input read-only. An unlocked row has none of it.
func TestLockFill(t *testing.T) {
	r := lesson.Row{Input: "17", Want: "ok"}
	row := rowView(2, 6, r, true, lesson.Codes())
	for _, f := range LockFill(2) {
		row = fill(row, f.Path, f.Name, f.Value)
	}
	html := row.HTML()
	for _, want := range []string{`class="locked"`, `readonly`, `disabled aria-describedby="row-2-lock"`,
		`id="row-2-lock"`, "locked at Run", "Row 3's prediction is locked"} {
		if !strings.Contains(html, want) {
			t.Errorf("a locked row lacks %q:\n%s", want, html)
		}
	}
	if open := rowView(2, 6, r, true, lesson.Codes()).HTML(); strings.Contains(open, "disabled aria-describedby") || strings.Contains(open, "is locked") {
		t.Errorf("an unlocked row reads as locked:\n%s", open)
	}
}

// The state's locks, as the SCORM runtime reads them: none before Run, every run row after a
// Run in predict mode, none in check mode.
func TestLockedRows(t *testing.T) {
	s := New(lesson.Opening())
	if s.LockedRows() != nil || s.Locked(0) {
		t.Fatal("rows locked before any Run")
	}
	s.SetWant(0, "ok")
	s.Run()
	if got := s.LockedRows(); len(got) != 6 || !s.Locked(5) || s.Locked(6) || s.Locked(-1) {
		t.Errorf("after Run the locked rows are %v", got)
	}
	if msg := s.SetWant(0, "invalid_args"); !strings.Contains(msg, "locked") || s.Table().Rows[0].Want != "ok" {
		t.Errorf("a locked prediction changed (%q)", msg)
	}
	if msg := s.SetWant(0, "ok"); msg != "" {
		t.Errorf("setting a locked prediction to what it is was refused: %q", msg)
	}
	s.SetMode("")
	if s.LockedRows() != nil {
		t.Error("rows locked in check mode")
	}
}

// Undo says which row it brought back, for the keyboard to go to.
func TestUndoneRow(t *testing.T) {
	s := New(lesson.Opening())
	s.Delete(3)
	s.Undo()
	if got := s.UndoneRow(); got != 3 {
		t.Errorf("after undoing a delete of row 4 the row is %d", got)
	}
	s.ShowAnswers()
	s.Undo()
	if got := s.UndoneRow(); got != 0 {
		t.Errorf("after undoing Show the lesson's answers the row is %d", got)
	}
	s.Replace(lesson.Table{})
	s.Undo()
	s.Replace(lesson.Table{})
	if got := s.UndoneRow(); got != -1 {
		t.Errorf("an empty table's row is %d", got)
	}
}

// A reload keeps the locks: the saved copy holds them (counted without the blank rows it leaves
// out), the page opened on it restores them, and a prediction made after the results were
// shown is still refused. The worksheet's own link, opened again, brings the same work back.
func TestLocksSurviveReload(t *testing.T) {
	s := New(lesson.Opening())
	s.SetWant(0, "ok")
	s.Add() // a blank row: the saved copy leaves it out
	s.Run()
	i := s.Add()
	s.SetInput(i, "0017")
	saved := s.Saved()
	for name, st := range map[string]Start{
		"saved copy":     chooseFrom("", saved),
		"worksheet link": chooseFrom("table="+lesson.EncodeShare(lesson.Worksheet(s.Table().Filled())), saved),
	} {
		r := New(st.Table)
		r.RestoreLocks(st.Locked)
		if got := r.LockedRows(); len(got) != 6 || got[5] != 5 || r.Locked(6) {
			t.Errorf("%s: after a reload the locked rows are %v of %d", name, got, len(r.Table().Rows))
		}
		if msg := r.SetWant(1, "ok"); msg == "" || r.Table().Rows[1].Want != "" {
			t.Errorf("%s: after a reload a prediction made after Run was taken", name)
		}
		if msg := r.SetWant(6, "invalid_args"); msg != "" {
			t.Errorf("%s: the row added after Run is locked: %q", name, msg)
		}
	}
	other := lesson.Worksheet(lesson.Classroom())
	other.Rows = other.Rows[:3]
	if st := chooseFrom("table="+lesson.EncodeShare(other), saved); len(st.Table.Rows) != 3 || st.Locked != nil {
		t.Errorf("another worksheet's link opened the saved work: %d rows, locks %v", len(st.Table.Rows), st.Locked)
	}
}
