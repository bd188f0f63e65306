package page

import "coerceplayground/lesson"

// Saved is what the page writes to localStorage: the table (without its blank rows) and the
// learner's history, as lesson.EncodeSaved keeps it.
func (s *State) Saved() string {
	tried := make([]lesson.Tried, len(s.learner))
	for i, a := range s.learner {
		tried[i] = a.Tried
	}
	return lesson.EncodeSaved(lesson.Saved{Table: s.table.Filled(), Learner: tried})
}
