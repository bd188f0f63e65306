package page

import (
	"strings"

	"coerceplayground/lesson"
)

// Saved is what the page writes to localStorage: the table (without its blank rows), the rows
// whose prediction is locked, counted in that table, and the learner's history, as
// lesson.EncodeSaved keeps them.
func (s *State) Saved() string {
	tried := make([]lesson.Tried, len(s.learner))
	for i, a := range s.learner {
		tried[i] = a.Tried
	}
	var locked []int
	n := 0 // the row's index in the table without its blank rows
	for i, r := range s.table.Rows {
		if strings.TrimSpace(r.Input) == "" {
			continue
		}
		if s.Locked(i) {
			locked = append(locked, n)
		}
		n++
	}
	return lesson.EncodeSaved(lesson.Saved{Table: s.table.Filled(), Locked: locked, Learner: tried})
}

// RestoreLocks locks the rows of a saved copy's Locked (lesson.Saved) in the table the State
// opened with, so that a reload does not unlock a prediction made before its result was shown.
// It holds only in predict mode (lock.go); indexes past the table are ignored.
func (s *State) RestoreLocks(rows []int) {
	if s.table.Mode != lesson.PredictMode || len(rows) == 0 {
		return
	}
	s.locked = make([]bool, len(s.table.Rows))
	for _, i := range rows {
		if i >= 0 && i < len(s.locked) {
			s.locked[i] = true
		}
	}
}
