package page

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// Every result row carries what the automation contract promises (data-code, data-pass,
// data-observation, data-trace), its number, input and note as text, and the mark and column
// labels of its kind, for the lesson's tables in both modes.
func TestResultRows(t *testing.T) {
	for _, name := range []string{"classroom", "predict.table", "tricky.table", "refund.table"} {
		table := lesson.Classroom()
		if name != "classroom" {
			text, err := os.ReadFile("../../lesson/testdata/tables/" + name)
			if err != nil {
				t.Fatal(err)
			}
			if table, err = lesson.ParseTable(string(text)); err != nil {
				t.Fatal(err)
			}
		}
		predict := table.Mode == lesson.PredictMode
		res := lesson.Run(table)
		var s Stamp
		ResultRows(&s, res, predict)
		if s.Len() != len(res) {
			t.Fatalf("%s: %d rows, want %d", name, s.Len(), len(res))
		}
		for i, r := range res {
			row := s.RowNode(i)
			at := func(path ...int) Node {
				n := row
				for _, p := range path {
					n = n.Kids[p]
				}
				return n
			}
			where := name + " row " + strconv.Itoa(i+1)
			for attr, want := range map[string]string{
				"data-code": string(r.Code), "data-pass": strconv.FormatBool(r.Pass),
				"data-observation": r.Observation, "data-trace": string(r.Trace.JSON()),
			} {
				if got, _ := row.Attr(attr); got != want {
					t.Errorf("%s: %s = %q, want %q", where, attr, got, want)
				}
			}
			class, mark := rowClass(r, predict)
			if got, _ := row.Attr("class"); got != class {
				t.Errorf("%s: class %q, want %q", where, got, class)
			}
			for _, c := range []struct {
				path []int
				want string
			}{
				{[]int{0}, strconv.Itoa(i + 1)},
				{[]int{1, 0}, r.Input},
				{[]int{3, 0}, string(r.Code)},
				{[]int{5, 0}, mark},
			} {
				if got := text(at(c.path...)); !strings.HasPrefix(got, c.want) {
					t.Errorf("%s: the text at %v is %q, want %q", where, c.path, got, c.want)
				}
			}
			if hasNote := len(at(1).Kids) == 2; hasNote != (r.Note != "") || hasNote && text(at(1, 1)) != r.Note {
				t.Errorf("%s: the input cell is %s, want the note %q", where, at(1).HTML(), r.Note)
			}
			if label, _ := at(2).Attr("data-label"); label != WantLabel(predict) {
				t.Errorf("%s: the expected column is labelled %q", where, label)
			}
			if got := len(at(ResultReadingCell).Kids); got != 0 {
				t.Errorf("%s: the reading cell holds %d nodes before the reading is drawn", where, got)
			}
		}
		// One template per kind of row: no two alike.
		seen := map[string]bool{}
		for _, tpl := range s.Templates() {
			if seen[tpl.HTML()] {
				t.Errorf("%s: two templates are %s", name, tpl.HTML())
			}
			seen[tpl.HTML()] = true
		}
	}
}

// text is the text inside n.
func text(n Node) string {
	if n.Tag == "" {
		return n.Text
	}
	var b strings.Builder
	for _, k := range n.Kids {
		b.WriteString(text(k))
	}
	return b.String()
}

// rowClass is the class and mark of a result's row: right rows fold to one line.
func rowClass(r lesson.Result, predict bool) (class, mark string) {
	class, mark = "fail", "✗ wrong"
	switch {
	case r.Want == "":
		class, mark = "unpredicted", "? not predicted"
	case r.Pass:
		class, mark = "pass", "✓ right"
	}
	if r.Pass {
		class += " folds"
	}
	return class, mark
}
