package page

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestSavedCopies opens the page on each saved copy of testdata/saved.txt: older copies without
// a history load as before, and the history comes back as far as it can be read.
func TestSavedCopies(t *testing.T) {
	raw, err := os.ReadFile("testdata/saved.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		doc, want, ok := strings.Cut(line, "=>")
		if !ok {
			t.Fatalf("no => in %q", line)
		}
		n++
		doc = strings.TrimSpace(doc)
		st := chooseFrom("", lesson.EncodeShareRaw([]byte(doc)))
		s := New(st.Table)
		s.Restore(st.Learner)
		rows := len(st.Table.Rows)
		if st.Notice != "" {
			rows = 0
		}
		var tried []string
		for _, a := range s.Learner() {
			tried = append(tried, a.Input)
		}
		got := "rows=" + strconv.Itoa(rows) + " tried=" + strings.Join(tried, " | ")
		if got != strings.TrimSpace(want) {
			t.Errorf("%s\n got %s\nwant %s", doc, got, strings.TrimSpace(want))
		}
	}
	if n < 5 {
		t.Fatalf("only %d cases", n)
	}
}

// The saved copy keeps the table and the history; reading it back gives both, each attempt
// run again against its own tool, and a page that knows nothing of the history (DecodeShare, as
// an older page reads the copy) gets the same table.
func TestSavedRoundTrip(t *testing.T) {
	s := New(lesson.Opening())
	for _, in := range []string{"0017", `{"job_id": 42}`, "four thousand"} {
		if _, err := s.Try(in); err != nil {
			t.Fatal(err)
		}
	}
	s.SetTool("get_user")
	if _, err := s.Try("usr_8f3a"); err != nil {
		t.Fatal(err)
	}
	saved := s.Saved()
	st := chooseFrom("", saved)
	if !reflect.DeepEqual(st.Table, s.Table()) {
		t.Errorf("table\n got %+v\nwant %+v", st.Table, s.Table())
	}
	if old, err := lesson.DecodeShare(saved); err != nil || !reflect.DeepEqual(old, s.Table()) {
		t.Errorf("an older page reads %+v, %v", old, err)
	}
	back := New(st.Table)
	back.Restore(st.Learner)
	if got, want := back.Learner(), s.Learner(); !reflect.DeepEqual(got, want) {
		t.Errorf("history\n got %+v\nwant %+v", got, want)
	}
	if got := back.Learner()[3].Result; got.Tool != "get_user" || got.Code != "ok" {
		t.Errorf("usr_8f3a ran again as %s %s", got.Tool, got.Code)
	}
	// A link carries the table, never the history.
	link := ShareLink("https://x.example/", s.Table())
	if _, payload, _ := strings.Cut(link, "#table="); savedTried(payload) != nil {
		t.Errorf("the link carries the history: %s", link)
	}
	// Clear empties the history and the saved copy of it: the copy is the table alone again.
	s.ClearLearner()
	if len(s.Learner()) != 0 || s.Saved() != lesson.EncodeShare(s.Table().Filled()) {
		t.Errorf("after Clear: %d attempts, saved %s", len(s.Learner()), s.Saved())
	}
}

// The history is bounded: the page keeps the last lesson.MaxTried attempts, and the saved copy the
// newest whose inputs fit in lesson.MaxTriedBytes, skipping one too long to keep.
func TestSavedBounds(t *testing.T) {
	s := New(lesson.Opening())
	for i := range lesson.MaxTried + 5 {
		s.Try(strconv.Itoa(i + 1))
	}
	if got := s.Learner(); len(got) != lesson.MaxTried || got[0].Input != "6" || got[lesson.MaxTried-1].Input != strconv.Itoa(lesson.MaxTried+5) {
		t.Fatalf("kept %d attempts, from %q", len(got), got[0].Input)
	}
	big := `"` + strings.Repeat("7", lesson.MaxTriedBytes) + `"`
	s.Try(big)
	s.Try("last")
	tried := savedTried(s.Saved())
	if len(tried) != lesson.MaxTried-1 || tried[len(tried)-1].Input != "last" {
		t.Fatalf("saved %d attempts, newest %q", len(tried), tried[len(tried)-1].Input)
	}
	for _, tr := range tried {
		if tr.Input == big {
			t.Fatal("an input over lesson.MaxTriedBytes was saved")
		}
	}
	// Inputs that fit one by one but not all together: the newest are kept.
	var many []lesson.Tried
	for i := range 10 {
		many = append(many, lesson.Tried{Tool: "get_job", Input: strconv.Itoa(i) + strings.Repeat(" ", lesson.MaxTriedBytes/4)})
	}
	got := savedTried(lesson.EncodeSaved(lesson.Saved{Table: lesson.Opening(), Learner: many}))
	if len(got) != 3 || !strings.HasPrefix(got[0].Input, "7") || !strings.HasPrefix(got[2].Input, "9") {
		t.Errorf("kept %d: %q…", len(got), got)
	}
	size := 0
	for _, tr := range got {
		size += len(tr.Input)
	}
	if size > lesson.MaxTriedBytes {
		t.Errorf("saved %d bytes of history, over %d", size, lesson.MaxTriedBytes)
	}
	// A table that fills what a link holds keeps the table and drops the history.
	row := lesson.Row{Input: `"` + strings.Repeat("1", 1000) + `"`}
	per := len(lesson.ShareJSON(lesson.Table{Rows: []lesson.Row{row, row}})) - len(lesson.ShareJSON(lesson.Table{Rows: []lesson.Row{row}}))
	full := lesson.Table{Rows: make([]lesson.Row, (lesson.MaxShareBytes*3/4-100)/per)}
	for i := range full.Rows {
		full.Rows[i] = row
	}
	if n := len(lesson.EncodeShare(full)); n > lesson.MaxShareBytes || n < lesson.MaxShareBytes-2000 {
		t.Fatalf("the full table's copy is %d bytes", n)
	}
	if saved := lesson.EncodeSaved(lesson.Saved{Table: full, Learner: []lesson.Tried{{Tool: "get_job", Input: strings.Repeat("2", 1000)}}}); saved != lesson.EncodeShare(full) {
		t.Errorf("the history pushed a full table's copy to %d bytes", len(saved))
	}
}
