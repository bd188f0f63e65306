package page

// The learner box, "Try your own": its history (the inputs a learner tried, each with the tool
// it ran against and its result), kept in the State beside the table, saved with it, and turned
// into a table row by Add to table.

import (
	"strconv"
	"strings"

	"coerceplayground/lesson"
)

// Attempt is one entry of the learner's history: what was tried and what it gave. Seq names it
// for the page's whole session (it counts up from 1, and no two attempts share one), so a view
// can find it again after older attempts were forgotten.
type Attempt struct {
	lesson.Tried
	Result lesson.Result
	Seq    int
}

// Learner is the learner's history, oldest first. It belongs to the State: read it only.
func (s *State) Learner() []Attempt { return s.learner }

// Try runs a learner's input against the table's tool and keeps it, newest last, in the history
// (the oldest attempt beyond lesson.MaxTried is forgotten).
func (s *State) Try(input string) (lesson.Result, error) {
	res, err := s.runOne(input)
	return s.keepTry(input, res, err)
}

// TryUnscored runs a lesson note's row target as Try your own runs an input, against the
// target's own tool, and keeps it in the history: in predict mode a Try it must neither give a
// row a prediction the student did not make nor change the score (NoteTriesUnscored).
func (s *State) TryUnscored(t lesson.Try) (lesson.Result, error) {
	tool := t.Tool
	if !isToolName(tool) {
		tool = s.Tool()
	}
	res, err := s.runTool(tool, t.Input)
	return s.keepTry(t.Input, res, err)
}

// NoteTriesUnscored reports whether a lesson note's row target runs in Try your own
// (TryUnscored) rather than in the table (PlaceTry): in predict mode, where the table's
// expected codes are the student's predictions.
func (s *State) NoteTriesUnscored() bool { return s.table.Mode == lesson.PredictMode }

// keepTry keeps a try that ran in the history.
func (s *State) keepTry(input string, res lesson.Result, err error) (lesson.Result, error) {
	if err != nil {
		return res, err
	}
	s.learner = append(s.learner, s.attempt(lesson.Tried{Tool: res.Tool, Input: input}, res))
	if n := len(s.learner) - lesson.MaxTried; n > 0 {
		s.learner = append([]Attempt(nil), s.learner[n:]...)
	}
	s.emit(LearnerChanged)
	return res, nil
}

// ClearLearner forgets the learner's history (and so the saved copy of it).
func (s *State) ClearLearner() {
	if len(s.learner) == 0 {
		return
	}
	s.learner = nil
	s.emit(LearnerChanged)
}

// Restore brings back a saved history: each input runs again against its tool, with the
// current settings, on a Lab that counts nowhere (the learner did not press anything). Entries
// for a tool the page does not have are dropped.
func (s *State) Restore(tried []lesson.Tried) {
	if len(tried) > lesson.MaxTried {
		tried = tried[len(tried)-lesson.MaxTried:]
	}
	lab := s.scratch()
	var out []Attempt
	for _, t := range tried {
		if !isToolName(t.Tool) || strings.TrimSpace(t.Input) == "" {
			continue
		}
		out = append(out, s.attempt(t, lab.RunRow(t.Tool, lesson.Row{Input: t.Input})))
	}
	s.learner = out
	s.emit(LearnerChanged)
}

func (s *State) attempt(t lesson.Tried, r lesson.Result) Attempt {
	s.seq++
	return Attempt{t, r, s.seq}
}

// AttemptBySeq finds the attempt named seq in the history; ok is false once it is forgotten.
func (s *State) AttemptBySeq(seq int) (i int, a Attempt, ok bool) {
	for i, a := range s.learner {
		if a.Seq == seq {
			return i, a, true
		}
	}
	return -1, Attempt{}, false
}

func isToolName(name string) bool {
	for _, n := range lesson.ToolNames() {
		if n == name {
			return true
		}
	}
	return false
}

// Added is what Add to table did.
type Added struct {
	// Row is the row that holds the input (from 0), or -1 when it was refused.
	Row int
	// New is true when Row was appended (Undo takes it away again); false when the table already
	// held the input, or when it was refused.
	New bool
	// Say is the sentence to read out.
	Say string
}

// AddTried adds attempt i of the history to the table as a new row. In predict mode the row
// comes without a prediction, for the learner to predict before Run; in check mode it expects
// the code it got, so it stands guard for that code from then on. An input the table already
// holds is not added twice: Row is that row. It is refused, with the reason, when the table
// calls another tool than the attempt did, is full, or cannot hold the input.
func (s *State) AddTried(i int) Added {
	refused := func(say string) Added { return Added{Row: -1, Say: say} }
	if i < 0 || i >= len(s.learner) {
		return refused("That try is no longer in the history.")
	}
	a := s.learner[i]
	if tool := s.Tool(); tool != a.Tool {
		return refused("This input ran against " + a.Tool + ", but the table calls " + tool + ", so it was not added. Try it again to run it against " + tool + ".")
	}
	r := lesson.Row{Input: strings.TrimSpace(a.Input)}
	for j, have := range s.table.Rows {
		if strings.TrimSpace(have.Input) == r.Input {
			return Added{Row: j, Say: "Already in the table as row " + strconv.Itoa(j+1) + "."}
		}
	}
	if s.table.Mode != lesson.PredictMode {
		r.Want = a.Result.Code
	}
	if err := (lesson.Table{Rows: []lesson.Row{r}}).Check(); err != nil {
		m := err.Error()
		if pe, ok := err.(*lesson.ParseError); ok {
			m = pe.Msg
		}
		return refused("A table row cannot hold this input (" + m + "), so it was not added.")
	}
	if !s.fits(r) {
		return refused(strings.TrimSuffix(s.FullNotice(), ".") + ", so the input was not added.")
	}
	s.remember()
	row := s.appendRow(r)
	say := "Added as row " + strconv.Itoa(row+1) + "."
	if r.Want != "" {
		say = "Added as row " + strconv.Itoa(row+1) + ", expecting " + string(r.Want) + "."
	}
	return Added{Row: row, New: true, Say: say}
}
