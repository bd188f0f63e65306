package coerce_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"

	"github.com/go-json-experiment/json/jsontext"
)

// vocabulary is the documented step vocabulary (docs/trace.md), in the order a call takes the
// steps; a field's steps come in this order too.
var vocabulary = []string{"parse", "lookup", "keys", "type", "trim", "digits", "bool_string", "range", "match", "handler"}

// argSteps are the steps that reject arguments: each ends a call in invalid_args.
var argSteps = map[string]bool{"parse": true, "keys": true, "type": true, "trim": true, "digits": true, "bool_string": true, "range": true, "match": true}

func rank(step string) int {
	for i, s := range vocabulary {
		if s == step {
			return i
		}
	}
	return -1
}

// checkTrace asserts that tr agrees with o: only the vocabulary; all ok for an ok call; for an
// error exactly one failing step, the last, with the observation's field and got and a step that
// gives its code; a field's steps in vocabulary order; no credential and nothing in secrets; and
// JSON that reads back as the same steps.
func checkTrace(t testing.TB, o coerce.Outcome, tr coerce.Trace, secrets ...string) {
	t.Helper()
	js := tr.JSON()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: "+format+"\nobservation: %s\ntrace: %s", append([]any{o.Code}, append(args, o.Observation, js)...)...)
	}
	if len(tr) == 0 {
		fail("empty trace")
	}
	last := map[string]int{} // a field's last step's rank
	for i, s := range tr {
		checkStep(fail, s, i == len(tr)-1, last, secrets)
	}
	for _, sec := range secrets {
		if sec != "" && bytes.Contains(o.Observation, []byte(sec)) {
			fail("%q in the observation", sec)
		}
	}
	checkTraceEnd(fail, o, tr)
	back := readTrace(t, js)
	if len(back) != len(tr) {
		fail("JSON holds %d steps, the trace %d", len(back), len(tr))
	}
	for i := range back {
		if back[i] != tr[i] {
			fail("step %d reads back as %+v, was %+v", i, back[i], tr[i])
		}
	}
}

// checkStep checks one step of a trace on its own: in the vocabulary, failing only as the last
// step, with a detail, in vocabulary order for its field (last holds each field's last rank),
// a rule that changed something, and no credential, secret or long value.
func checkStep(fail func(string, ...any), s coerce.Step, isLast bool, last map[string]int, secrets []string) {
	r := rank(s.Name)
	if r < 0 {
		fail("step %q is not in the vocabulary", s.Name)
	}
	if !s.OK && !isLast {
		fail("step %s fails but is not the last", s.Name)
	}
	if s.Detail == "" {
		fail("step %s has no detail", s.Name)
	}
	if s.Field != "" && s.OK {
		if r < last[s.Field] {
			fail("%s after a later step on %s", s.Name, s.Field)
		}
		last[s.Field] = r
	}
	if s.OK && (s.Name == "trim" || s.Name == "digits" || s.Name == "bool_string") && (s.Before == "" || s.After == "" || s.Before == s.After && !strings.Contains(s.Before, coerce.Redacted)) {
		fail("rule %s changed nothing: %q → %q", s.Name, s.Before, s.After)
	}
	for _, v := range []string{s.Field, s.Detail, s.Before, s.After} {
		if coerce.LooksLikeCredential(v) {
			fail("a credential in step %s: %q", s.Name, v)
		}
		for _, sec := range secrets {
			if sec != "" && strings.Contains(v, sec) {
				fail("%q in step %s", sec, s.Name)
			}
		}
	}
	for _, v := range []string{s.Before, s.After} {
		if v != "" && (!jsontext.Value(v).IsValid() || len(v) > coerce.MaxGotBytes+2) {
			fail("value %q in step %s is not a short JSON value", v, s.Name)
		}
	}
}

// checkTraceEnd checks the last step against the outcome: an ok call runs from parse to an ok
// handler; an error ends in one failing step about the observation's field and got, of a step
// that can give its code.
func checkTraceEnd(fail func(string, ...any), o coerce.Outcome, tr coerce.Trace) {
	end := tr[len(tr)-1]
	if o.Code == coerce.OK {
		if !end.OK || tr[0].Name != "parse" || end.Name != "handler" {
			fail("an ok call's trace must run from parse to an ok handler")
		}
		return
	}
	obs, err := readObservation(o.Observation)
	if err != nil {
		fail("%v", err)
	}
	if end.OK {
		fail("an error with no failing step")
	}
	if end.Field != o.Field {
		fail("the failing step is about %q, the observation about %q", end.Field, o.Field)
	}
	if got, ok := obs.members["got"]; ok && end.Before != string(got) {
		fail("the failing step's value %q is not got %s", end.Before, got)
	}
	switch {
	case argSteps[end.Name]:
		if o.Code != coerce.InvalidArgs || o.HandlerCalled {
			fail("step %s cannot end in %s (handler called %v)", end.Name, o.Code, o.HandlerCalled)
		}
	case end.Name == "lookup":
		if o.Code != coerce.NotFound && !(o.Code == coerce.InvalidArgs && o.Tool == coerce.UnknownTool) {
			fail("lookup cannot end in %s", o.Code)
		}
	case end.Name == "handler":
		if !o.HandlerCalled || o.Code == coerce.NotFound {
			fail("handler cannot end in %s (handler called %v)", o.Code, o.HandlerCalled)
		}
	}
}

// readTrace reads Trace.JSON back with jsontext, members by name: the format the page reads.
func readTrace(t testing.TB, js []byte) coerce.Trace {
	t.Helper()
	dec := jsontext.NewDecoder(bytes.NewReader(js))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		t.Fatalf("trace JSON is not an array: %s", js)
	}
	var out coerce.Trace
	for dec.PeekKind() == '{' {
		dec.ReadToken()
		var s coerce.Step
		for dec.PeekKind() != '}' {
			k, err := dec.ReadToken()
			if err != nil {
				t.Fatalf("trace JSON: %v: %s", err, js)
			}
			key := k.String()
			v, err := dec.ReadValue()
			if err != nil {
				t.Fatalf("trace JSON: %v: %s", err, js)
			}
			str, _ := jsontext.AppendUnquote(nil, v)
			switch key {
			case "step":
				s.Name = string(str)
			case "ok":
				s.OK = string(v) == "true"
			case "field":
				s.Field = string(str)
			case "detail":
				s.Detail = string(str)
			case "before":
				s.Before = string(v)
			case "after":
				s.After = string(v)
			default:
				t.Fatalf("trace JSON: unknown member %q: %s", key, js)
			}
		}
		dec.ReadToken()
		out = append(out, s)
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != ']' {
		t.Fatalf("trace JSON does not end its array: %s", js)
	}
	if _, err := dec.ReadToken(); err == nil {
		t.Fatalf("trace JSON has trailing data: %s", js)
	}
	return out
}

// TestTraceFixtures: for every row of testdata/dispatch.tsv, the traced call gives the
// same outcome as Call, and its trace agrees with the observation.
func TestTraceFixtures(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{NewID: func() string { return "cid" }})
	steps := map[string]bool{}
	for _, r := range loadDispatchFixtures(t) {
		o := d.Call(context.Background(), r.tool, []byte(r.args))
		ot, tr := d.CallTraced(context.Background(), r.tool, []byte(r.args))
		if !bytes.Equal(o.Observation, ot.Observation) || o.Code != ot.Code || o.Field != ot.Field || o.HandlerCalled != ot.HandlerCalled {
			t.Errorf("dispatch.tsv:%d: traced %s, untraced %s", r.line, ot.Observation, o.Observation)
		}
		checkTrace(t, ot, tr)
		for _, s := range tr {
			steps[s.Name+"/"+strconv.FormatBool(s.OK)] = true
		}
	}
	// The fixtures exercise every step, and every step that can fail fails in one of them.
	for _, s := range vocabulary {
		if !steps[s+"/true"] && s != "lookup" {
			t.Errorf("no fixture traces an ok %s step", s)
		}
		if !steps[s+"/false"] && s != "handler" && s != "trim" {
			t.Errorf("no fixture traces a failing %s step", s)
		}
	}
}

// TestTraceRedacts: the credentials of the redaction fixtures never appear in a trace, in a value,
// a key or a field named like a secret.
func TestTraceRedacts(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{})
	for _, cred := range credentials {
		q := string(quote(cred))
		for _, in := range []struct{ tool, args string }{
			{"get_job", `{"job_id":` + q + `}`},
			{"get_job", `{"job_id":" ` + strings.ReplaceAll(q[1:len(q)-1], `"`, ``) + ` "}`},
			{"get_user", `{"user_id":` + q + `}`},
			{"get_job", `{` + q + `:17}`},
			{"get_job", `{` + q + `:1,` + q + `:2}`},
		} {
			o, tr := d.CallTraced(context.Background(), in.tool, []byte(in.args))
			checkTrace(t, o, tr, cred[len(cred)-8:])
		}
	}
	// An id that passes every rule and is a credential all the same: trimmed, matched, looked up.
	o, tr := d.CallTraced(context.Background(), "get_user", []byte(`{"user_id":"  usr_AKIAIOSFODNN7EXAMPLE  "}`))
	checkTrace(t, o, tr, "FODNN7EXAMPLE")
	if summary(tr) != `parse ok; type ok user_id; trim ok user_id "[redacted]" → "[redacted]"; match ok user_id; keys ok; lookup fails user_id "[redacted]"` {
		t.Errorf("a credential id: %s", summary(tr))
	}
	h := func(context.Context, coerce.Args) (coerce.Result, error) { return coerce.Result{}, nil }
	sd, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{Name: "t", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{
		coerce.IDField("api_key", "key_", "key_1", ""),
		coerce.IntField("token", 1<<40, "1", ""),
	}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{`{"api_key":" key_hunter2zq ","token":" 987654 "}`, `{"api_key":"key_1","token":"0987654"}`, `{"api_key":"hunter2zq","token":1}`} {
		o, tr := sd.CallTraced(context.Background(), "t", []byte(args))
		checkTrace(t, o, tr, "hunter2zq", "987654")
	}
}

// TestTraceRules: each rule that changes a value shows it before and after, the example of the
// trace's documentation included.
func TestTraceRules(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{})
	for _, c := range []struct{ tool, args, want string }{
		{"get_job", `{"job_id":" 42 "}`, `parse ok; type ok job_id; trim ok job_id " 42 " → "42"; digits ok job_id "42" → 42; range ok job_id; keys ok; handler ok`},
		{"get_job", `{"job_id":17}`, `parse ok; type ok job_id; range ok job_id; keys ok; handler ok`},
		{"get_job", `{"job_id":"017"}`, `parse ok; type ok job_id; digits fails job_id "017"`},
		{"get_job", `{"job_id":" 0 "}`, `parse ok; type ok job_id; trim ok job_id " 0 " → "0"; digits ok job_id "0" → 0; range fails job_id " 0 "`},
		{"get_job", `{"job_id":99}`, `parse ok; type ok job_id; range ok job_id; keys ok; lookup fails job_id 99`},
		{"get_job", `{"job_id":17,"job_id":42}`, `parse fails job_id`},
		{"get_job", `{"job_id":"abc","extra":1}`, `parse ok; type ok job_id; digits fails job_id "abc"`},
		{"get_job", `{"extra":1,"job_id":"abc"}`, `parse ok; keys fails extra`},
		{"get_job", `{}`, `parse ok; keys fails job_id`},
		{"get_job", `{"job_id":true}`, `parse ok; type fails job_id true`},
		{"get_user", `{"user_id":"\tusr_8f3a"}`, `parse ok; type ok user_id; trim ok user_id "\tusr_8f3a" → "usr_8f3a"; match ok user_id; keys ok; handler ok`},
		{"get_user", `{"user_id":"USR_8f3a"}`, `parse ok; type ok user_id; match fails user_id "USR_8f3a"`},
		{"set_alerts", `{"job_id":1,"enabled":true,"quiet":" false"}`, `parse ok; type ok job_id; range ok job_id; type ok enabled; type ok quiet; trim ok quiet " false" → "false"; bool_string ok quiet "false" → false; keys ok; handler ok`},
		{"set_alerts", `{"job_id":1,"enabled":true,"quiet":"no"}`, `parse ok; type ok job_id; range ok job_id; type ok enabled; type ok quiet; bool_string fails quiet "no"`},
		{"set_alerts", `{"job_id":1,"enabled":"true"}`, `parse ok; type ok job_id; range ok job_id; type fails enabled "true"`},
		{"get_jobs", `{"job_id":17}`, `lookup fails`},
	} {
		o, tr := d.CallTraced(context.Background(), c.tool, []byte(c.args))
		checkTrace(t, o, tr)
		if got := summary(tr); got != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.tool, c.args, got, c.want)
		}
	}
}

// summary writes a trace in one line: step, ok or fails, field, before → after.
func summary(tr coerce.Trace) string {
	var parts []string
	for _, s := range tr {
		p := s.Name + " ok"
		if !s.OK {
			p = s.Name + " fails"
		}
		if s.Field != "" {
			p += " " + s.Field
		}
		if s.Before != "" {
			p += " " + s.Before
		}
		if s.After != "" {
			p += " → " + s.After
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, "; ")
}

// TestTraceHandlerFailures: how a handler failed is the last step, and its text never is.
func TestTraceHandlerFailures(t *testing.T) {
	for _, c := range []struct {
		name   string
		fail   func(ctx context.Context) (coerce.Result, error)
		codes  []coerce.Code
		step   string
		detail string
	}{
		{"panic", func(context.Context) (coerce.Result, error) { panic(leak) }, nil, "handler", "panicked"},
		{"plain error", func(context.Context) (coerce.Result, error) { return nil, errors.New(leak) }, nil, "handler", "plain error"},
		{"undeclared code", func(context.Context) (coerce.Result, error) { return nil, coerce.DeniedError("jobs:read", leak) }, nil, "handler", "does not declare"},
		{"denied", func(context.Context) (coerce.Result, error) {
			return nil, coerce.DeniedError("jobs:read", "ask an admin")
		}, []coerce.Code{coerce.Denied}, "handler", "ask an admin"},
		{"not found", func(context.Context) (coerce.Result, error) {
			return nil, coerce.NotFoundError("job_id", "jobs look like 17")
		}, []coerce.Code{coerce.NotFound}, "lookup", "jobs look like 17"},
		{"deadline", func(ctx context.Context) (coerce.Result, error) { <-ctx.Done(); return nil, ctx.Err() }, nil, "handler", "did not finish in time"},
		{"over the cap", func(context.Context) (coerce.Result, error) {
			return coerce.Result{coerce.M("blob", coerce.String(strings.Repeat("x", 2000)))}, nil
		}, nil, "handler", "over the tool's cap"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "9e1d" }}, failingTool(c.fail, c.codes...))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			o, tr := d.CallTraced(ctx, "flaky", []byte(`{"job_id":"17"}`))
			checkTrace(t, o, tr, "zqleak", "goroutine")
			if end := tr[len(tr)-1]; end.Name != c.step || !strings.Contains(end.Detail, c.detail) {
				t.Errorf("last step %+v, want %s saying %q", end, c.step, c.detail)
			}
		})
	}
}
