package page

import (
	"reflect"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/lesson/largest"
)

// instructorTable is the lesson's worksheet with a row an instructor added in predict mode:
// 0017, expecting invalid_args.
func instructorTable(t *testing.T) *State {
	t.Helper()
	s := New(lesson.Opening())
	i := s.Add()
	if msg := s.SetInput(i, "0017") + s.SetWant(i, "invalid_args"); msg != "" {
		t.Fatal(msg)
	}
	return s
}

// Export, Copy link and Copy embed code hand on an answer key that keeps the code an instructor
// typed in predict mode (before, Export wrote "0017  ?" and Import lost the code) and gives
// every other row its true code; the worksheet carries none.
func TestAnswerKeyKeepsWhatWasTyped(t *testing.T) {
	s := instructorTable(t)
	want := []string{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found", "invalid_args"}
	codes := func(tb lesson.Table) []string {
		var out []string
		for _, r := range tb.Rows {
			out = append(out, string(r.Want))
		}
		return out
	}
	imported, err := Import(s.Export(AnswerKey, false))
	if err != nil || !reflect.DeepEqual(codes(imported), want) || imported.Mode != "" {
		t.Errorf("the exported answer key imports with codes %q, mode %q (%v), want %q", codes(imported), imported.Mode, err, want)
	}
	if !strings.Contains(s.Export(AnswerKey, false), "0017   invalid_args") {
		t.Errorf("the answer key drops the typed code:\n%s", s.Export(AnswerKey, false))
	}
	link := ShareLink("https://x.test/", s.Handed(AnswerKey))
	if got := chooseFrom(link[len("https://x.test/#"):], "").Table; !reflect.DeepEqual(codes(got), want) {
		t.Errorf("the answer key's link opens with codes %q", codes(got))
	}
	src := embedSrc(t, s, AnswerKey)
	if f := embed.ParseFragment(src); f.Options.Predict || !reflect.DeepEqual(codes(f.Table), want) {
		t.Errorf("the answer key's embed code opens with codes %q (predict %v)", codes(f.Table), f.Options.Predict)
	}
	for name, tb := range map[string]lesson.Table{
		"export": mustImport(t, s.Export(Worksheet, false)),
		"link":   chooseFrom(ShareLink("https://x.test/", s.Handed(Worksheet))[len("https://x.test/#"):], "").Table,
		"embed":  embed.ParseFragment(embedSrc(t, s, Worksheet)).Table,
	} {
		if tb.Mode != lesson.PredictMode || strings.Join(codes(tb), "") != "" || len(tb.Rows) != 7 {
			t.Errorf("the worksheet's %s holds mode %q, codes %q", name, tb.Mode, codes(tb))
		}
	}
	if s.DefaultHandout() != Worksheet || s.HandoutOf("key") != AnswerKey || s.HandoutOf("x") != Worksheet {
		t.Error("a predict-mode table's dialogs do not start on the worksheet")
	}
}

func mustImport(t *testing.T, text string) lesson.Table {
	t.Helper()
	tb, err := Import(text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return tb
}

// embedSrc is the fragment of the frame's src the embed code for h writes.
func embedSrc(t *testing.T, s *State, h Handout) string {
	t.Helper()
	code, _ := embed.Code("https://x.test/", s.Handed(h), embed.Choice{Predict: h == Worksheet})
	_, src, ok := strings.Cut(code, "embed.html#")
	if !ok {
		t.Fatalf("no frame in %s", code)
	}
	src, _, _ = strings.Cut(src, `"`)
	return strings.ReplaceAll(src, "&amp;", "&")
}

// With predict mode off the expected codes are the table's true ones: what was typed is kept,
// the blanks get the lesson's answers, and the sentence about the mode names the codes (before,
// it said "the table's expected codes are the lesson's answers" over rows still "? not
// predicted"). Undo brings the worksheet back.
func TestPredictModeOffShowsTrueCodes(t *testing.T) {
	s := instructorTable(t)
	if n := s.StopPredicting(); n != 6 {
		t.Errorf("predict mode off filled %d rows, want 6", n)
	}
	for i, r := range s.Table().Rows {
		if want := lesson.Classroom().Rows; i < 6 && r.Want != want[i].Want || r.Want == "" {
			t.Errorf("row %d expects %q in check mode", i+1, r.Want)
		}
	}
	msg, _ := s.Prediction()
	if msg != "Predict mode is off: Run checks each row against its expected code (2 ok, 4 invalid_args, 1 not_found)." {
		t.Errorf("the predict panel says %q", msg)
	}
	if !s.Undo() || s.Table().Mode != lesson.PredictMode || s.Table().Rows[0].Want != "" || s.Table().Rows[6].Want != "invalid_args" {
		t.Errorf("Undo brought back %+v", s.Table())
	}
	s.SetMode("")
	s.Add()
	if msg := s.CheckSentence(); !strings.Contains(msg, "(1 invalid_args). 6 rows have none yet") {
		t.Errorf("a check-mode table with blanks reads %q", msg)
	}
}

// In predict mode the instructor tools show the answer key, the worksheet's rows staying blank.
func TestKeyLine(t *testing.T) {
	s := instructorTable(t)
	if got := strings.ReplaceAll(s.KeyLine(), "\u00a0", " "); got != "Answer key (a worksheet carries none): 1 ok · 2 ok · 3 invalid_args · 4 invalid_args · 5 invalid_args · 6 not_found · 7 invalid_args." {
		t.Errorf("key line %q", got)
	}
	s.StopPredicting()
	if got := s.KeyLine(); got != "" {
		t.Errorf("in check mode the key line is %q", got)
	}
}

// In check mode a row without a code is the instructor's choice: the answer key keeps it so (a
// check-mode link is what it was). A predict-mode table at its size limit, whose answers would
// not fit in a link, gets a key with the codes it holds and no more.
func TestAnswerKeyBlanksAndLimit(t *testing.T) {
	s := New(lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: "99"}}})
	if k := s.AnswerKey(); k.Rows[1].Want != "" || k.Rows[0].Want != "ok" {
		t.Errorf("the check-mode key is %+v", k.Rows)
	}
	big := largest.Table()
	big.Mode = lesson.PredictMode
	k := New(big).AnswerKey()
	if msg := lesson.SizeProblem(k); msg != "" || k.Mode != "" || !reflect.DeepEqual(k.Rows, big.Rows) {
		t.Errorf("the largest table's key: %s, mode %q, rows kept %v", msg, k.Mode, reflect.DeepEqual(k.Rows, big.Rows))
	}
}

// TestAnswersFollowTheSwitches: with digit strings no longer coerced, "17" is invalid_args, and
// the answers the page shows say so (the key line, Show the lesson's answers, predict mode turned
// off), while a key handed on keeps ok: whoever opens it runs with the lesson's switches.
func TestAnswersFollowTheSwitches(t *testing.T) {
	predict := func() *State {
		s := New(lesson.Worksheet(lesson.Classroom()))
		off, _ := lesson.DefaultSwitches().With("digit_strings", false)
		s.SetSwitches(off)
		return s
	}
	s := predict()
	if line := s.KeyLine(); !strings.Contains(line, "1\u00a0invalid_args") {
		t.Errorf("key line with digit strings off: %q", line)
	}
	if key := s.AnswerKey(); key.Rows[0].Want != "ok" {
		t.Errorf("the key handed on says %s for %s", key.Rows[0].Want, key.Rows[0].Input)
	}
	s.ShowAnswers()
	if got := s.Table().Rows[0].Want; got != "invalid_args" {
		t.Errorf("Show the lesson's answers fills %s for %s", got, s.Table().Rows[0].Input)
	}
	s = predict()
	s.StopPredicting()
	if got := s.Table().Rows[0].Want; got != "invalid_args" {
		t.Errorf("predict mode off fills %s for %s", got, s.Table().Rows[0].Input)
	}
	if err := s.Run(); err != nil || !s.Results()[0].Pass {
		t.Errorf("the filled row does not pass its own Run: %+v %v", s.Results()[0], err)
	}
}
