package page

import (
	"cmp"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/internal/fixture"
	"coerceplayground/lesson"
)

// recorder keeps the events a State announced since the last take.
type recorder struct{ got []string }

func record(s *State) *recorder {
	r := &recorder{}
	s.Subscribe(func(e Event) { r.got = append(r.got, e.String()) })
	return r
}

// take returns the events so far, joined by ", ", and forgets them.
func (r *recorder) take() string {
	out := strings.Join(r.got, ", ")
	r.got = nil
	return out
}

// TestStateScripts plays testdata/state.txt: each script starts from the lesson's table and is
// a list of steps. A step is an operation on the State; the lines under it that start with "=>"
// (the events it announced, in order, "-" for none), "rows:" (the inputs, joined by " | "),
// "stale:", "undo:", "results:" (how many, or "nil") and "refused:" (the start of what an edit
// over a limit said, "-" for nothing) check what the step did. An edit's text may use the
// escapes of coerce/testdata ({{TEXT*N}} repeats TEXT).
func TestStateScripts(t *testing.T) {
	raw, err := os.ReadFile("testdata/state.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(string(raw), "\n\n") {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		name, ok := strings.CutPrefix(lines[0], "# ")
		if !ok {
			continue // the file's own comments
		}
		t.Run(name, func(t *testing.T) {
			s := New(lesson.Classroom())
			events := record(s)
			refused := ""
			for n, line := range lines[1:] {
				line = strings.TrimSpace(line)
				if v, ok := strings.CutPrefix(line, "refused: "); ok {
					if got := cmp.Or(refused, "-"); !strings.HasPrefix(got, v) {
						t.Errorf("line %d: refused %q, want %q", n+2, got, v)
					}
					continue
				}
				if k, v, ok := strings.Cut(line, " "); ok && isCheck(k) || isCheck(line) {
					check(t, s, events, k, strings.TrimSpace(v), n+2)
					continue
				}
				events.take()
				refused = step(t, s, line)
			}
		})
	}
}

func isCheck(k string) bool {
	switch k {
	case "=>", "rows:", "stale:", "undo:", "results:", "learner:", "wants:", "locked:", "score:":
		return true
	}
	return false
}

// step carries out one operation of a script and returns what an edit refused said.
func step(t *testing.T, s *State, line string) (refused string) {
	t.Helper()
	op, arg, _ := strings.Cut(line, " ")
	num := func(i int) int {
		f := strings.Fields(arg)
		n, err := strconv.Atoi(f[i])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		return n
	}
	rest := func() string {
		_, v, _ := strings.Cut(arg, " ")
		v, err := fixture.Text(v)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		return v
	}
	if refused, ok := editStep(s, op, arg, num, rest); ok {
		return refused
	}
	switch op {
	case "run":
		if err := s.Run(); err != nil {
			t.Fatal(err)
		}
	case "learner":
		s.runOne(arg)
	case "try":
		if _, err := s.Try(arg); err != nil {
			t.Fatal(err)
		}
	case "add-tried":
		s.AddTried(num(0))
	case "clear-learner":
		s.ClearLearner()
	case "tool":
		s.SetTool(arg)
	case "mode":
		s.SetMode(strings.Trim(arg, `"`))
	case "refunds":
		s.SetRefundsWrite(arg == "on")
	case "switches":
		sw := lesson.DefaultSwitches()
		if arg == "off" {
			sw = lesson.Switches{}
		}
		s.SetSwitches(sw)
	case "flip":
		if _, err := s.FlipSwitch(strings.Fields(arg)[0], strings.Fields(arg)[1] == "on"); err != nil {
			t.Fatal(err)
		}
	case "place":
		s.PlaceTry(lesson.Try{Kind: "row", Tool: strings.Fields(arg)[0], Input: rest(), Claim: "ok"}, "a note")
	case "reset-counts":
		s.ResetCounts()
	case "predict":
		if msg := s.StartPredicting(); msg != "" {
			t.Fatal(msg)
		}
	case "show-answers":
		s.ShowAnswers()
	case "try-note":
		if _, err := s.TryUnscored(lesson.Try{Kind: "row", Tool: strings.Fields(arg)[0], Input: rest(), Claim: "ok"}); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("unknown step %q", line)
	}
	return ""
}

// editStep carries out a script's operation on the table's rows, if op is one (ok), with num and
// rest reading its arguments, and returns what a refused edit said.
func editStep(s *State, op, arg string, num func(int) int, rest func() string) (refused string, ok bool) {
	switch op {
	case "add":
		s.Add()
	case "delete":
		s.Delete(num(0))
	case "move":
		s.Move(num(0), num(1))
	case "input":
		return s.SetInput(num(0), rest()), true
	case "want":
		return s.SetWant(num(0), coerce.Code(rest())), true
	case "note":
		return s.SetNote(num(0), rest()), true
	case "replace":
		s.Replace(lesson.Table{Rows: rowsOf(arg)})
	case "load":
		s.Load(lesson.Table{Rows: rowsOf(arg)})
	case "undo":
		s.Undo()
	default:
		return "", false
	}
	return "", true
}

// rowsOf reads "a | b | c" as rows with those inputs.
func rowsOf(s string) []lesson.Row {
	var rows []lesson.Row
	for _, in := range strings.Split(s, "|") {
		if in = strings.TrimSpace(in); in != "" {
			rows = append(rows, lesson.Row{Input: in})
		}
	}
	return rows
}

func check(t *testing.T, s *State, events *recorder, k, want string, line int) {
	t.Helper()
	var got string
	switch k {
	case "=>":
		if got = events.take(); got == "" {
			got = "-"
		}
	case "rows:":
		got = strings.Join(inputs(s.Table()), " | ")
	case "stale:":
		got = strconv.FormatBool(s.Stale())
		if s.Stale() {
			got += " " + s.StaleNote()
		}
	case "undo:":
		got = strconv.FormatBool(s.CanUndo())
	case "learner:":
		var in []string
		for _, a := range s.Learner() {
			in = append(in, a.Input)
		}
		got = strings.Join(in, " | ")
	case "wants:":
		var w []string
		for _, r := range s.Table().Rows {
			w = append(w, cmp.Or(string(r.Want), "?"))
		}
		got = strings.Join(w, " | ")
	case "locked:":
		got = "-"
		if l := s.LockedRows(); l != nil {
			var n []string
			for _, i := range l {
				n = append(n, strconv.Itoa(i))
			}
			got = strings.Join(n, " ")
		}
	case "score:":
		sc := ScorePredictions(s.Results())
		got = strconv.Itoa(sc.Right) + " of " + strconv.Itoa(sc.Predicted+sc.Unpredicted)
	case "results:":
		got = "nil"
		if s.Results() != nil {
			got = strconv.Itoa(len(s.Results()))
		}
	}
	if !strings.HasPrefix(got, want) || want == "" && got != "" {
		t.Errorf("line %d: %s %q, want %q", line, k, got, want)
	}
}

// Undo brings back the table as it was, to the last field: tool, mode, preamble, wants and notes,
// whatever happened to the rows in between.
func TestUndoRestoresExactly(t *testing.T) {
	orig := lesson.Table{Tool: "refund", Mode: lesson.PredictMode, Preamble: []string{"# mine"},
		Rows: []lesson.Row{{Input: "1", Want: "ok", Note: "a"}, {Input: "2", Want: "", Note: "b"}, {Input: "3", Want: "denied"}}}
	for _, tc := range []struct {
		name   string
		change func(s *State)
	}{
		{"replace", func(s *State) { s.Replace(lesson.Classroom()) }},
		{"delete", func(s *State) { s.Delete(1) }},
		{"delete then edit the rows that moved up", func(s *State) { s.Delete(0); s.SetInput(0, "x"); s.Move(0, 1) }},
		{"predict mode", func(s *State) { s.Replace(lesson.Worksheet(s.Table())) }},
		{"a Try it of another tool", func(s *State) {
			s.PlaceTry(lesson.Try{Kind: "row", Tool: "get_job", Input: "17", Claim: "ok"}, "n")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := orig
			in.Rows = append([]lesson.Row(nil), orig.Rows...)
			s := New(in)
			tc.change(s)
			if !s.CanUndo() || !s.Undo() {
				t.Fatal("nothing to undo")
			}
			if got := s.Table(); !reflect.DeepEqual(got, orig) {
				t.Errorf("after undo\n got %+v\nwant %+v", got, orig)
			}
			if s.CanUndo() || s.Undo() {
				t.Error("undo twice")
			}
		})
	}
}

// TestStateOwnsItsRows: a State copies the table it is given (New, Replace, Load), so an edit
// through the State leaves the caller's table as it was, and an edit of that table after the
// call does not reach the State.
func TestStateOwnsItsRows(t *testing.T) {
	given := func() lesson.Table { return lesson.Table{Rows: []lesson.Row{{Input: "17"}, {Input: "99"}}} }
	for name, load := range map[string]func(lesson.Table) *State{
		"New":     New,
		"Replace": func(t lesson.Table) *State { s := New(lesson.Table{}); s.Replace(t); return s },
		"Load":    func(t lesson.Table) *State { s := New(lesson.Table{}); s.Load(t); return s },
	} {
		tbl := given()
		s := load(tbl)
		s.SetInput(0, `"17"`)
		if tbl.Rows[0].Input != "17" {
			t.Errorf("%s: an edit through the State changed the caller's table to %q", name, tbl.Rows[0].Input)
		}
		tbl.Rows[1].Input = "true"
		if got := s.Table().Rows[1].Input; got != "99" {
			t.Errorf("%s: the caller's edit reached the State: row 2 is %q", name, got)
		}
	}
}
