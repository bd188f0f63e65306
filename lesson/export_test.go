package lesson_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestFormatTableResultsRoundTrips: for the classroom table and each table in
// testdata/tables, an export with the results imports as the same table (the results are
// comments), formats again exactly as FormatTable does, and carries every row's result and trace
// right under the row: its code, mark and observation, and its steps as data-trace holds them.
func TestFormatTableResultsRoundTrips(t *testing.T) {
	texts := map[string]string{"classroom": lesson.FormatTable(lesson.Classroom())}
	files, _ := filepath.Glob(filepath.Join("testdata", "tables", "*.table"))
	if len(files) < 3 {
		t.Fatalf("testdata/tables holds %d tables", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Base(f)] = string(b)
	}
	lab := lesson.NewLab(lesson.LabConfig{})
	for name, text := range texts {
		tbl, err := lesson.ParseTable(text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res := lab.Run(tbl)
		out := lesson.FormatTableResults(tbl, res)
		back, err := lesson.ParseTable(out)
		if err != nil || !reflect.DeepEqual(normalize(back), normalize(tbl)) {
			t.Errorf("%s: the export with results reads back as %#v (%v), want %#v\n%s", name, back, err, tbl, out)
			continue
		}
		if lesson.FormatTable(back) != lesson.FormatTable(tbl) {
			t.Errorf("%s: the table formats differently after the round trip", name)
		}
		checkResultLines(t, name, tbl, res, out)
	}
}

// checkResultLines finds each row's line in out and checks the two lines after it.
func checkResultLines(t *testing.T, name string, tbl lesson.Table, res []lesson.Result, out string) {
	t.Helper()
	rows := strings.Split(lesson.FormatTable(lesson.Table{Rows: tbl.Rows}), "\n")
	lines := strings.Split(out, "\n")
	at := 0
	for i, r := range res {
		for at < len(lines) && lines[at] != rows[i] {
			at++
		}
		if at+2 >= len(lines) {
			t.Fatalf("%s: row %d (%s) is not followed by its result:\n%s", name, i+1, rows[i], out)
		}
		if want := lesson.ResultPrefix + string(r.Code) + " " + r.Mark() + " " + r.Observation; lines[at+1] != want {
			t.Errorf("%s row %d: %q, want %q", name, i+1, lines[at+1], want)
		}
		tr, ok := strings.CutPrefix(lines[at+2], lesson.TracePrefix)
		var steps []map[string]any
		if !ok || tr != string(r.Trace.JSON()) || json.Unmarshal([]byte(tr), &steps) != nil || len(steps) != len(r.Trace) {
			t.Errorf("%s row %d: trace line %q, want %s", name, i+1, lines[at+2], r.Trace.JSON())
		}
		if strings.Contains(lines[at+1]+lines[at+2], "sk_live_51Habcdefgh") {
			t.Errorf("%s row %d: a credential in the results: %s", name, i+1, lines[at+1]+lines[at+2])
		}
		at += 3
	}
	if !strings.HasSuffix(out, "Import skips them.\n") {
		t.Errorf("%s: the export does not end with the note on the result lines", name)
	}
}

// TestFormatTableResultsWithoutResults: results of another table, or none, give FormatTable.
func TestFormatTableResultsWithoutResults(t *testing.T) {
	tbl := lesson.Classroom()
	res := lesson.NewLab(lesson.LabConfig{}).Run(tbl)
	for _, r := range [][]lesson.Result{nil, res[:2]} {
		if got := lesson.FormatTableResults(tbl, r); got != lesson.FormatTable(tbl) {
			t.Errorf("with %d results for %d rows:\n%s", len(r), len(tbl.Rows), got)
		}
	}
}
