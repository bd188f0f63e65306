package lesson

import (
	"strings"
	"testing"

	"coerceplayground/coerce"
)

func TestTotalsAndReadingFromASessionsMetrics(t *testing.T) {
	lab := NewLab(LabConfig{})
	lab.Run(Classroom())
	lab.RunOne(`"<script>alert(1)</script>"`)
	lab.RunOne(`100`)
	totals := CodeTotals(lab.Metrics.Snapshot())
	if len(totals) != len(Codes()) || totals[0] != (CodeCount{"ok", 2}) || totals[1] != (CodeCount{"invalid_args", 4}) || totals[2] != (CodeCount{"not_found", 2}) {
		t.Fatalf("totals = %+v", totals)
	}
	for i, c := range Codes() {
		if totals[i].Code != c {
			t.Errorf("totals[%d] is %s, Codes() says %s: the axis must not move", i, totals[i].Code, c)
		}
	}
	// Two of the calls were not the table's: the reading says which calls made each share.
	planned := CodeTotals(labCounts(t, Classroom()))
	reading := strings.Join(Reading(totals, planned), " ")
	for _, want := range []string{"invalid_args is 50% of calls, 3 of the 4 from the table's rows (chosen to show the codes), the rest from inputs tried outside the table.",
		"not_found is 25% of calls, 1 of the 2 from the table's rows", "In production, where the model writes every call, a rise like this means the schema or the prompt changed",
		"In production a rise like this means the data went away"} {
		if !strings.Contains(reading, want) {
			t.Errorf("reading = %s\nwant it to say %q", reading, want)
		}
	}
	if r := Reading(CodeTotals(nil), nil); len(r) != 1 || !strings.Contains(r[0], "No calls yet") {
		t.Errorf("empty reading = %v", r)
	}
}

// The lesson's table alone is planned: its 50 % of invalid_args is not called a spike, and each
// count is said in words ("once", not "1 time(s)").
func TestReadingOfALessonTable(t *testing.T) {
	totals := CodeTotals(labCounts(t, Classroom()))
	reading := strings.Join(Reading(totals, totals), " ")
	if want := "invalid_args is 50% of calls, all from the table's rows, chosen to show the codes: here the share is planned, not a spike."; !strings.Contains(reading, want) {
		t.Errorf("reading = %s\nwant %q", reading, want)
	}
	if strings.Contains(reading, "spike like this") || strings.Contains(reading, "(s)") {
		t.Errorf("reading = %s", reading)
	}
	if r := strings.Join(Reading(totals, nil), " "); !strings.Contains(r, "invalid_args is 50% of calls, all from inputs tried outside the table.") {
		t.Errorf("reading of calls none of which was the table's = %s", r)
	}
	for n, want := range map[int]string{1: "denied came back once:", 2: "denied came back twice:", 3: "denied came back 3 times:"} {
		denied := CodeTotals([]coerce.Count{{Tool: "refund", Code: coerce.Denied, N: n}})
		if r := strings.Join(Reading(denied, denied), " "); !strings.Contains(r, want) || !strings.Contains(r, "permission") {
			t.Errorf("%d denied: %s", n, r)
		}
	}
}

// labCounts runs table in a new Lab and returns the Lab's counts.
func labCounts(t *testing.T, table Table) []coerce.Count {
	t.Helper()
	lab := NewLab(LabConfig{})
	lab.Run(table)
	return lab.Metrics.Snapshot()
}
