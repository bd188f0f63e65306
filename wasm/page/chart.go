package page

// The chart panel: the session's counts per code, over every run on the page.

import "coerceplayground/lesson"

// Totals are the session's counts per code, every code included.
func (s *State) Totals() []lesson.CodeCount { return lesson.CodeTotals(s.set.metrics.Snapshot()) }

// ResetCounts sets the session's counts back to zero.
func (s *State) ResetCounts() {
	s.set.metrics.Reset()
	s.emit(Counted)
}

// CountsTotal is how many results totals counts.
func CountsTotal(totals []lesson.CodeCount) int {
	n := 0
	for _, t := range totals {
		n += t.N
	}
	return n
}
