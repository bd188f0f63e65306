// Package page is the playground page's state and the logic behind its
// controls, without the DOM, so that it runs under go test. The browser app
// (wasm/app) reads the DOM, calls this package and renders what it returns.
//
// Vocabulary, as on the page and in the README:
//   - the table is the instructor's list of rows (input and want); the
//     lesson's table is lesson.Classroom();
//   - a run turns each row into a lesson.Result: its code and observation, and
//     whether the code matches the row's want (pass);
//   - the fragment is the part of the page URL after '#'. "table=" + payload
//     in it carries a whole table (lesson.EncodeShare); other "key=value"
//     pairs, joined by '&', are left for later options;
//   - the saved table is the copy kept in the browser's localStorage.
package page

import (
	"strconv"
	"strings"

	"coerceplayground/lesson"
)

// StorageKey is the localStorage key of the saved table.
const StorageKey = "coerce-playground:table"

// State is the page's table and the outcome of its last run.
type State struct {
	Table lesson.Table
	// Results are those of the last run, in table order; nil before the
	// first run.
	Results []lesson.Result
	// Stale is true when the table changed after the last run.
	Stale bool

	lab   runner
	depth depth // permissions, switches and the session's metrics (depth.go)
}

// runner is what State needs of a *lesson.Lab.
type runner interface {
	Run(lesson.Table) []lesson.Result
	RunRow(tool string, r lesson.Row) lesson.Result
}

// New returns a State holding t.
func New(t lesson.Table) *State {
	s := &State{Table: t}
	s.rebuildLab()
	return s
}

// Tool is the tool the table's rows call.
func (s *State) Tool() string { return ToolOf(s.Table) }

// ToolOf is the tool t's rows call.
func ToolOf(t lesson.Table) string {
	if t.Tool == "" {
		return lesson.DefaultTool
	}
	return t.Tool
}

// ForLearner prepares a table that arrives for a learner (a link, an
// import): in predict mode its expected codes are cleared, to be predicted
// before Run. The bool reports whether it was.
func ForLearner(t lesson.Table) (lesson.Table, bool) {
	if t.Mode != lesson.PredictMode {
		return t, false
	}
	rows := make([]lesson.Row, len(t.Rows))
	for i, r := range t.Rows {
		r.Want = ""
		rows[i] = r
	}
	t.Rows = rows
	return t, true
}

// PredictNotice is the sentence shown when a predict-mode table arrives.
const PredictNotice = "Predict mode: choose the code you expect for each row, then press Run to check."

// Start is the table the page opens with and what to tell the reader about
// where it came from.
type Start struct {
	Table lesson.Table
	// Notice is a sentence for the reader, or "" when there is nothing to say.
	Notice string
	// FromLink is true when the table came from the fragment.
	FromLink bool
}

// Choose picks the opening table: the fragment's, else the saved one, else
// the lesson's. A fragment or saved table that cannot be read gives the
// lesson's table and a notice saying so; it is never half-loaded.
func Choose(fragment, saved string) Start {
	if payload, ok := FragmentTable(fragment); ok {
		t, err := lesson.DecodeShare(payload)
		if err != nil {
			return Start{Table: lesson.Classroom(), Notice: "This link's table could not be read (" +
				strings.TrimPrefix(err.Error(), lesson.ErrShare.Error()+": ") +
				"), so the lesson's table is shown instead. Ask for a new link."}
		}
		t, predict := ForLearner(t)
		st := Start{Table: t, FromLink: true}
		if predict {
			st.Notice = PredictNotice
		}
		return st
	}
	if saved != "" {
		t, err := lesson.DecodeShare(saved)
		if err != nil {
			return Start{Table: lesson.Classroom(), Notice: "The table saved in this browser could not be read, so the lesson's table is shown instead."}
		}
		return Start{Table: t}
	}
	return Start{Table: lesson.Classroom()}
}

// FragmentTable returns the table payload of a fragment ("#table=…", with or
// without the '#', possibly among other "key=value" pairs joined by '&').
func FragmentTable(fragment string) (string, bool) {
	for _, kv := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if v, ok := strings.CutPrefix(kv, "table="); ok {
			return v, true
		}
	}
	return "", false
}

// WithTable returns fragment with its table payload replaced by payload (or
// removed when payload is ""), keeping every other pair. The result has no
// leading '#'.
func WithTable(fragment, payload string) string {
	var kept []string
	for _, kv := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if kv == "" || strings.HasPrefix(kv, "table=") {
			continue
		}
		kept = append(kept, kv)
	}
	if payload != "" {
		kept = append([]string{"table=" + payload}, kept...)
	}
	return strings.Join(kept, "&")
}

// ShareLink returns the page URL href with the table in its fragment: the
// link Copy link puts on the clipboard. Rows whose input is still empty are
// left out, since a link must load as a valid table.
func ShareLink(href string, t lesson.Table) string {
	base, fragment, _ := strings.Cut(href, "#")
	return base + "#" + WithTable(fragment, lesson.EncodeShare(Shareable(t)))
}

// Shareable returns t without the rows whose input is blank: the table as a
// link or the saved copy carries it.
func Shareable(t lesson.Table) lesson.Table {
	out := t
	out.Rows = nil
	for _, r := range t.Rows {
		if strings.TrimSpace(r.Input) != "" {
			out.Rows = append(out.Rows, r)
		}
	}
	return out
}

// Saved is what the page writes to localStorage for the current table.
func (s *State) Saved() string { return lesson.EncodeShare(Shareable(s.Table)) }

// CanAdd reports whether another row fits in the table.
func (s *State) CanAdd() bool { return len(s.Table.Rows) < lesson.MaxRows }

// Add appends an empty row, still to be predicted, and returns its index, or
// -1 when the table is full.
func (s *State) Add() int {
	if !s.CanAdd() {
		return -1
	}
	s.Table.Rows = append(s.Table.Rows, lesson.Row{})
	s.changed()
	return len(s.Table.Rows) - 1
}

// Delete removes row i.
func (s *State) Delete(i int) {
	if i < 0 || i >= len(s.Table.Rows) {
		return
	}
	s.Table.Rows = append(s.Table.Rows[:i], s.Table.Rows[i+1:]...)
	s.changed()
}

// Move moves row i by delta places (-1 up, +1 down) and returns its new
// index; a move past either end leaves the table as it is.
func (s *State) Move(i, delta int) int {
	j := i + delta
	if i < 0 || i >= len(s.Table.Rows) || j < 0 || j >= len(s.Table.Rows) {
		return i
	}
	rows := s.Table.Rows
	rows[i], rows[j] = rows[j], rows[i]
	s.changed()
	return j
}

// SetInput sets row i's raw input.
func (s *State) SetInput(i int, v string) {
	if i >= 0 && i < len(s.Table.Rows) && s.Table.Rows[i].Input != v {
		s.Table.Rows[i].Input = v
		s.changed()
	}
}

// SetWant sets row i's expected code; "" means still to be predicted.
func (s *State) SetWant(i int, v string) {
	if i >= 0 && i < len(s.Table.Rows) && s.Table.Rows[i].Want != v {
		s.Table.Rows[i].Want = v
		s.changed()
	}
}

// SetNote sets row i's note.
func (s *State) SetNote(i int, v string) {
	if i >= 0 && i < len(s.Table.Rows) && s.Table.Rows[i].Note != v {
		s.Table.Rows[i].Note = v
		s.changed()
	}
}

// Replace swaps in a whole table (reset, import, a new link).
func (s *State) Replace(t lesson.Table) {
	s.Table = t
	s.changed()
}

func (s *State) changed() {
	if s.Results != nil {
		s.Stale = true
	}
}

// Import reads the plain-text table format. The error names the line.
func Import(text string) (lesson.Table, error) {
	t, err := lesson.ParseTable(text)
	if err != nil {
		return lesson.Table{}, err
	}
	if len(t.Rows) == 0 {
		return lesson.Table{}, &lesson.ParseError{Line: 1, Msg: "the text has no rows; write one row per line: the input, then the expected code"}
	}
	if err := t.Check(); err != nil {
		return lesson.Table{}, err
	}
	return t, nil
}

// Run runs every row and keeps the results. lesson turns a row that panics
// into internal_error; should the lesson itself panic, the page keeps
// working: the results are cleared and the error comes back for a notice.
func (s *State) Run() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
			s.Results = nil
		}
	}()
	s.Results, s.Stale = s.lab.Run(s.Table), false
	return nil
}

// RunOne runs a learner's input against the table's tool.
func (s *State) RunOne(input string) (res lesson.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
		}
	}()
	return s.lab.RunRow(s.Tool(), lesson.Row{Input: input}), nil
}

type panicErr struct{ msg string }

func (e panicErr) Error() string { return e.msg }

func panicError(p any) error {
	switch v := p.(type) {
	case error:
		return panicErr{v.Error()}
	case string:
		return panicErr{v}
	default:
		return panicErr{"unexpected panic"}
	}
}

// Summary is the sentence read out after a run.
func Summary(results []lesson.Result) string {
	n := len(results)
	if n == 0 {
		return "The table has no rows. Add a row, then press Run."
	}
	sum := lesson.Summarize(results)
	var b strings.Builder
	b.WriteString(plural(n, "row", "rows"))
	b.WriteString(": ")
	var parts []string
	if sum.Passed > 0 || sum.Failed > 0 {
		parts = append(parts, strconv.Itoa(sum.Passed)+" as expected")
	}
	if sum.Failed > 0 {
		var which []string
		for i, r := range results {
			if r.Want != "" && !r.Pass {
				which = append(which, strconv.Itoa(i+1))
			}
		}
		if len(which) > 5 {
			which = append(which[:5], "…")
		}
		parts = append(parts, strconv.Itoa(sum.Failed)+" not as expected (row "+strings.Join(which, ", ")+")")
	}
	if sum.Unpredicted > 0 {
		parts = append(parts, strconv.Itoa(sum.Unpredicted)+" without a prediction")
	}
	b.WriteString(strings.Join(parts, ", "))
	b.WriteString(". ")
	var counts []string
	for _, c := range sum.Counts {
		counts = append(counts, c.Code+" "+strconv.Itoa(c.N))
	}
	b.WriteString("Codes: ")
	b.WriteString(strings.Join(counts, ", "))
	b.WriteString(".")
	return b.String()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
