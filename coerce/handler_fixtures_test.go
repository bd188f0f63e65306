package coerce_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"

	"github.com/go-json-experiment/json/jsontext"
)

// TestHandlerErrorFixtures runs testdata/handler_errors.tsv: whatever a handler writes
// into an error, the observation, the outcome, the trace and the log line are bounded, redacted
// and well-formed, and a correlation id outside the format never reaches any of them.
func TestHandlerErrorFixtures(t *testing.T) {
	for _, c := range readFixtures(t, "testdata/handler_errors.tsv", 13) {
		line, note := c[0], c[13]
		t.Run(line+":"+note, func(t *testing.T) {
			sent := &coerce.Error{Code: coerce.Code(fixtureText(t, c[1])), Field: fixtureText(t, c[2]), Hint: fixtureText(t, c[3]),
				RequiredPermission: fixtureText(t, c[4]), CorrelationID: fixtureText(t, c[5]), Got: fixtureText(t, c[6])}
			var logged []coerce.LogLine
			d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "cid-new" }, Log: func(l coerce.LogLine) { logged = append(logged, l) }},
				failingTool(func(context.Context) (coerce.Result, error) { return nil, sent }, coerce.NotFound, coerce.Denied, coerce.RateLimited))
			if err != nil {
				t.Fatal(err)
			}
			o, tr := d.CallTraced(context.Background(), "flaky", []byte(`{"job_id":17}`))
			obs := checkBounded(t, o.Observation, coerce.DefaultCap)
			checkHandlerErrorRow(t, c, obs)
			if o.Field != obs.str("field") && !strings.ContainsRune(o.Field, '\uFFFD') && !strings.Contains(obs.str("field"), "\uFFFD") {
				t.Errorf("the outcome's field %q is not the observation's %q", o.Field, obs.str("field"))
			}
			if len(logged) != 1 || logged[0].Bug != (c[12] == "true") || logged[0].Field != o.Field || logged[0].CorrelationID != obs.str("correlation_id") {
				t.Fatalf("log %+v, want one line with bug=%s, the field and id of %.300s", logged, c[12], o.Observation)
			}
			checkLogLine(t, logged[0].String())
			if trace := tr.JSON(); len(trace) > 4*coerce.DefaultCap || !jsontext.Value(trace).IsValid() {
				t.Errorf("trace of %d bytes: %.200s", len(trace), trace)
			}
			// Error.Observation, which a tool answering for a vendor calls, gives the same.
			again := checkBounded(t, sent.Observation(coerce.DefaultCap), coerce.DefaultCap)
			if again.str("error") != obs.str("error") || again.str("field") != obs.str("field") || again.str("hint") != obs.str("hint") {
				t.Errorf("Observation %v differs from the dispatcher's %v", again.members, obs.members)
			}
			small := checkBounded(t, sent.Observation(coerce.MinCap), coerce.MinCap)
			if small.str("error") != obs.str("error") {
				t.Errorf("at the smallest cap the code changed: %v", small.members)
			}
		})
	}
}

// checkHandlerErrorRow checks the observation against one row of handler_errors.tsv.
func checkHandlerErrorRow(t *testing.T, c []string, obs observation) {
	t.Helper()
	wantCode, wantField, wantHint, wantPerm, wantCorr := c[7], fixtureText(t, c[8]), fixtureText(t, c[9]), fixtureText(t, c[10]), c[11]
	if obs.str("error") != wantCode {
		t.Errorf("code %q, want %s", obs.str("error"), wantCode)
	}
	if obs.str("field") != wantField {
		t.Errorf("field %.100q, want %.100q", obs.str("field"), wantField)
	}
	if h := obs.str("hint"); wantHint == "" && h != "" || !strings.Contains(h, wantHint) {
		t.Errorf("hint %.100q, want it to hold %.100q", h, wantHint)
	}
	if p := obs.str("required_permission"); p != wantPerm {
		t.Errorf("required_permission %.100q, want %.100q", p, wantPerm)
	}
	id, sent := obs.str("correlation_id"), fixtureText(t, c[5])
	switch wantCorr {
	case "same":
		if id != sent {
			t.Errorf("correlation_id %q, want the handler's %q", id, sent)
		}
	case "new":
		if id != "cid-new" {
			t.Errorf("correlation_id %.100q, want the new cid-new", id)
		}
	default:
		if id != "" {
			t.Errorf("correlation_id %q, want none", id)
		}
	}
	if id != "" && !coerce.ValidCorrelationID(id) {
		t.Errorf("correlation_id %.100q is outside the format", id)
	}
}

// resultValue reads a result written as JSON text (duplicate names and invalid UTF-8 allowed)
// into the Values a handler would build.
func resultValue(t *testing.T, dec *jsontext.Decoder) coerce.Value {
	t.Helper()
	tok, err := dec.ReadToken()
	if err != nil {
		t.Fatal(err)
	}
	switch tok.Kind() {
	case '{':
		var ms []coerce.Member
		for dec.PeekKind() != '}' {
			k, err := dec.ReadToken()
			if err != nil {
				t.Fatal(err)
			}
			key := k.String()
			ms = append(ms, coerce.M(key, resultValue(t, dec)))
		}
		dec.ReadToken()
		return coerce.Object(ms...)
	case '[':
		var vs []coerce.Value
		for dec.PeekKind() != ']' {
			vs = append(vs, resultValue(t, dec))
		}
		dec.ReadToken()
		return coerce.List(vs...)
	case '"':
		return coerce.String(tok.String())
	case '0':
		n, err := strconv.ParseInt(tok.String(), 10, 64)
		if err != nil {
			t.Fatalf("results.tsv takes integers only: %s", tok)
		}
		return coerce.Int(n)
	case 't', 'f':
		return coerce.Bool(tok.Bool())
	}
	return coerce.Value{}
}

// TestHandlerResultFixtures runs testdata/results.tsv: an ok observation is one object
// with unique keys within the cap, or the call is an internal_error that says why.
func TestHandlerResultFixtures(t *testing.T) {
	for _, c := range readFixtures(t, "testdata/results.tsv", 5) {
		line, note := c[0], c[5]
		t.Run(line+":"+note, func(t *testing.T) {
			text := fixtureText(t, c[1])
			dec := jsontext.NewDecoder(strings.NewReader(text), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
			top := resultValue(t, dec)
			res := coerce.ResultOf(top)
			capBytes := coerce.DefaultCap
			if c[2] != "-" {
				capBytes, _ = strconv.Atoi(c[2])
			}
			tool := failingTool(func(context.Context) (coerce.Result, error) { return res, nil })
			tool.Cap = capBytes
			var logged []coerce.LogLine
			d, err := coerce.NewDispatcher(coerce.Config{Log: func(l coerce.LogLine) { logged = append(logged, l) }}, tool)
			if err != nil {
				t.Fatal(err)
			}
			o, tr := d.CallTraced(context.Background(), "flaky", []byte(`{"job_id":17}`))
			obs := checkBounded(t, o.Observation, capBytes)
			if string(o.Code) != c[3] || !o.HandlerCalled {
				t.Fatalf("code %s, want %s: %.300s", o.Code, c[3], o.Observation)
			}
			if o.Code == coerce.OK {
				if obs.keys[0] != "ok" || len(obs.keys) != len(res)+1 {
					t.Errorf("keys %v for a result of %d members", obs.keys, len(res))
				}
				return
			}
			last := tr[len(tr)-1]
			if last.Name != "handler" || !strings.Contains(last.Detail, c[4]) || !coerce.ValidCorrelationID(obs.str("correlation_id")) {
				t.Errorf("step %+v, want the handler step saying %q; observation %s", last, c[4], o.Observation)
			}
			if len(logged) != 1 || !logged[0].Bug {
				t.Errorf("log %+v, want one line marked bug", logged)
			}
		})
	}
}

// TestCyclicResult: a result that contains itself (built through Object's slice) is refused
// as too deep, not written until the stack runs out.
func TestCyclicResult(t *testing.T) {
	ms := []coerce.Member{{Key: "a"}}
	v := coerce.Object(ms...)
	ms[0].Value = v
	d, err := coerce.NewDispatcher(coerce.Config{}, failingTool(func(context.Context) (coerce.Result, error) { return coerce.Result{coerce.M("v", v)}, nil }))
	if err != nil {
		t.Fatal(err)
	}
	if o := d.Call(context.Background(), "flaky", []byte(`{"job_id":17}`)); o.Code != coerce.InternalError {
		t.Errorf("a cyclic result: %s", o.Observation)
	}
}
