package lms

import (
	"regexp"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// lessonRun is the lesson's six rows after Run with 4 right, 1 wrong and 1 unpredicted: the
// codes get_job gives are ok, ok, invalid_args, invalid_args, invalid_args, not_found.
func lessonRun(t *testing.T) []Row {
	t.Helper()
	got := []coerce.Code{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found"}
	pred := []coerce.Code{"ok", "ok", "invalid_args", "invalid_args", "ok", ""}
	tab := lesson.Classroom()
	if len(tab.Rows) != 6 {
		t.Fatalf("the lesson has %d rows, want 6", len(tab.Rows))
	}
	lab := lesson.NewLab(lesson.LabConfig{})
	var rows []Row
	for i, r := range tab.Rows {
		if c := lab.RunRow(lesson.DefaultTool, lesson.Row{Input: r.Input}).Code; c != got[i] {
			t.Fatalf("row %d gives %s, want %s", i+1, c, got[i])
		}
		rows = append(rows, Row{Input: r.Input, Predicted: pred[i], Shown: true, Got: got[i]})
	}
	return rows
}

func TestScore(t *testing.T) {
	sc := Tally(lessonRun(t))
	if sc.Percent() != 67 || sc.Scaled() != "0.6667" || sc.Progress() != "0.8333" || !sc.Complete() {
		t.Errorf("4 of 6 right, 5 predicted: got %d, %s, %s, complete %v", sc.Percent(), sc.Scaled(), sc.Progress(), sc.Complete())
	}
	for _, c := range []struct {
		right, rows, pct int
		scaled           string
	}{{5, 6, 83, "0.8333"}, {0, 6, 0, "0"}, {6, 6, 100, "1"}, {1, 8, 13, "0.125"}, {1, 3, 33, "0.3333"}, {2, 3, 67, "0.6667"}, {0, 0, 0, "0"}} {
		s := Score{Rows: c.rows, Right: c.right}
		if s.Percent() != c.pct || s.Scaled() != c.scaled {
			t.Errorf("%d of %d: %d %s, want %d %s", c.right, c.rows, s.Percent(), s.Scaled(), c.pct, c.scaled)
		}
	}
	if (Score{Rows: 2, Shown: 1}).Complete() || (Score{}).Complete() {
		t.Error("a run with a row not shown, or no rows, is not complete")
	}
}

// Moodle's formats (mod/scorm/datamodels/scorm_12.js and scorm_13.js).
var (
	moodle12ID    = regexp.MustCompile(`^[\x{21}-\x{7E}]{1,255}$`)
	moodleLongID  = regexp.MustCompile(`^urn:[A-Za-z0-9-]{1,31}:\S+$`) // the URN half of CMILongIdentifier (at most 4,000 after the NID)
	moodleShortID = regexp.MustCompile(`^[\w.]{1,250}$`)
	moodle12Span  = regexp.MustCompile(`^([0-9]{2,4}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,2})?$`)
	moodle04Span  = regexp.MustCompile(`^P(\d+Y)?(\d+M)?(\d+D)?(T(((\d+H)(\d+M)?(\d+(\.\d{1,2})?S)?)|((\d+M)(\d+(\.\d{1,2})?S)?)|((\d+(\.\d{1,2})?S))))?$`)
)

func TestRecordOrderAndFormats(t *testing.T) {
	rows := lessonRun(t)
	id := TableID(lesson.Classroom())
	for _, v := range []Version{SCORM12, SCORM2004} {
		sets := Record(v, id, rows, "")
		got := golden(sets)
		want := readGolden(t, "record-"+v.String()+".txt", got)
		if got != want {
			t.Errorf("%s: the sets differ from testdata/record-%s.txt (go test ./lms -update):\n%s", v, v, got)
		}
		for _, s := range sets {
			if strings.HasSuffix(s.Element, ".id") {
				if v == SCORM12 && !moodle12ID.MatchString(s.Value) || v == SCORM2004 && !moodleLongID.MatchString(s.Value) {
					t.Errorf("%s: %s = %q is not an id Moodle takes", v, s.Element, s.Value)
				}
			}
			if strings.HasSuffix(s.Element, ".learner_response") && !moodleShortID.MatchString(s.Value) {
				t.Errorf("%s = %q is not a choice response Moodle takes", s.Element, s.Value)
			}
		}
	}
}

func TestRecordMastery(t *testing.T) {
	rows := lessonRun(t) // 67 %, 0.6667
	for _, c := range []struct {
		v       Version
		mastery string
		want    map[string]string
	}{
		{SCORM12, "", map[string]string{"cmi.core.lesson_status": "completed"}},
		{SCORM12, "60", map[string]string{"cmi.core.lesson_status": "passed"}},
		{SCORM12, "80", map[string]string{"cmi.core.lesson_status": "failed"}},
		{SCORM12, "x", map[string]string{"cmi.core.lesson_status": "completed"}},
		{SCORM2004, "", map[string]string{"cmi.completion_status": "completed", "cmi.success_status": ""}},
		{SCORM2004, "0.6", map[string]string{"cmi.completion_status": "completed", "cmi.success_status": "passed"}},
		{SCORM2004, "0.7", map[string]string{"cmi.completion_status": "completed", "cmi.success_status": "failed"}},
		{SCORM2004, "2", map[string]string{"cmi.success_status": ""}},
	} {
		got := map[string]string{}
		for _, s := range Record(c.v, "0123456789abcdef", rows, c.mastery) {
			got[s.Element] = s.Value
		}
		for e, w := range c.want {
			if got[e] != w {
				t.Errorf("%s mastery %q: %s = %q, want %q", c.v, c.mastery, e, got[e], w)
			}
		}
	}
	// Before every result is shown: incomplete, and neither passed nor failed.
	rows[5].Shown = false
	for _, s := range Record(SCORM12, "0123456789abcdef", rows, "10") {
		if s.Element == "cmi.core.lesson_status" && s.Value != "incomplete" {
			t.Errorf("a run with a row not shown: lesson_status %q, want incomplete", s.Value)
		}
	}
}

func TestInteractionsStopAt250(t *testing.T) {
	rows := make([]Row, 300)
	for i := range rows {
		rows[i] = Row{Input: "17", Predicted: "ok", Shown: true, Got: "ok"}
	}
	n := 0
	for _, s := range Record(SCORM2004, "0123456789abcdef", rows, "") {
		if strings.HasSuffix(s.Element, ".id") {
			n++
		}
		if s.Element == "cmi.score.raw" && s.Value != "100" {
			t.Errorf("raw %s, want 100: the score counts every row", s.Value)
		}
	}
	if n != MaxInteractions {
		t.Errorf("%d interactions for 300 rows, want %d", n, MaxInteractions)
	}
}

func TestTableID(t *testing.T) {
	a := lesson.Classroom()
	b := lesson.Classroom()
	b.Rows[0].Want, b.Rows[1].Note, b.Mode = "denied", "other", lesson.PredictMode
	if TableID(a) != TableID(b) || len(TableID(a)) != 16 {
		t.Errorf("predictions, notes and mode changed the id: %s %s", TableID(a), TableID(b))
	}
	c := lesson.Classroom()
	c.Rows[0].Input = `"18"`
	d := lesson.Classroom()
	d.Tool = "get_user"
	e := lesson.Classroom()
	e.ToolDef = `{"name":"get_job"}`
	if TableID(c) == TableID(a) || TableID(d) == TableID(a) || TableID(e) == TableID(a) {
		t.Error("another input or tool kept the id")
	}
}

func TestSessionTime(t *testing.T) {
	for _, c := range []struct {
		ms       int64
		v12, v04 string
	}{{0, "00:00:00.00", "PT0.00S"}, {95250, "00:01:35.25", "PT95.25S"}, {3723009, "01:02:03.00", "PT3723.00S"}, {-5, "00:00:00.00", "PT0.00S"},
		{1 << 50, "9999:59:59.99", "PT1125899906842.62S"}} {
		a, b := SessionTime(SCORM12, c.ms), SessionTime(SCORM2004, c.ms)
		if a != c.v12 || b != c.v04 || !moodle12Span.MatchString(a) || !moodle04Span.MatchString(b) {
			t.Errorf("%d ms: %q %q, want %q %q in Moodle's formats", c.ms, a, b, c.v12, c.v04)
		}
	}
}

func TestParseVersion(t *testing.T) {
	for _, v := range []Version{SCORM12, SCORM2004} {
		if got, ok := ParseVersion(v.String()); !ok || got != v {
			t.Errorf("%s does not read back", v)
		}
	}
	if _, ok := ParseVersion("scorm13"); ok {
		t.Error("scorm13 read as a version")
	}
}

func golden(sets []Set) string {
	var b strings.Builder
	for _, s := range sets {
		b.WriteString(s.Element + " = " + s.Value + "\n")
	}
	return b.String()
}

// A row's result counts as shown in predict mode only when the page locked it, so a row the
// run did not lock (added after it) is left out; in check mode every row the run had counts.
func TestRows(t *testing.T) {
	tab := lesson.Opening()
	tab.Rows[0].Want = "ok"
	res := lesson.NewLab(lesson.LabConfig{}).Run(tab)
	rows := Rows(tab, res, func(i int) bool { return i < 5 })
	if !rows[0].Right() || !rows[4].Shown || rows[5].Shown || rows[5].Got != "" || Tally(rows).Complete() {
		t.Errorf("predict mode, rows 1-5 locked: %+v", rows)
	}
	if Tally(Rows(tab, nil, func(int) bool { return true })).Shown != 0 {
		t.Error("rows shown before a run")
	}
	tab.Mode = ""
	if sc := Tally(Rows(tab, res, func(int) bool { return false })); !sc.Complete() || sc.Right != 1 {
		t.Errorf("check mode: %+v", sc)
	}
	moved := tab
	moved.Rows = append([]lesson.Row{{Input: "42"}}, tab.Rows[1:]...)
	if Rows(moved, res, func(int) bool { return true })[0].Shown {
		t.Error("a result of another input counted for the row")
	}
}
