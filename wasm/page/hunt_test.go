package page

import (
	"fmt"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestHuntRun: a Run of a hunt table keeps its hunt; the view carries the automation contract's
// attributes, names the catching rows, shows a survivor's peer and sentence only, marks the
// loosened step in a caught mutant's Why and says which row caught nothing new.
func TestHuntRun(t *testing.T) {
	tb := lesson.Table{Mode: lesson.HuntMode, Mutants: []string{"bool_as_number", "octal", "hex"}, Rows: []lesson.Row{
		{Input: "True", Want: "invalid_args"}, {Input: `{"job_id":true}`, Want: "invalid_args"}, {Input: `"017"`, Want: "ok"}}}
	s := New(tb)
	if s.Hunt() != nil {
		t.Fatal("a hunt before Run")
	}
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	h := s.Hunt()
	if h == nil || len(s.Results()) != 3 {
		t.Fatalf("hunt %v, %d results", h, len(s.Results()))
	}
	sc := ScoreOf(*h)
	html := fmt.Sprintf(`id="hunt-score" class="score" data-caught="%d" data-mutants="%d" data-broken="%d"`, sc.Caught, sc.Mutants, sc.Broken)
	for _, n := range append(MutantsView(*h), RedundantView(*h)...) {
		html += n.HTML()
	}
	for _, want := range []string{
		`id="hunt-score" class="score" data-caught="1" data-mutants="3" data-broken="1"`,
		`data-mutant="bool_as_number" data-caught="true" data-by="1,2"`,
		`data-mutant="octal" data-caught="false" data-by>`,
		`class="loosened"`, `data-row="2"`, "caught</span> by rows 1, 2",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the hunt's view has no %s:\n%s", want, html)
		}
	}
	if strings.Contains(html, "0x") || strings.Contains(html, "017") {
		t.Errorf("a survivor's line gives away an input:\n%s", html)
	}
	s.SetMode("")
	if s.Hunt() != nil {
		t.Error("a hunt kept after the table left hunt mode")
	}
}
