package page

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// The summary's wrong rows are links to their results, and the words are Summary's.
func TestSummaryView(t *testing.T) {
	tbl := lesson.Classroom()
	tbl.Rows[0].Want, tbl.Rows[4].Want = "invalid_args", "ok" // rows 1 and 5 wrong
	s := New(tbl)
	s.Run()
	var html, text strings.Builder
	for _, n := range SummaryView(s.Results()) {
		html.WriteString(n.HTML())
		text.WriteString(textOf(n))
	}
	if text.String() != Summary(s.Results()) {
		t.Errorf("the view reads %q, Summary %q", text.String(), Summary(s.Results()))
	}
	for _, want := range []string{`<a class="row-link" href="#result-1">1</a>`, `<a class="row-link" href="#result-5">5</a>`} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("no %s in %s", want, html.String())
		}
	}
	s = New(lesson.Classroom())
	s.Run()
	if v := SummaryView(s.Results()); len(v) != 1 || strings.Contains(v[0].HTML(), "<a") {
		t.Errorf("a run with no wrong row links %v", v)
	}
}

// textOf is n's text, as the browser's textContent reads it.
func textOf(n Node) string {
	s := n.Text
	for _, k := range n.Kids {
		s += textOf(k)
	}
	return s
}
