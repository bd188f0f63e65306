package lesson

import (
	"strings"
	"testing"

	"coerceplayground/coerce"
)

func TestRunClassroom(t *testing.T) {
	lab := NewLab(LabConfig{NewID: func() string { return "test" }})
	results := lab.Run(Classroom())
	wantCodes := []coerce.Code{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found"}
	calls := 0
	for i, r := range results {
		if r.Code != wantCodes[i] || !r.Pass {
			t.Errorf("row %d %s: code %s pass %v, want %s", i+1, r.Input, r.Code, r.Pass, wantCodes[i])
		}
		if r.HandlerCalled != (r.Code != "invalid_args") {
			t.Errorf("row %d %s: handler called = %v with code %s", i+1, r.Input, r.HandlerCalled, r.Code)
		}
		if r.HandlerCalled {
			calls++
		}
	}
	if lab.HandlerCalls() != calls {
		t.Errorf("handler ran %d times, results say %d", lab.HandlerCalls(), calls)
	}
	nf := results[5].Observation
	if !strings.Contains(nf, "17") || !strings.Contains(nf, "42") || !strings.Contains(nf, `"field":"job_id"`) {
		t.Errorf("not_found should name the field and real ids 17 and 42: %s", nf)
	}
	if !strings.Contains(results[0].Observation, `"status":"failed"`) {
		t.Errorf("job 17 should be a failed job: %s", results[0].Observation)
	}
	s := Summarize(results)
	if s.Passed != 6 || s.Failed != 0 || len(s.Counts) != 3 || s.Counts[0] != (CodeCount{"ok", 2}) {
		t.Errorf("summary = %+v", s)
	}
}

func TestArguments(t *testing.T) {
	for in, want := range map[string]string{
		`17`:               `{"job_id":17}`,
		` "17" `:           `{"job_id":"17"}`,
		`True`:             `{"job_id":true}`,
		`False`:            `{"job_id":false}`,
		`None`:             `{"job_id":null}`,
		`[17]`:             `{"job_id":[17]}`,
		`{"job_id": 17}`:   `{"job_id": 17}`,
		`abc`:              `{"job_id":"abc"}`,
		` 0017 `:           `{"job_id":"0017"}`,
		`1, "extra": 2`:    `1, "extra": 2`,
		`'17'`:             `'17'`,
		`TRUE`:             `{"job_id":"TRUE"}`,
		`{"job_id": True}`: `{"job_id": True}`,
	} {
		if got := string(Arguments(in, "job_id")); got != want {
			t.Errorf("Arguments(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestRunOneNeverPassesWithoutWant(t *testing.T) {
	r := RunOne(`<img src=x onerror="alert(1)">`)
	if r.Code != "invalid_args" || r.Pass || strings.Contains(r.Observation, "<img") {
		t.Errorf("got %+v", r)
	}
	// Without quotes it is bare text, job_id's string value: echoed in got, as JSON the page
	// only ever sets as text.
	if r := RunOne(`<img src=x onerror=alert(1)>`); r.Code != "invalid_args" || r.Pass || r.Field != "job_id" {
		t.Errorf("got %+v", r)
	}
}

// HandlerCalls is how many times any tool's handler ran.
func (l *Lab) HandlerCalls() int { return l.calls }

// RunOne runs one learner input on a fresh Lab.
func RunOne(input string) Result { return NewLab(LabConfig{}).RunOne(input) }
