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
	reading := strings.Join(Reading(totals), " ")
	if !strings.Contains(reading, "schema or the prompt changed") || !strings.Contains(reading, "data went away") {
		t.Errorf("reading = %s", reading)
	}
	if r := Reading(CodeTotals(nil)); len(r) != 1 || !strings.Contains(r[0], "No calls yet") {
		t.Errorf("empty reading = %v", r)
	}
	if !strings.Contains(strings.Join(Reading(CodeTotals([]coerce.Count{{Tool: "refund", Code: coerce.Denied, N: 1}})), " "), "permission") {
		t.Error("denied is not read")
	}
}
