package lesson

import (
	"os"
	"slices"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// catchRow is one line of testdata/hunt/catch.tsv.
type catchRow struct {
	mutant, input string
	want, mutated coerce.Code
}

func readCatchRows(t *testing.T) []catchRow {
	t.Helper()
	b, err := os.ReadFile("testdata/hunt/catch.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var out []catchRow
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 4 {
			t.Fatalf("catch.tsv: %q is not four columns", line)
		}
		out = append(out, catchRow{c[0], c[1], coerce.Code(c[2]), coerce.Code(c[3])})
	}
	return out
}

func TestMutantCatalogue(t *testing.T) {
	all := Mutants()
	if len(all) < 12 {
		t.Fatalf("%d mutants; the hunt needs at least 12", len(all))
	}
	var names []string
	for _, m := range all {
		if m.Name == "" || m.Peer == "" || !strings.HasSuffix(m.Sentence, ".") {
			t.Errorf("mutant %+v lacks a name, a peer or a sentence", m)
		}
		if slices.Contains(names, m.Name) {
			t.Errorf("mutant %s is listed twice", m.Name)
		}
		names = append(names, m.Name)
	}
	for _, l := range coerce.Loosenings() {
		if !slices.Contains(names, l.String()) {
			t.Errorf("coerce.Loosening %s has no mutant in mutants.tsv", l)
		}
	}
}

// TestEveryMutantIsCaught runs each mutant's one-row table from testdata/hunt/catch.tsv as a
// hunt with that mutant alone in play: the row passes on the lesson and catches it, the
// mutant's answer is the one written, and its Why marks the loosened step.
func TestEveryMutantIsCaught(t *testing.T) {
	rows := readCatchRows(t)
	for _, m := range Mutants() {
		i := slices.IndexFunc(rows, func(r catchRow) bool { return r.mutant == m.Name })
		if i < 0 {
			t.Errorf("mutant %s has no catching row in testdata/hunt/catch.tsv", m.Name)
			continue
		}
		r := rows[i]
		h := RunHunt(Table{Mode: HuntMode, Mutants: []string{m.Name}, Rows: []Row{{Input: r.input, Want: r.want}}})
		if h.Broken() != 0 {
			t.Errorf("%s: the row %s is broken: the lesson says %s", m.Name, r.input, h.Rows[0].Code)
			continue
		}
		v := h.Mutants[0]
		if !v.Caught() || v.Answer.Code != r.mutated {
			t.Errorf("%s: %s caught=%v, the mutant answers %s, want %s", m.Name, r.input, v.Caught(), v.Answer.Code, r.mutated)
		}
		if !slices.ContainsFunc(v.Answer.Trace, func(s coerce.Step) bool { return s.Loosened }) {
			t.Errorf("%s: the mutant's Why %s marks no loosened step", m.Name, v.Answer.Trace.JSON())
		}
		if !slices.Equal(h.New[0], []string{m.Name}) {
			t.Errorf("%s: the row's new catches are %v", m.Name, h.New[0])
		}
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}

func caughtNames(h Hunt) []string {
	var out []string
	for _, v := range h.Mutants {
		if v.Caught() {
			out = append(out, v.Name)
		}
	}
	return out
}

// TestClassroomCatches: the classroom six, as a hunt, catch exactly the mutants listed in
// testdata/hunt/classroom.txt, and break no row.
func TestClassroomCatches(t *testing.T) {
	c := Classroom()
	c.Mode = HuntMode
	h := RunHunt(c)
	if h.Broken() != 0 {
		t.Fatalf("%d classroom rows are broken", h.Broken())
	}
	if got, want := caughtNames(h), readLines(t, "testdata/hunt/classroom.txt"); !slices.Equal(got, want) {
		t.Errorf("the classroom six catch %v, want %v", got, want)
	}
}

func TestATableCatchesEveryMutant(t *testing.T) {
	b, err := os.ReadFile("testdata/hunt/all.table")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ParseTable(string(b))
	if err != nil {
		t.Fatal(err)
	}
	h := RunHunt(tab)
	if h.Broken() != 0 || h.Score() != len(Mutants()) {
		t.Errorf("all.table: %d broken, caught %v of %d", h.Broken(), caughtNames(h), len(Mutants()))
	}
}

// TestBrokenRowCatchesNothing: a row whose expected code is wrong on the lesson catches no
// mutant, even one that answers something else; a row with no expected code neither.
func TestBrokenRowCatchesNothing(t *testing.T) {
	h := RunHunt(Table{Mode: HuntMode, Rows: []Row{{Input: "true", Want: "ok"}, {Input: "true"}}})
	if h.Broken() != 2 || h.Score() != 0 || len(h.New[0]) != 0 {
		t.Errorf("broken rows: %d broken, caught %v", h.Broken(), caughtNames(h))
	}
}

// TestRedundantRow: a second row catching only what the first caught catches nothing new.
func TestRedundantRow(t *testing.T) {
	h := RunHunt(Table{Mode: HuntMode, Mutants: []string{"bool_as_number"}, Rows: []Row{{Input: "true", Want: "invalid_args"}, {Input: `{"job_id":true}`, Want: "invalid_args"}}})
	v := h.Mutants[0]
	if !slices.Equal(v.By, []int{0, 1}) || len(h.New[0]) != 1 || len(h.New[1]) != 0 {
		t.Errorf("by %v, new %v", v.By, h.New)
	}
}

// TestHuntKey: the computed key catches every mutant in play, breaks no row, and each of its
// rows catches something no earlier row did.
func TestHuntKey(t *testing.T) {
	for _, names := range [][]string{nil, {"octal", "hex"}, {"last_duplicate"}} {
		key := HuntKey(names)
		h := RunHunt(key)
		if h.Broken() != 0 || h.Score() != len(mutantsIn(names)) {
			t.Errorf("key for %v: %d broken, caught %v", names, h.Broken(), caughtNames(h))
		}
		for i, n := range h.New {
			if len(n) == 0 {
				t.Errorf("key for %v: row %d (%s) catches nothing new", names, i+1, key.Rows[i].Input)
			}
		}
		if err := key.Check(); err != nil {
			t.Errorf("key for %v: %v", names, err)
		}
	}
	t.Logf("the key for all %d mutants has %d rows", len(Mutants()), len(HuntKey(nil).Rows))
}

// TestMutantsDifferOnlyWhereLoosened runs every row of the lesson's tables and the answer key's
// pool on every mutant: where the mutant's Why marks no loosened step, its observation is the
// lesson's, byte for byte, and so it is where the lesson's call did not reach the mutant's
// reading (the hunt skips those). A mutant changes one reading, nothing else.
func TestMutantsDifferOnlyWhereLoosened(t *testing.T) {
	pool, err := ParseTable(huntPool)
	if err != nil {
		t.Fatal(err)
	}
	rows := append(pool.Rows, Classroom().Rows...)
	real := NewLab(LabConfig{NewID: func() string { return "c" }})
	for _, m := range Mutants() {
		d := newDispatcher(LabConfig{NewID: func() string { return "c" }, Loose: m.Loose}, nil)
		for _, r := range rows {
			want, reach := runReach(real.d, "job_id", DefaultTool, r)
			got := runOn(d, "job_id", DefaultTool, r)
			if !slices.ContainsFunc(got.Trace, func(s coerce.Step) bool { return s.Loosened }) && got.Observation != want.Observation {
				t.Errorf("%s on %s: %s without a loosened step, the lesson says %s", m.Name, r.Input, got.Observation, want.Observation)
			}
			if !reach.Has(m.Loose) && got.Observation != want.Observation {
				t.Errorf("%s on %s: out of the lesson's reach, yet %s where the lesson says %s", m.Name, r.Input, got.Observation, want.Observation)
			}
		}
	}
}

func TestHuntTableText(t *testing.T) {
	tab := Table{Mode: HuntMode, Mutants: []string{"octal", "hex"}, Rows: []Row{{Input: `"017"`, Want: "invalid_args"}}}
	back, err := ParseTable(FormatTable(tab))
	if err != nil || !slices.Equal(back.Mutants, tab.Mutants) || back.Mode != HuntMode {
		t.Fatalf("text round trip: %+v, %v", back, err)
	}
	link, err := DecodeShare(EncodeShare(tab))
	if err != nil || !slices.Equal(link.Mutants, tab.Mutants) || link.Mode != HuntMode {
		t.Fatalf("link round trip: %+v, %v", link, err)
	}
	for _, bad := range []string{"@mutants octal\n\"1\" ok", "@mode hunt\n@mutants nope\n\"1\" ok", "@mode hunt\n@mutants hex hex\n\"1\" ok", "@mode hunt\n@tool get_user\n\"1\" ok"} {
		if _, err := ParseTable(bad); err == nil {
			t.Errorf("ParseTable(%q) took it", bad)
		}
	}
}
