package page

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/embed"
	"coerceplayground/lesson"
)

func inputs(t lesson.Table) []string {
	var out []string
	for _, r := range t.Rows {
		out = append(out, r.Input)
	}
	return out
}

func TestChoose(t *testing.T) {
	lessonInputs := inputs(lesson.Classroom())
	custom := lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}, {Input: `"x"`, Want: ""}}}
	payload := lesson.EncodeShare(custom)

	tests := []struct {
		name, fragment, saved string
		want                  []string
		fromLink              bool
		notice                string
	}{
		{"nothing", "", "", lessonInputs, false, ""},
		{"link", "#table=" + payload, "", []string{"42", `"x"`}, true, ""},
		{"link without hash", "table=" + payload, "", []string{"42", `"x"`}, true, ""},
		{"link among options", "#theme=dark&table=" + payload + "&panels=all", "", []string{"42", `"x"`}, true, ""},
		{"link wins over saved", "#table=" + payload, lesson.EncodeShare(lesson.Classroom()), []string{"42", `"x"`}, true, ""},
		{"saved", "", payload, []string{"42", `"x"`}, false, ""},
		{"other fragment", "#table-h", payload, []string{"42", `"x"`}, false, ""},
		{"malformed link", "#table=!!!not-base64", payload, lessonInputs, false, "This link's table could not be read (it is not base64url)"},
		{"link with a bad code", "#table=" + lesson.EncodeShare(lesson.Table{Rows: []lesson.Row{{Input: "1", Want: "nope"}}}), "", lessonInputs, false, "row 1: unknown code"},
		{"empty link", "#table=", "", lessonInputs, false, "could not be read"},
		{"malformed saved", "", "%%%", lessonInputs, false, "The table saved in this browser could not be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := chooseFrom(tt.fragment, tt.saved)
			if !slices.Equal(inputs(got.Table), tt.want) {
				t.Errorf("inputs %q, want %q", inputs(got.Table), tt.want)
			}
			if got.FromLink != tt.fromLink {
				t.Errorf("FromLink %v", got.FromLink)
			}
			if tt.notice == "" && got.Notice != "" || !strings.Contains(got.Notice, tt.notice) {
				t.Errorf("Notice %q, want it to contain %q", got.Notice, tt.notice)
			}
		})
	}
}

func TestShareLinkRoundTrip(t *testing.T) {
	tb := lesson.Table{Rows: []lesson.Row{
		{Input: `<img src=x onerror=alert(1)>`, Want: "invalid_args", Note: "inert"},
		{Input: "   ", Want: "ok"}, // blank rows are not shared
		{Input: `{"job_id": 17, "x": 1}`, Want: "invalid_args"},
	}}
	for _, href := range []string{
		"http://127.0.0.1:8080/",
		"http://127.0.0.1:8080/?embed=1#table=old&theme=dark",
		"http://127.0.0.1:8080/index.html#table-h",
	} {
		link := ShareLink(href, tb)
		base, frag, _ := strings.Cut(link, "#")
		if wantBase, _, _ := strings.Cut(href, "#"); base != wantBase {
			t.Errorf("%s: base %q", href, base)
		}
		if strings.Contains(href, "theme=dark") && !strings.Contains(frag, "theme=dark") {
			t.Errorf("%s: lost the other options: %q", href, frag)
		}
		got := chooseFrom(frag, "")
		if !got.FromLink || len(got.Table.Rows) != 2 || got.Table.Rows[0] != tb.Rows[0] || got.Table.Rows[1] != tb.Rows[2] {
			t.Errorf("%s: round trip gave %+v", href, got)
		}
	}
	if got := embed.WithTable("#table=a&x=1", ""); got != "x=1" {
		t.Errorf("embed.WithTable remove = %q", got)
	}
}

func TestEdits(t *testing.T) {
	s := New(lesson.Classroom())
	if s.Stale() {
		t.Fatal("stale before any run")
	}
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	s.SetInput(0, "42")
	if !s.Stale() {
		t.Error("an edit after a run does not mark the results stale")
	}
	if j := s.Move(0, -1); j != 0 {
		t.Errorf("moving the first row up gave %d", j)
	}
	if j := s.Move(0, 1); j != 1 || s.Table().Rows[1].Input != "42" {
		t.Errorf("move down: %d %q", j, inputs(s.Table()))
	}
	last := len(s.Table().Rows) - 1
	if j := s.Move(last, 1); j != last {
		t.Errorf("moving the last row down gave %d", j)
	}
	s.SetWant(1, "")
	s.SetNote(1, "my note")
	if r := s.Table().Rows[1]; r.Want != "" || r.Note != "my note" {
		t.Errorf("row 2 = %+v", r)
	}
	n := len(s.Table().Rows)
	if i := s.Add(); i != n || len(s.Table().Rows) != n+1 {
		t.Errorf("Add = %d", i)
	}
	if got := chooseFrom("", s.Saved()); len(got.Table.Rows) != n {
		t.Errorf("the saved table keeps the blank row: %q", inputs(got.Table))
	}
	s.Delete(n)
	s.Delete(-1)
	s.Delete(99)
	if len(s.Table().Rows) != n {
		t.Errorf("after delete: %d rows", len(s.Table().Rows))
	}
	for s.CanAdd() {
		s.Add()
	}
	if len(s.Table().Rows) != lesson.MaxRows || s.Add() != -1 {
		t.Errorf("table grew past MaxRows: %d", len(s.Table().Rows))
	}
}

func TestRunClassroom(t *testing.T) {
	s := New(lesson.Classroom())
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, r := range s.Results() {
		codes = append(codes, string(r.Code))
	}
	want := []string{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found"}
	if !slices.Equal(codes, want) {
		t.Errorf("codes %q, want %q", codes, want)
	}
	if nf := s.Results()[5].Observation; !strings.Contains(nf, "17") || !strings.Contains(nf, "42") {
		t.Errorf("not_found observation does not name 17 and 42: %s", nf)
	}
	got := Summary(s.Results())
	if got != "6 rows: 6 right. Codes: ok 2, invalid_args 3, not_found 1." {
		t.Errorf("Summary = %q", got)
	}

	s.SetWant(0, "not_found")
	s.SetWant(1, "")
	s.Run()
	if got := Summary(s.Results()); got != "6 rows: 4 right, 1 wrong (row 1), 1 not predicted. Codes: ok 2, invalid_args 3, not_found 1." {
		t.Errorf("Summary = %q", got)
	}
	if got := Summary(nil); !strings.Contains(got, "no rows") {
		t.Errorf("Summary(nil) = %q", got)
	}
}

func TestRunOne(t *testing.T) {
	s := New(lesson.Classroom())
	res, err := s.runOne(`<img src=x onerror=alert(1)>`)
	if err != nil || res.Code != "invalid_args" || res.Input != `<img src=x onerror=alert(1)>` {
		t.Errorf("RunOne = %+v, %v", res, err)
	}
}

func TestPanicsComeBackAsErrors(t *testing.T) {
	s := New(lesson.Classroom())
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	// A bug in the page's own bookkeeping (here its counts gone) panics past the lesson.
	s.set.planned = nil
	const nilDeref = "runtime error: invalid memory address or nil pointer dereference"
	if err := s.Run(); err == nil || err.Error() != nilDeref || s.Results() != nil {
		t.Errorf("Run: err=%v results=%v", err, s.Results())
	}
	for p, want := range map[any]string{errors.New("bang"): "bang", "boom": "boom", 7: "unexpected panic"} {
		if got := panicError(p).Error(); got != want {
			t.Errorf("panicError(%v) = %q, want %q", p, got, want)
		}
	}
}

// A bug in the lesson (here a Lab that is not there) fails each row on its own, as
// internal_error, and the page goes on.
func TestABrokenLabFailsRowByRow(t *testing.T) {
	s := New(lesson.Classroom())
	s.lab = nil
	if err := s.Run(); err != nil || len(s.Results()) != len(lesson.Classroom().Rows) {
		t.Fatalf("Run: err=%v results=%d", err, len(s.Results()))
	}
	for _, r := range s.Results() {
		if r.Code != coerce.InternalError || r.HandlerCalled {
			t.Errorf("row %q: %+v", r.Input, r)
		}
	}
	if r, err := s.runOne("17"); err != nil || r.Code != coerce.InternalError {
		t.Errorf("runOne: %+v, %v", r, err)
	}
	steps, err := s.RunLoop(lesson.Presets()[0])
	if err != nil || len(steps) == 0 || steps[0].Result.Code != coerce.InternalError {
		t.Errorf("RunLoop: %+v, %v", steps, err)
	}
}

func TestPredictMode(t *testing.T) {
	tb := lesson.Table{Mode: lesson.PredictMode, Tool: "get_job", Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: "99", Want: "not_found"}}}
	got := chooseFrom("#table="+lesson.EncodeShare(tb), "")
	if got.Notice != predictNotice || got.Table.Rows[0].Want != "" || got.Table.Rows[1].Want != "" {
		t.Errorf("predict link: %+v", got)
	}
	if tb.Rows[0].Want != "ok" {
		t.Error("lesson.ForLearner changed its argument")
	}
	// The saved table is the learner's own: its predictions stay.
	tb.Rows[0].Want = "invalid_args"
	if got := chooseFrom("", lesson.EncodeShare(tb)); got.Table.Rows[0].Want != "invalid_args" || got.Notice != "" {
		t.Errorf("saved predict table: %+v", got)
	}
	if (lesson.Table{}).ToolName() != lesson.DefaultTool || (lesson.Table{Tool: "refund"}).ToolName() != "refund" {
		t.Error("ToolOf")
	}
}

func TestImport(t *testing.T) {
	tb, err := Import(lesson.FormatTable(lesson.Classroom()))
	if err != nil || !slices.Equal(inputs(tb), inputs(lesson.Classroom())) {
		t.Fatalf("Import(FormatTable(Classroom())) = %q, %v", inputs(tb), err)
	}
	for text, line := range map[string]int{
		"":                    1,
		"# only a comment\n":  1,
		"17 ok\n18 maybe\n":   2,
		"17 ok\n\n\nok\n":     4,
		"17 ok\n18 not_found": 0,
	} {
		_, err := Import(text)
		var pe *lesson.ParseError
		switch {
		case line == 0 && err != nil:
			t.Errorf("Import(%q): %v", text, err)
		case line != 0 && (!errors.As(err, &pe) || pe.Line != line):
			t.Errorf("Import(%q) = %v, want an error on line %d", text, err, line)
		}
	}
}

func FuzzChoose(f *testing.F) {
	f.Add("#table="+lesson.EncodeShare(lesson.Classroom()), "")
	f.Add("#table=%%%", "x")
	f.Add("", lesson.EncodeShare(lesson.Classroom()))
	f.Fuzz(func(t *testing.T, fragment, saved string) {
		got := chooseFrom(fragment, saved)
		if err := got.Table.Check(); err != nil {
			t.Fatalf("chooseFrom(%q, %q) gave a table that fails Check: %v", fragment, saved, err)
		}
	})
}

// chooseFrom is Choose on a fragment and a saved copy as text, outside an embed.
func chooseFrom(fragment, saved string) Start {
	return Choose(embed.ParseFragment(fragment), saved, false)
}

// savedTried is the learner's history in a saved copy.
func savedTried(saved string) []lesson.Tried {
	s, _ := lesson.DecodeSaved(saved)
	return s.Learner
}
