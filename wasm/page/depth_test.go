package page

import (
	"slices"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func preset(t *testing.T, name string) lesson.Script {
	t.Helper()
	for _, p := range lesson.Presets() {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("no preset %q", name)
	return lesson.Script{}
}

// decisions lists the decisions of the sent steps and how many were not sent.
func decisions(steps []lesson.Step) (out []string, unsent int) {
	for _, st := range steps {
		if st.Sent {
			out = append(out, string(st.Decision))
		} else {
			unsent++
		}
	}
	return out, unsent
}

func TestLoopPresetsOnThePage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		want   []string
		unsent int
	}{
		{"fixes", []string{"retry", "continue"}, 0},
		{"booleans", []string{"retry", "handoff"}, 1},
		{"guesses", []string{"retry", "handoff"}, 1},
		{"refund", []string{"stop"}, 1},
	} {
		s := New(lesson.Classroom())
		steps, err := s.RunLoop(preset(t, tc.name))
		if err != nil {
			t.Fatal(err)
		}
		got, unsent := decisions(steps)
		if !slices.Equal(got, tc.want) || unsent != tc.unsent {
			t.Errorf("%s: decisions %v, %d not sent; want %v, %d", tc.name, got, unsent, tc.want, tc.unsent)
		}
		if tc.name == "refund" && !strings.Contains(steps[0].Result.Observation, `"required_permission":"refunds.write"`) {
			t.Errorf("refund without permission: %s", steps[0].Result.Observation)
		}
	}
}

func TestRefundsWriteSwitchReachesEveryRun(t *testing.T) {
	s := New(lesson.Classroom())
	steps, _ := s.RunLoop(preset(t, "refund"))
	if steps[0].Result.Code != "denied" {
		t.Fatalf("without refunds.write: %s", steps[0].Result.Code)
	}
	s.SetRefundsWrite(true)
	steps, _ = s.RunLoop(preset(t, "refund"))
	if got, _ := decisions(steps); steps[0].Result.Code != "ok" || !slices.Equal(got, []string{"continue", "continue"}) {
		t.Errorf("with refunds.write: %s, decisions %v", steps[0].Result.Code, got)
	}
	if !s.SetTool("refund") || s.Table().Tool != "refund" || s.Tool() != "refund" {
		t.Fatalf("SetTool(refund): table tool %q", s.Table().Tool)
	}
	if res, _ := s.runOne(`{"job_id": 17, "amount_cents": 500}`); res.Code != "ok" {
		t.Errorf("the learner box ignores refunds.write: %s", res.Observation)
	}
	s.SetRefundsWrite(false)
	if res, _ := s.runOne(`{"job_id": 17, "amount_cents": 500}`); res.Code != "denied" {
		t.Errorf("withdrawn refunds.write still granted: %s", res.Observation)
	}
	if s.SetTool("drop_tables") || s.Tool() != "refund" {
		t.Error("SetTool took a tool the lesson does not have")
	}
	if !s.SetTool("get_job") || s.Table().Tool != "" {
		t.Errorf("get_job is stored as %q, want \"\" so old links stay equal", s.Table().Tool)
	}
}

func TestMetricsCountEveryKindOfRun(t *testing.T) {
	s := New(lesson.Classroom())
	total := func() map[string]int {
		m := map[string]int{}
		for _, c := range s.Totals() {
			m[string(c.Code)] = c.N
		}
		return m
	}
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	if got := total(); got["ok"] != 2 || got["invalid_args"] != 3 || got["not_found"] != 1 {
		t.Errorf("after the table: %v", got)
	}
	s.runOne("99")
	s.RunLoop(preset(t, "refund")) // one call sent: denied
	s.RunHTTP(lesson.HTTPRows()[:2])
	if got := total(); got["not_found"] != 3 || got["denied"] != 1 || got["rate_limited"] != 1 {
		t.Errorf("after learner, loop and vendor rows: %v", got)
	}
	// Switching rebuilds the Lab but keeps the session's counts.
	s.SetSwitches(lesson.Switches{})
	s.SetRefundsWrite(true)
	if got := total(); got["ok"] != 2 {
		t.Errorf("rebuilding the lab lost the counts: %v", got)
	}
	s.ResetCounts()
	for c, n := range total() {
		if n != 0 {
			t.Errorf("after reset %s = %d", c, n)
		}
	}
}

func TestFlipTrimMarksChangedRowsAndAddsAFixture(t *testing.T) {
	tbl := lesson.Classroom()
	tbl.Rows = append(tbl.Rows, lesson.Row{Input: `" 17 "`, Want: "ok"})
	s := New(tbl)
	f, err := s.FlipSwitch("trim", false)
	if err != nil {
		t.Fatal(err)
	}
	want := []Change{{Row: 6, Input: `" 17 "`, Before: "ok", After: "invalid_args"}}
	if !slices.Equal(f.Changes, want) {
		t.Fatalf("changes %+v, want %+v", f.Changes, want)
	}
	if s.Switches().TrimSpace || !s.Switches().DigitStrings {
		t.Errorf("switches after the flip: %+v", s.Switches())
	}
	if s.Results()[6].Code != "invalid_args" || s.Stale() {
		t.Errorf("the table was not re-run: %+v", s.Results()[6])
	}
	if !strings.Contains(f.Message, "1 row") {
		t.Errorf("message %q", f.Message)
	}
	i := s.AddFixture(f.Changes[0], f)
	if i != 7 || s.Table().Rows[7].Input != `" 17 "` || s.Table().Rows[7].Want != "invalid_args" || !strings.Contains(s.Table().Rows[7].Note, "was ok") {
		t.Fatalf("fixture %d: %+v", i, s.Table().Rows)
	}
	if j := s.AddFixture(f.Changes[0], f); j != 7 || len(s.Table().Rows) != 8 {
		t.Errorf("adding the same fixture twice: %d, %d rows", j, len(s.Table().Rows))
	}
	if err := s.Run(); err != nil || !s.Results()[7].Pass {
		t.Errorf("the fixture does not pass with trimming off: %+v %v", s.Results()[7], err)
	}
}

func TestFlipThatChangesNothingSaysWhy(t *testing.T) {
	s := New(lesson.Classroom())
	f, err := s.FlipSwitch("bool_strings", true)
	if err != nil || len(f.Changes) != 0 {
		t.Fatalf("%+v %v", f, err)
	}
	if !strings.Contains(f.Message, "nothing changed") || !strings.Contains(f.Message, "only affects refund's dry_run") {
		t.Errorf("message %q", f.Message)
	}
	if _, err := s.FlipSwitch("octal", true); err == nil {
		t.Error("an unknown switch flipped")
	}
	// Digit strings off: "17" is rejected; 17 is not.
	f, _ = s.FlipSwitch("digit_strings", false)
	if len(f.Changes) != 1 || f.Changes[0].Input != `"17"` || f.Changes[0].After != "invalid_args" {
		t.Errorf("digit strings off: %+v", f.Changes)
	}
}

func TestEnsureRowForASwitchTry(t *testing.T) {
	s := New(lesson.Classroom())
	i, replaced := s.EnsureRow("get_job", `" 17 "`)
	if replaced || i != 6 || s.Table().Rows[6].Want != "ok" {
		t.Fatalf("EnsureRow: %d %v %+v", i, replaced, s.Table().Rows)
	}
	if j, _ := s.EnsureRow("get_job", `" 17 "`); j != 6 || len(s.Table().Rows) != 7 {
		t.Errorf("the row was added twice")
	}
	in := `{"job_id": 17, "amount_cents": 500, "dry_run": "true"}`
	s.SetRefundsWrite(true)
	i, replaced = s.EnsureRow("refund", in)
	if !replaced || i != 0 || s.Tool() != "refund" || len(s.Table().Rows) != 1 {
		t.Fatalf("a refund row on a get_job table: %d %v %+v", i, replaced, s.Table())
	}
	f, _ := s.FlipSwitch("bool_strings", true)
	if len(f.Changes) != 1 || f.Changes[0].Before != "invalid_args" || f.Changes[0].After != "ok" {
		t.Errorf("bool strings on: %+v", f.Changes)
	}
}

func TestHTTPDrafts(t *testing.T) {
	rows := lesson.HTTPRows()
	back, err := HTTPRowsOf(HTTPDrafts(rows))
	if err != nil {
		t.Fatal(err)
	}
	if lesson.FormatHTTPRows(back) != lesson.FormatHTTPRows(rows) {
		t.Errorf("drafts do not round-trip:\n%s\nwant\n%s", lesson.FormatHTTPRows(back), lesson.FormatHTTPRows(rows))
	}
	for _, tc := range []struct {
		d   HTTPDraft
		err string
	}{
		{HTTPDraft{Status: "4x9"}, "Row 1: the status"},
		{HTTPDraft{Status: "99"}, "Row 1: the status"},
		{HTTPDraft{}, "Row 1: the status"},
		{HTTPDraft{Deadline: true}, ""},
		{HTTPDraft{Status: "429", Headers: "Retry-After 30"}, "Row 1: each header"},
		{HTTPDraft{Status: "429", Headers: "\nRetry-After: 30\n\n"}, ""},
	} {
		_, err := HTTPRowsOf([]HTTPDraft{tc.d})
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)) {
			t.Errorf("%+v: error %v, want %q", tc.d, err, tc.err)
		}
	}
	s := New(lesson.Classroom())
	i := FindHTTPRow(rows, "429")
	res, _ := s.RunHTTP(rows[i : i+1])
	if res[0].Code != "rate_limited" || !strings.Contains(res[0].Observation, `"retry_after":30`) || !res[0].Pass {
		t.Errorf("429: %+v", res[0])
	}
	if j := FindHTTPRow(rows, "deadline"); j < 0 || !rows[j].Deadline {
		t.Errorf("deadline row %d", j)
	}
	if FindHTTPRow(rows, "418") != -1 {
		t.Error("found a 418")
	}
}

func TestScoreAndPredictLink(t *testing.T) {
	s := New(lesson.Worksheet(lesson.Classroom()))
	if s.Table().Mode != lesson.PredictMode || s.Table().Rows[0].Want != "" {
		t.Fatalf("lesson.Worksheet: %+v", s.Table())
	}
	s.SetWant(0, "ok")        // "17": right
	s.SetWant(2, "ok")        // -1: wrong
	s.SetWant(5, "not_found") // 99: right
	s.Run()
	sc := ScorePredictions(s.Results())
	if sc.Right != 2 || sc.Predicted != 3 || sc.Unpredicted != 3 {
		t.Errorf("score %+v", sc)
	}
	if !slices.Equal(sc.Wrong, []Miss{{Row: 3, Input: "-1", Want: "ok", Got: "invalid_args"}}) {
		t.Errorf("wrong %+v", sc.Wrong)
	}
	if got := sc.Sentence(); got != "You predicted 2 of 6 right. 3 rows were not predicted (not counted as wrong)." {
		t.Errorf("sentence %q", got)
	}
	link := PredictLink("https://x.test/p#table=old&theme=dark", lesson.Classroom())
	start := chooseFrom(link[strings.Index(link, "#"):], "")
	if start.Table.Mode != lesson.PredictMode || start.Table.Rows[0].Want != "" || start.Notice != predictNotice || !strings.HasSuffix(link, "&theme=dark") {
		t.Errorf("predict link %s opens %+v", link, start)
	}
	if ScorePredictions(nil).Sentence() == "" {
		t.Error("no sentence for no predictions")
	}
}

func TestLoopSummaryAndLineError(t *testing.T) {
	s := New(lesson.Classroom())
	steps, _ := s.RunLoop(preset(t, "booleans"))
	if got := LoopSummary(steps); got != "The runtime ended the loop after 2 calls: handoff. 1 call was not sent." {
		t.Errorf("summary %q", got)
	}
	_, err := lesson.ParseScript("get_job 17\nfetch 3\n")
	if got := LineError(err); !strings.HasPrefix(got, "Line 2: ") {
		t.Errorf("LineError %q", got)
	}
}
