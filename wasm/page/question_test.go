package page

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// The question names the table's tool, its arguments and the table's inputs, whatever they are.
func TestQuestionFollowsTheTable(t *testing.T) {
	s := New(lesson.Opening())
	if got, want := QuestionText(s.Question()), `A language model calls the tool get_job(job_id). What does the tool answer when the model sends "17", 17, -1, "abc", True or 99?`; got != want {
		t.Errorf("the lesson's question:\n got %q\nwant %q", got, want)
	}
	s.Replace(lesson.Table{Rows: []lesson.Row{{Input: "42"}, {Input: `"17.0"`}, {Input: "0017"}, {Input: " 42 "}}})
	if got, want := QuestionText(s.Question()), `A language model calls the tool get_job(job_id). What does the tool answer when the model sends 42, "17.0" or 0017?`; got != want {
		t.Errorf("after an edit:\n got %q\nwant %q", got, want)
	}
	s.SetTool("refund")
	if got := QuestionText(s.Question()); got[:len("A language model calls the tool refund(job_id, amount_cents")] != "A language model calls the tool refund(job_id, amount_cents" {
		t.Errorf("a refund table asks %q", got)
	}
	var rows []lesson.Row
	for i := range 11 {
		rows = append(rows, lesson.Row{Input: string(rune('a' + i))})
	}
	s.Replace(lesson.Table{Rows: rows})
	if got, want := QuestionText(s.Question()), `A language model calls the tool get_job(job_id). What does the tool answer when the model sends a, b, c, d, e, f, g, h, or 3 other inputs in the table?`; got != want {
		t.Errorf("a long table:\n got %q\nwant %q", got, want)
	}
	s.Replace(lesson.Table{})
	if got := QuestionText(s.Question()); got != "A language model calls the tool get_job(job_id). What does the tool answer for each input you add to the table?" {
		t.Errorf("an empty table asks %q", got)
	}
}

// The instructor's own question (a @question line, a link's "question") is asked as it is, set
// through SetQuestion within its limits, and comes back when cleared; an own tool's name and
// arguments are named in the built one, in the page and in the embed's height.
func TestOwnQuestion(t *testing.T) {
	s := New(lesson.Opening())
	built := s.BuiltQuestion()
	if msg := s.SetQuestion("  Which is job #17?  "); msg != "" || QuestionText(s.Question()) != "Which is job #17?" {
		t.Errorf("own question %q (%q)", QuestionText(s.Question()), msg)
	}
	if s.BuiltQuestion() != built {
		t.Errorf("the built question changed to %q", s.BuiltQuestion())
	}
	if msg := s.SetQuestion(strings.Repeat("x", lesson.MaxNoteBytes+1)); msg == "" || s.Table().Question != "Which is job #17?" {
		t.Errorf("an over-long question was taken (%q)", msg)
	}
	tb, err := Import(s.Export(Worksheet, false))
	if err != nil || tb.Question != "Which is job #17?" {
		t.Errorf("the exported worksheet asks %q (%v)", tb.Question, err)
	}
	if st := chooseFrom(ShareLink("https://x.test/", s.Handed(AnswerKey))[len("https://x.test/#"):], ""); QuestionText(New(st.Table).Question()) != "Which is job #17?" {
		t.Errorf("the link's page asks %q", QuestionText(New(st.Table).Question()))
	}
	s.SetQuestion("")
	if QuestionText(s.Question()) != built {
		t.Errorf("cleared, the question is %q", QuestionText(s.Question()))
	}
	if err := s.useOwnTool(readFile(t, "../../coerce/tooldef/testdata/get_order.json"), ""); err != nil {
		t.Fatal(err)
	}
	s.Replace(lesson.Table{Tool: s.Tool(), ToolDef: s.Table().ToolDef, Rows: []lesson.Row{{Input: `"ord_3f9a2b1c"`}}})
	q := QuestionText(s.Question())
	if !strings.Contains(q, "get_order(order_id") || !strings.Contains(q, `"ord_3f9a2b1c"`) {
		t.Errorf("an own tool's table asks %q", q)
	}
	if f := s.Table().Fields(); len(f) == 0 || f[0] != "order_id" {
		t.Errorf("the own tool's fields for the embed's height: %q", f)
	}
}
