package page

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// State is the page's model: the table, the outcome of its last run, the
// undo slot, and the permissions, switches and counts every run uses. It is
// changed only through its methods; each change announces itself to the
// subscribers (Subscribe) as an Event, and the views re-render from the
// State when told. No view changes the State behind the others' backs.
type State struct {
	table lesson.Table
	// results are those of the last run, in table order; nil before the first run.
	results []lesson.Result
	// stale is why the results no longer describe what a run would give, or "".
	stale string
	// hunt is the last Run's hunt, for a table in hunt mode (hunt.go).
	hunt *lesson.Hunt
	// undo is the table before the last replacement or deletion, nil when there is nothing to undo.
	undo *lesson.Table
	// locked marks the rows whose prediction is locked (lock.go), parallel to table.Rows
	// (shorter or nil: the rows past its end are unlocked); undoLocked is undo's.
	locked, undoLocked []bool
	// undoRow is the row Undo brings back (a deleted row's index; 0 for a whole table).
	undoRow int
	// learner is the learner box's history, oldest first (learner.go).
	learner []Attempt
	seq     int // the last Attempt.Seq given

	subs []func(Event)

	// lab runs the table with the page's permissions and switches (lab.go).
	lab *lesson.Lab
	// declared is the own tool definition the Lab was given (declare).
	declared string
	set      settings // permissions, switches and the session's counts (lab.go)
}

// New returns a State holding t.
func New(t lesson.Table) *State {
	s := &State{table: clone(t)}
	s.rebuildLab()
	return s
}

// Event is what a State announces after it changed. Its String is the
// name the docs and the tests use.
type Event int

const (
	// Replaced: the whole table was swapped by the reader (reset, import, a
	// pasted link, predict mode, a Try it, Undo itself); Undo can bring the
	// old one back.
	Replaced Event = iota + 1
	// Loaded: the table was set from outside the page (a host's setTable, an
	// embed's mode=predict): the results are cleared, there is nothing to
	// undo, and the table is not the reader's to save.
	Loaded
	// Edited: a field of one row changed in place (input, expected code, note).
	Edited
	// RowsChanged: rows were added, moved or deleted.
	RowsChanged
	// SetupChanged: the table's tool, mode or own question changed.
	SetupChanged
	// LabChanged: the permissions or the coercion switches changed.
	LabChanged
	// ResultsStale: the last run's results no longer describe the table or
	// the settings (StaleNote says which).
	ResultsStale
	// Ran: the table ran; Results are new.
	Ran
	// Counted: a run was counted in the session (the table, the learner's box,
	// the loop, the vendor responses), or the counts were reset.
	Counted
	// LearnerChanged: the learner box's history changed (an input tried, the
	// history cleared or restored); the saved copy keeps it with the table.
	LearnerChanged
)

var eventNames = [...]string{
	Replaced: "replaced", Loaded: "loaded", Edited: "edited", RowsChanged: "rows changed",
	SetupChanged: "tool, mode or question changed", LabChanged: "permissions or switches changed",
	ResultsStale: "results stale", Ran: "ran", Counted: "counted", LearnerChanged: "learner history changed",
}

func (c Event) String() string {
	if c > 0 && int(c) < len(eventNames) {
		return eventNames[c]
	}
	return "change"
}

// TableChanged reports whether c changed the table itself (what a link, the
// saved copy or an embed snippet holds).
func (c Event) TableChanged() bool {
	switch c {
	case Replaced, Loaded, Edited, RowsChanged, SetupChanged:
		return true
	}
	return false
}

// Subscribe calls f after every change, in the order the subscribers came.
func (s *State) Subscribe(f func(Event)) { s.subs = append(s.subs, f) }

func (s *State) emit(c Event) {
	for _, f := range s.subs {
		f(c)
	}
}

// Table is the current table. Its rows belong to the State: read them, and
// change them only through the State's methods.
func (s *State) Table() lesson.Table { return s.table }

// Results are the last run's results in table order; nil before the first
// run and after a Loaded table.
func (s *State) Results() []lesson.Result { return s.results }

// Stale reports whether the table or the settings changed after the last run.
func (s *State) Stale() bool { return s.stale != "" }

// StaleNote is the sentence the results panel shows while they are stale.
func (s *State) StaleNote() string { return s.stale }

const (
	staleTable    = "The table changed since this run. Press Run to update the results."
	staleSettings = "The permissions or switches changed since this run. Press Run to update the results."
)

// Tool is the tool the table's rows call.
func (s *State) Tool() string { return s.table.ToolName() }

// CanAdd reports whether another row fits in the table (an empty one: its input is checked
// against the table's size when it is typed).
func (s *State) CanAdd() bool { return len(s.table.Rows) < lesson.MaxRows }

// fits reports whether r can be appended: a row to spare, and room for it in the table's size.
func (s *State) fits(r lesson.Row) bool {
	if !s.CanAdd() {
		return false
	}
	t := s.table
	t.Rows = append(t.Rows[:len(t.Rows):len(t.Rows)], r)
	return lesson.SizeProblem(t) == ""
}

// FullNotice says why a row cannot be added: the rows or the size.
func (s *State) FullNotice() string {
	if !s.CanAdd() {
		return "The table is full: a table holds at most " + strconv.Itoa(lesson.MaxRows) + " rows."
	}
	return "The table is full: it is near its limit of " + lesson.Bytes(lesson.MaxShareBytes) + " as a link."
}

// Add appends an empty row, still to be predicted, and returns its index, or
// -1 when the table is full.
func (s *State) Add() int {
	if !s.CanAdd() {
		return -1
	}
	s.table.Rows = append(s.table.Rows, lesson.Row{})
	s.lockAppend()
	s.changed(RowsChanged)
	return len(s.table.Rows) - 1
}

// Delete removes row i; Undo brings it back.
func (s *State) Delete(i int) {
	if i < 0 || i >= len(s.table.Rows) {
		return
	}
	s.remember()
	s.undoRow = i
	s.table.Rows = append(s.table.Rows[:i:i], s.table.Rows[i+1:]...)
	s.lockDelete(i)
	s.changed(RowsChanged)
}

// Move moves row i by delta places (-1 up, +1 down) and returns its new
// index; a move past either end leaves the table as it is.
func (s *State) Move(i, delta int) int {
	j := i + delta
	if i < 0 || i >= len(s.table.Rows) || j < 0 || j >= len(s.table.Rows) {
		return i
	}
	rows := s.table.Rows
	rows[i], rows[j] = rows[j], rows[i]
	s.lockSwap(i, j)
	s.changed(RowsChanged)
	return j
}

// SetInput sets row i's raw input. An input over lesson.MaxInputBytes, or one that would take
// the table over lesson.MaxShareBytes, is refused: the row keeps its input and the sentence
// returned says why (editRefused); "" means the change was made (or there was none). A locked
// row's input is refused too: its prediction was made for it (lock.go).
func (s *State) SetInput(i int, v string) string {
	if s.Locked(i) && s.table.Rows[i].Input != v {
		return lockRefused(i)
	}
	return s.setField(i, v, func(r *lesson.Row) *string { return &r.Input }, lesson.InputProblem)
}

// SetWant sets row i's expected code; "" means still to be predicted. Like SetInput, it refuses
// a change that would take the table over its size, and any change of a locked row's prediction.
func (s *State) SetWant(i int, v coerce.Code) string {
	if i < 0 || i >= len(s.table.Rows) || s.table.Rows[i].Want == v {
		return ""
	}
	if s.Locked(i) {
		return lockRefused(i)
	}
	// A code is at most a catalog name: it cannot take the table over its size by itself, but
	// the check stays with the other fields' so that nothing the editor accepts is refused later.
	old := s.table.Rows[i].Want
	s.table.Rows[i].Want = v
	if msg := lesson.SizeProblem(s.table); msg != "" && len(v) > len(old) {
		s.table.Rows[i].Want = old
		return editRefused(i, msg)
	}
	s.changed(Edited)
	return ""
}

// SetNote sets row i's note; like SetInput, it refuses a note over lesson.MaxNoteBytes and a
// change that would take the table over its size.
func (s *State) SetNote(i int, v string) string {
	return s.setField(i, v, func(r *lesson.Row) *string { return &r.Note }, lesson.NoteProblem)
}

// setField is the one way a row's field changes: within its own limit (problem) and the
// table's, or not at all. The editor counts what the decoders count, UTF-8 bytes, so that
// nothing it accepts is refused when the saved table or a link is read back.
func (s *State) setField(i int, v string, field func(*lesson.Row) *string, problem func(string) string) string {
	if i < 0 || i >= len(s.table.Rows) {
		return ""
	}
	p := field(&s.table.Rows[i])
	if *p == v {
		return ""
	}
	if msg := problem(v); msg != "" {
		return editRefused(i, msg)
	}
	old := *p
	*p = v
	if len(v) > len(old) {
		if msg := lesson.SizeProblem(s.table); msg != "" {
			*p = old
			return editRefused(i, msg)
		}
	}
	s.changed(Edited)
	return ""
}

// SetMode sets the table's mode ("" or lesson.PredictMode) without touching its rows.
func (s *State) SetMode(mode string) {
	if s.table.Mode != mode {
		s.table.Mode = mode
		s.changed(SetupChanged)
	}
}

// appendRow adds r at the end of the table and returns its index, or -1
// when the table is full.
func (s *State) appendRow(r lesson.Row) int {
	if !s.fits(r) {
		return -1
	}
	s.table.Rows = append(s.table.Rows, r)
	s.lockAppend()
	s.changed(RowsChanged)
	return len(s.table.Rows) - 1
}

// Replace swaps in a whole table (reset, import, a new link, predict mode);
// Undo brings the old one back.
func (s *State) Replace(t lesson.Table) {
	s.remember()
	s.table, s.locked = clone(t), nil
	s.declare()
	s.changed(Replaced)
}

// Load sets a table that comes from outside the reader's editing (a host
// page's setTable, an embed's options): the results are cleared and there
// is nothing to undo.
func (s *State) Load(t lesson.Table) {
	s.table, s.results, s.stale, s.undo = clone(t), nil, "", nil
	s.locked, s.undoLocked = nil, nil
	s.declare()
	s.emit(Loaded)
}

// CanUndo reports whether Undo has a table to bring back.
func (s *State) CanUndo() bool { return s.undo != nil }

// Undo brings back the table from before the last replacement or deletion,
// once, and reports whether there was one.
func (s *State) Undo() bool {
	if s.undo == nil {
		return false
	}
	t := *s.undo
	s.undo = nil
	s.table, s.locked, s.undoLocked = t, s.undoLocked, nil
	s.declare()
	s.changed(Replaced)
	return true
}

// UndoneRow is the row the last Undo brought back, where the keyboard goes after it: a deleted
// row, or the first row of a table brought back whole; -1 when the table has no rows.
func (s *State) UndoneRow() int {
	return min(s.undoRow, len(s.table.Rows)-1)
}

// remember keeps a copy of the table for Undo.
func (s *State) remember() {
	c := clone(s.table)
	s.undo = &c
	s.undoRow = 0
	s.undoLocked = append([]bool(nil), s.locked...)
}

// changed announces c and, when there are results, that they are stale.
func (s *State) changed(c Event) {
	s.emit(c)
	s.markStale(staleTable)
}

// markStale announces that the results no longer describe a run; nothing
// is stale before the first run.
func (s *State) markStale(why string) {
	if s.results == nil {
		return
	}
	s.stale = why
	s.emit(ResultsStale)
}

// clone copies t's rows and preamble, so a State never shares them with its caller: an edit
// through the State does not change the table it was given, nor an edit of that table the State.
func clone(t lesson.Table) lesson.Table {
	t.Rows = append([]lesson.Row(nil), t.Rows...)
	t.Preamble = append([]string(nil), t.Preamble...)
	return t
}
