package coerce

import (
	"context"
	"math"
	"strings"
	"testing"
)

func TestLooseningNames(t *testing.T) {
	if LooseNone.String() != "" || Loosening(200).String() != "" {
		t.Error("LooseNone and an undeclared loosening have names")
	}
	for _, l := range Loosenings() {
		if back, ok := LooseningNamed(l.String()); !ok || back != l || l.String() == "" {
			t.Errorf("%d: named %q, read back as %d", l, l.String(), back)
		}
	}
	if _, ok := LooseningNamed(""); ok {
		t.Error(`LooseningNamed("") found one`)
	}
}

// TestLoosenedStepIsMarked: a loosened dispatcher marks the step it took in the trace's JSON,
// and still keeps the trace's rules (an ok call has every step ok).
func TestLoosenedStepIsMarked(t *testing.T) {
	field := IntField("job_id", 2147483647, "17", "")
	tool := Tool{Name: "get_job", Schema: Schema{Fields: []Field{field}}, Handler: func(context.Context, Args) (Result, error) { return nil, nil }}
	rules := DefaultRules()
	rules.Loose = LooseHex
	d, err := NewDispatcher(Config{Rules: &rules}, tool)
	if err != nil {
		t.Fatal(err)
	}
	o, tr := d.CallTraced(context.Background(), "get_job", []byte(`{"job_id":"0x11"}`))
	js := string(tr.JSON())
	if o.Code != OK || !strings.Contains(js, `"before":"0x11","after":17,"loosened":true`) {
		t.Errorf("%s: %s", o.Code, js)
	}
	plain, _ := NewDispatcher(Config{}, tool)
	_, tr = plain.CallTraced(context.Background(), "get_job", []byte(`{"job_id":"0x11"}`))
	if strings.Contains(string(tr.JSON()), "loosened") {
		t.Errorf("the lesson's own call is marked loosened: %s", tr.JSON())
	}
}

func TestLooseReaders(t *testing.T) {
	if n, ok := unicodeDigits([]byte("１７")); !ok || n != 17 {
		t.Errorf("full-width 17: %d %v", n, ok)
	}
	if n, ok := unicodeDigits([]byte("٤٢")); !ok || n != 42 {
		t.Errorf("Arabic-Indic 42: %d %v", n, ok)
	}
	if _, ok := unicodeDigits([]byte("17")); ok {
		t.Error("ASCII digits alone are the lesson's reading, not a loosened one")
	}
	if float64ToInt64(9223372036854775807) != math.MinInt64 || float64ToInt64(17) != 17 {
		t.Error("float64ToInt64 does not wrap as amd64 does")
	}
	for lit, want := range map[string]int64{"17.0": 17, "1e1": 10, "1.7e1": 17} {
		if n, ok := looseDecimal([]byte(lit), false); !ok || n != want {
			t.Errorf("looseDecimal(%s) = %d, %v", lit, n, ok)
		}
	}
	if _, ok := looseDecimal([]byte("17.5"), false); ok {
		t.Error("17.5 read as whole")
	}
	if n, ok := looseDecimal([]byte("-17.5"), true); !ok || n != -17 {
		t.Errorf("truncate -17.5 = %d", n)
	}
	if n, ok := digitsWithout([]byte("1_7"), false); !ok || n != 17 {
		t.Errorf(`"1_7" = %d`, n)
	}
	if _, ok := digitsWithout([]byte("_17"), false); ok {
		t.Error("a leading underscore dropped")
	}
}

// FuzzLoosen runs arbitrary argument text on the lesson-like get_job and on every loosened copy
// of it: none panics, each trace keeps the trace's rules, and a loosening the lesson's call did
// not reach (CallReach) answers exactly as the lesson did, which is what lets a hunt skip it.
func FuzzLoosen(f *testing.F) {
	for _, s := range []string{`{"job_id":"17"}`, `{"job_id":true}`, `{"job_id":null}`, `{}`, `{"job_id":""}`,
		`{"job_id":"17.0"}`, `{"job_id":17.5}`, `{"job_id":-1}`, `{"job_id":"017"}`, `{"job_id":"0x11"}`,
		`{"job_id":"１７"}`, `{"job_id":9223372036854775807}`, `{"job_id":"1_7"}`, `{"job_id":"1 7"}`,
		`{"job_id":"+17"}`, `{"job_id":17,"extra":1}`, `{"JOB_ID":17}`, `{"job_id":"x","job_id":42}`} {
		f.Add(s)
	}
	field := IntField("job_id", 2147483647, "17", "")
	handler := func(_ context.Context, a Args) (Result, error) {
		if id := a.Int("job_id"); id != 17 && id != 42 {
			return nil, NotFoundError("job_id", "no such job")
		}
		return Result{M("id", Int(a.Int("job_id")))}, nil
	}
	tool := Tool{Name: "get_job", Schema: Schema{Fields: []Field{field}}, Codes: []Code{NotFound}, Handler: handler}
	id := func() string { return "c" }
	lesson, err := NewDispatcher(Config{NewID: id}, tool)
	if err != nil {
		f.Fatal(err)
	}
	mutants := map[Loosening]*Dispatcher{}
	for _, l := range Loosenings() {
		r := DefaultRules()
		r.Loose = l
		if mutants[l], err = NewDispatcher(Config{Rules: &r, NewID: id}, tool); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, args string) {
		want, _, reach := lesson.CallReach(context.Background(), "get_job", []byte(args))
		for l, d := range mutants {
			o, tr := d.CallTraced(context.Background(), "get_job", []byte(args))
			checkTraceRules(t, o, tr)
			if !reach.Has(l) && string(o.Observation) != string(want.Observation) {
				t.Fatalf("%s on %q: out of reach, yet %s where the lesson says %s", l, args, o.Observation, want.Observation)
			}
		}
	})
}

// checkTraceRules fails t unless tr keeps a trace's rules for o: every step ok when o is ok,
// otherwise exactly one failing step, the last.
func checkTraceRules(t *testing.T, o Outcome, tr Trace) {
	t.Helper()
	for i, s := range tr {
		last := i == len(tr)-1
		if s.OK == (o.Code != OK && last) {
			t.Fatalf("%s: step %d of %s breaks the trace's rules", o.Code, i, tr.JSON())
		}
	}
}
