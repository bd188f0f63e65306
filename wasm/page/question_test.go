package page

import (
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
