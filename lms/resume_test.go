package lms

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func TestResumeRoundTrip(t *testing.T) {
	rows := lessonRun(t)
	rows[5].Shown = false
	id := TableID(lesson.Classroom())
	data := EncodeResume(id, rows)
	if len(data) != ResumeLen(len(rows)) {
		t.Errorf("resume data %q is %d characters, ResumeLen says %d", data, len(data), ResumeLen(len(rows)))
	}
	got, ok := DecodeResume(data, id, len(rows))
	if !ok {
		t.Fatalf("%q does not read back", data)
	}
	for i, r := range rows {
		if got[i].Predicted != r.Predicted || got[i].Shown != r.Shown {
			t.Errorf("row %d: %+v, want %q shown %v", i+1, got[i], r.Predicted, r.Shown)
		}
	}
	for _, bad := range []string{"", "c1;" + id, "c1;0000000000000000;hhiihg", "c2;" + id + ";hhiihg",
		"c1;" + id + ";hhiih", "c1;" + id + ";hhiihgg", "c1;" + id + ";hhiih!", "c1;" + id + ";hhiihw", "c1;" + id + ";hhiih9"} {
		if _, ok := DecodeResume(bad, id, 6); ok {
			t.Errorf("%q read as resume data for the lesson", bad)
		}
	}
}

// FuzzDecodeResume: any suspend_data an LMS hands back is read or refused, never a panic, and
// what is read encodes back to the same text.
func FuzzDecodeResume(f *testing.F) {
	f.Add("c1;bc4639441050f9f5;hhiihg", 6)
	f.Add("c1;bc4639441050f9f5;", 0)
	f.Fuzz(func(t *testing.T, data string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		rows, ok := DecodeResume(data, "bc4639441050f9f5", n)
		if !ok {
			return
		}
		back := make([]Row, n)
		for i, r := range rows {
			back[i] = Row{Predicted: r.Predicted, Shown: r.Shown}
		}
		if again := EncodeResume("bc4639441050f9f5", back); again != data {
			t.Errorf("%q read and written again is %q", data, again)
		}
	})
}

func TestFitProblem(t *testing.T) {
	max12 := ResumeLimit(SCORM12) - ResumeLen(0)
	if FitProblem(SCORM12, max12) != "" || FitProblem(SCORM2004, lesson.MaxRows) != "" {
		t.Errorf("a table that fits is refused: %q %q", FitProblem(SCORM12, max12), FitProblem(SCORM2004, lesson.MaxRows))
	}
	msg := FitProblem(SCORM12, max12+1)
	for _, want := range []string{"4,096", "SCORM 1.2", "4077 rows", "at most 4076 rows"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal %q does not say %q", msg, want)
		}
	}
	if ResumeLimit(SCORM2004) != 64000 || ResumeLimit(SCORM12) != 4096 {
		t.Error("the limits are Moodle's: 4,096 (1.2) and 64,000 (2004)")
	}
}
