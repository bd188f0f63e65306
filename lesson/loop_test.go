package lesson

import (
	"errors"
	"testing"

	"coerceplayground/coerce"
)

func TestPresetsEndAsTheLessonSays(t *testing.T) {
	want := map[string][]coerce.Decision{
		"fixes":    {coerce.Retry, coerce.Continue},
		"booleans": {coerce.Retry, coerce.Handoff, ""},
		"guesses":  {coerce.Retry, coerce.Handoff, ""},
		"refund":   {coerce.Stop, ""},
	}
	presets := Presets()
	if len(presets) != len(want) {
		t.Fatalf("%d presets, want %d", len(presets), len(want))
	}
	for _, p := range presets {
		if p.Title == "" {
			t.Errorf("preset %s has no title", p.Name)
		}
		steps := NewLab(LabConfig{}).RunLoop(p)
		w, ok := want[p.Name]
		if !ok || len(steps) != len(w) {
			t.Fatalf("preset %s: %d steps, want %v", p.Name, len(steps), w)
		}
		for i, s := range steps {
			if s.Decision != w[i] || s.Sent != (w[i] != "") || s.Reason == "" {
				t.Errorf("preset %s step %d (%s %s): decision %q sent %v reason %q, want %q", p.Name, i+1, s.Tool, s.Input, s.Decision, s.Sent, s.Reason, w[i])
			}
			// The step's Why explains this decision: it ends on it, not ok exactly when the loop ends.
			if s.Sent != (len(s.Why) > 0) {
				t.Errorf("preset %s step %d: sent %v with %d Why steps", p.Name, i+1, s.Sent, len(s.Why))
			} else if s.Sent {
				last := s.Why[len(s.Why)-1]
				ends := s.Decision == coerce.Stop || s.Decision == coerce.Handoff
				if last.Name != "decision" || last.OK == ends || last.Detail == "" {
					t.Errorf("preset %s step %d: %s, but its Why ends %+v", p.Name, i+1, s.Decision, last)
				}
				if s.Result.Code != "ok" && s.Count == 0 {
					t.Errorf("preset %s step %d: %s counted 0 times", p.Name, i+1, s.Result.Code)
				}
			}
		}
	}
	steps := NewLab(LabConfig{}).RunLoop(presets[3])
	if steps[0].Result.Code != "denied" || steps[0].Result.Observation == "" {
		t.Errorf("refund preset: %+v", steps[0].Result)
	}
}

func TestInvalidArgsOnDifferentFieldsRetriesEach(t *testing.T) {
	s, err := ParseScript("refund {\"job_id\": -1, \"amount_cents\": 500}\nrefund {\"job_id\": 17, \"amount_cents\": 0}\nrefund {\"job_id\": 17, \"amount_cents\": 500}\n")
	if err != nil {
		t.Fatal(err)
	}
	steps := NewLab(LabConfig{Permissions: []string{RefundPermission}}).RunLoop(s)
	for i, want := range []coerce.Decision{coerce.Retry, coerce.Retry, coerce.Continue} {
		if steps[i].Decision != want {
			t.Errorf("step %d: %s (%s), want %s", i+1, steps[i].Decision, steps[i].Result.Observation, want)
		}
	}
}

func TestParseScript(t *testing.T) {
	s, err := ParseScript("# c\nget_job  17 \n\nget_user \"usr_8f3a\"\n")
	if err != nil || len(s.Calls) != 2 || s.Calls[0] != (Call{"get_job", "17"}) {
		t.Fatalf("%+v %v", s, err)
	}
	if back, _ := ParseScript(FormatScript(s)); len(back.Calls) != 2 || back.Calls[1] != s.Calls[1] {
		t.Errorf("round trip: %+v", back)
	}
	for text, line := range map[string]int{"get_job 1\ndelete_all 1\n": 2, "get_job\n": 1} {
		var pe *ParseError
		if _, err := ParseScript(text); !errors.As(err, &pe) || pe.Line != line {
			t.Errorf("%q: %v, want line %d", text, err, line)
		}
	}
}
