package page

import (
	"strconv"

	"coerceplayground/lesson"
)

// A prediction counts only when it was made before its row's result was shown. Run in predict
// mode locks every row it ran: from then on the row's prediction is the one the student made
// before seeing the result, and SetWant refuses to change it, so neither the score nor a host's
// results can be raised by predicting after the fact. A row added later (Add row, Add to table,
// an instructor's import) is unlocked until its own Run. Locks belong to the table the State
// holds: a new table (Replace, Load) starts unlocked, and Undo brings back the old table with
// its locks. They hold only in predict mode: in check mode the expected codes are the
// instructor's, to edit at will.

// lockedNote is the sentence a locked row's prediction carries for assistive technology.
func lockedNote(i int) string {
	return "Row " + strconv.Itoa(i+1) + "'s prediction is locked: its result was shown, so the prediction you made before it is the one that counts."
}

// Locked reports whether row i's prediction is locked: the table is in predict mode and the row
// has been run since it was added.
func (s *State) Locked(i int) bool {
	return s.table.Mode == lesson.PredictMode && i >= 0 && i < len(s.locked) && s.locked[i]
}

// LockedRows are the locked rows' indexes, in table order (nil when none is).
func (s *State) LockedRows() []int {
	var out []int
	for i := range s.locked {
		if s.Locked(i) {
			out = append(out, i)
		}
	}
	return out
}

// lockRan locks every row of a run in predict mode.
func (s *State) lockRan() {
	if s.table.Mode != lesson.PredictMode {
		return
	}
	s.locked = make([]bool, len(s.table.Rows))
	for i := range s.locked {
		s.locked[i] = i < len(s.results)
	}
}

// lockRefused says why a prediction was not changed.
func lockRefused(i int) string {
	return "Row " + strconv.Itoa(i+1) + "'s prediction was not changed: it is locked, because its result was shown. Add a row to predict a new input."
}

// The locks follow the rows through every change of the table.

func (s *State) lockAppend() {
	if s.locked != nil {
		s.locked = append(s.locked, false)
	}
}

func (s *State) lockDelete(i int) {
	if i < len(s.locked) {
		s.locked = append(s.locked[:i:i], s.locked[i+1:]...)
	}
}

func (s *State) lockSwap(i, j int) {
	if i < len(s.locked) && j < len(s.locked) {
		s.locked[i], s.locked[j] = s.locked[j], s.locked[i]
	}
}
