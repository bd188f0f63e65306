package embed

import (
	"strconv"
	"strings"
	"testing"

	"coerceplayground/internal/fixture"
)

// Every hostile fragment of testdata/hostile.tsv gives a notice within the bound the case gives,
// saying what it holds, with at most MaxProblems problems; a table in it is refused as the case
// says.
func TestHostileFragments(t *testing.T) {
	cases, err := fixture.Read("testdata/hostile.tsv", 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		frag, err := fixture.Text(c.Cols[0])
		if err != nil {
			t.Fatalf("line %d: %v", c.Line, err)
		}
		notice, table, why := c.Cols[1], c.Cols[3], c.Cols[4]
		max, err := strconv.Atoi(c.Cols[2])
		if err != nil {
			t.Fatalf("line %d: max %q", c.Line, c.Cols[2])
		}
		f := ParseFragment(frag)
		got := f.Options.ProblemsNotice()
		switch {
		case len(f.Options.Problems) > MaxProblems:
			t.Errorf("line %d (%s): %d problems", c.Line, why, len(f.Options.Problems))
		case notice == "-" && got != "":
			t.Errorf("line %d (%s): notice %.300q, want none", c.Line, why, got)
		case notice != "-" && (!strings.Contains(got, notice) || len(got) > max):
			t.Errorf("line %d (%s): a %d-byte notice %.300q; want at most %d bytes holding %q", c.Line, why, len(got), got, max, notice)
		}
		switch {
		case table == "-" && f.Err != nil:
			t.Errorf("line %d (%s): the table is refused: %.300v", c.Line, why, f.Err)
		case table != "-" && (f.Err == nil || !strings.Contains(f.Err.Error(), table)):
			t.Errorf("line %d (%s): the table's error %.300v, want one holding %q", c.Line, why, f.Err, table)
		}
	}
}
