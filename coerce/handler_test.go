package coerce_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
)

// failingTool's handler does whatever fail says; every observation it leads to must hide the
// failure's own text (stack traces, file paths, SQL, Go error strings) from the model.
func failingTool(fail func(ctx context.Context) (coerce.Result, error), codes ...coerce.Code) coerce.Tool {
	return coerce.Tool{
		Name:    "flaky",
		Schema:  coerce.Schema{Fields: []coerce.Field{coerce.IntField("job_id", 100, "17", "")}},
		Codes:   codes,
		Handler: func(ctx context.Context, _ coerce.Args) (coerce.Result, error) { return fail(ctx) },
	}
}

const leak = "zqleak /srv/app/db.go:42 goroutine 7 [running] pq: password authentication failed"

type plainErr struct{}

func (plainErr) Error() string { return leak }

func TestHandlerFailures(t *testing.T) {
	for _, c := range []struct {
		name  string
		fail  func(ctx context.Context) (coerce.Result, error)
		codes []coerce.Code
		code  coerce.Code
		bug   bool
	}{
		{"panic string", func(context.Context) (coerce.Result, error) { panic(leak) }, nil, coerce.InternalError, true},
		{"panic error", func(context.Context) (coerce.Result, error) { panic(errors.New(leak)) }, nil, coerce.InternalError, true},
		{"nil map write", func(context.Context) (coerce.Result, error) {
			var m map[string]int
			//lint:ignore SA5000 the handler panics on purpose: Call must turn it into internal_error
			m[leak]++
			return nil, nil
		}, nil, coerce.InternalError, true},
		{"plain error", func(context.Context) (coerce.Result, error) { return nil, errors.New(leak) }, nil, coerce.InternalError, true},
		{"custom error type", func(context.Context) (coerce.Result, error) { return nil, plainErr{} }, nil, coerce.InternalError, true},
		{"code outside the catalog", func(context.Context) (coerce.Result, error) {
			return nil, &coerce.Error{Code: "teapot", Hint: leak}
		}, nil, coerce.InternalError, true},
		{"ok as an error code", func(context.Context) (coerce.Result, error) {
			return nil, &coerce.Error{Code: coerce.OK, Hint: leak}
		}, nil, coerce.InternalError, true},
		{"empty code", func(context.Context) (coerce.Result, error) { return nil, &coerce.Error{Hint: leak} }, nil, coerce.InternalError, true},
		{"catalog code the tool does not declare", func(context.Context) (coerce.Result, error) {
			return nil, coerce.DeniedError("jobs:write", leak)
		}, []coerce.Code{coerce.NotFound}, coerce.InternalError, true},
		{"catalog code a tool without Codes does not declare", func(context.Context) (coerce.Result, error) {
			return nil, coerce.NotFoundError("job_id", leak)
		}, nil, coerce.InternalError, true},
		{"deadline", func(ctx context.Context) (coerce.Result, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}, nil, coerce.Timeout, false},
		{"wrapped deadline", func(ctx context.Context) (coerce.Result, error) {
			<-ctx.Done()
			return nil, &wrapped{leak, ctx.Err()}
		}, nil, coerce.Timeout, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var logged []coerce.LogLine
			d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "9e1d" }, Log: func(l coerce.LogLine) { logged = append(logged, l) }}, failingTool(c.fail, c.codes...))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			o := d.Call(ctx, "flaky", []byte(`{"job_id":"17"}`))
			obs := parseObservation(t, o.Observation)
			if o.Code != c.code || obs.str("error") != string(c.code) || !o.HandlerCalled {
				t.Fatalf("code %s, want %s: %s", o.Code, c.code, o.Observation)
			}
			if strings.Contains(string(o.Observation), "zqleak") || strings.Contains(string(o.Observation), "goroutine") || strings.Contains(string(o.Observation), ".go") {
				t.Errorf("the failure's text reached the model: %s", o.Observation)
			}
			if c.code == coerce.InternalError && obs.str("correlation_id") != "9e1d" {
				t.Errorf("no correlation_id: %s", o.Observation)
			}
			if len(logged) != 1 || logged[0].Bug != c.bug || logged[0].Code != c.code {
				t.Fatalf("log lines %+v, want one with code %s and Bug=%v", logged, c.code, c.bug)
			}
			if c.code == coerce.InternalError && logged[0].CorrelationID != "9e1d" {
				t.Errorf("the log line lacks the correlation id the model was given: %+v", logged[0])
			}
			if strings.Contains(logged[0].String(), "zqleak") {
				t.Errorf("log line holds the failure's text: %s", logged[0])
			}
		})
	}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg + ": " + w.err.Error() }
func (w *wrapped) Unwrap() error { return w.err }

// TestHandlerErrorsKeptAsDeclared: codes the tool declares, and the always-allowed invalid_args
// and internal_error, reach the model with the handler's field and hint.
func TestHandlerErrorsKeptAsDeclared(t *testing.T) {
	for _, c := range []struct {
		err   *coerce.Error
		codes []coerce.Code
	}{
		{coerce.NotFoundError("job_id", "job ids look like 17"), []coerce.Code{coerce.NotFound}},
		{coerce.DeniedError("jobs:read", "ask an admin"), []coerce.Code{coerce.NotFound, coerce.Denied}},
		{&coerce.Error{Code: coerce.RateLimited, Hint: "slow down", RetryAfter: 7}, []coerce.Code{coerce.RateLimited}},
		{coerce.NewError(coerce.InvalidArgs, "job_id", "job 17 is archived; pick another"), nil},
		{&coerce.Error{Code: coerce.InternalError, Hint: "try later", CorrelationID: "vendor-1"}, nil},
		{&coerce.Error{Code: coerce.Timeout, Hint: "the vendor timed out"}, nil},
	} {
		var logged []coerce.LogLine
		d, err := coerce.NewDispatcher(coerce.Config{Log: func(l coerce.LogLine) { logged = append(logged, l) }},
			failingTool(func(context.Context) (coerce.Result, error) { return nil, c.err }, c.codes...))
		if err != nil {
			t.Fatal(err)
		}
		o := d.Call(context.Background(), "flaky", []byte(`{"job_id":17}`))
		obs := parseObservation(t, o.Observation)
		if o.Code != c.err.Code || obs.str("hint") != c.err.Hint || o.Field != c.err.Field || o.RetryAfter != c.err.RetryAfter {
			t.Errorf("%v: %s", c.err, o.Observation)
		}
		if c.err.RequiredPermission != "" && obs.str("required_permission") != c.err.RequiredPermission {
			t.Errorf("required_permission lost: %s", o.Observation)
		}
		if c.err.CorrelationID != "" && obs.str("correlation_id") != c.err.CorrelationID {
			t.Errorf("the handler's correlation_id was replaced: %s", o.Observation)
		}
		if len(logged) != 1 || logged[0].Bug {
			t.Errorf("%v: log %+v", c.err, logged)
		}
		if c.err.Field == "job_id" && string(obs.members["got"]) != "17" {
			t.Errorf("got not filled from the argument: %s", o.Observation)
		}
	}
}

// TestHandlerGotIsSanitized: a handler that sets Got by hand (not with WithGot) cannot break the
// observation's JSON, exceed MaxGotBytes or echo a credential.
func TestHandlerGotIsSanitized(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{`abc`, `"abc"`},
		{`"ok"`, `"ok"`},
		{`17`, `17`},
		{`"unterminated`, `"\"unterminated"`},
		{`"sk_live_51Habcdefghijklmnop"`, `"[redacted]"`},
		{`sk_live_51Habcdefghijklmnop`, `"[redacted]"`},
		{`"` + strings.Repeat("x", 100) + `"`, `"` + strings.Repeat("x", 61) + `…"`},
		{`{"a":1}`, `"{\"a\":1}"`},
	} {
		d, err := coerce.NewDispatcher(coerce.Config{}, failingTool(func(context.Context) (coerce.Result, error) {
			return nil, &coerce.Error{Code: coerce.NotFound, Field: "job_id", Hint: "h", Got: c.got}
		}, coerce.NotFound))
		if err != nil {
			t.Fatal(err)
		}
		o := d.Call(context.Background(), "flaky", []byte(`{"job_id":17}`))
		obs := parseObservation(t, o.Observation)
		if string(obs.members["got"]) != c.want {
			t.Errorf("Got %s: observation %s, want got %s", c.got, o.Observation, c.want)
		}
	}
}

// TestLongHandlerFieldsStillFitTheCap: a permission or correlation id too long for the cap is
// cut, not allowed to push the observation over it.
func TestLongHandlerFieldsStillFitTheCap(t *testing.T) {
	for _, e := range []*coerce.Error{
		coerce.DeniedError(strings.Repeat("perm:", 300), "ask"),
		{Code: coerce.InternalError, Hint: "h", CorrelationID: strings.Repeat("c", 300)},
		{Code: coerce.NotFound, Field: strings.Repeat("f", 300), Hint: strings.Repeat("h", 300)},
	} {
		for _, capBytes := range []int{coerce.MinCap, 200, coerce.DefaultCap} {
			out := e.Observation(capBytes)
			obs := parseObservation(t, out)
			if len(out) > capBytes || obs.str("error") != string(e.Code) {
				t.Errorf("cap %d: %d bytes: %s", capBytes, len(out), out)
			}
		}
	}
	d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return strings.Repeat("id", 200) }},
		coerce.Tool{Name: "t", Cap: coerce.MinCap, Handler: func(context.Context, coerce.Args) (coerce.Result, error) { panic("x") }})
	if err != nil {
		t.Fatal(err)
	}
	if o := d.Call(context.Background(), "t", []byte(`{}`)); len(o.Observation) > coerce.MinCap {
		t.Errorf("a long NewID pushed the observation to %d bytes: %s", len(o.Observation), o.Observation)
	}
}

// TestLogLinesNeverHoldTheInput: whatever the input, what is logged is the tool, code, field and
// correlation id. The distinctive value must not appear.
func TestLogLinesNeverHoldTheInput(t *testing.T) {
	const mark = "zq9MARKzq"
	var logged []coerce.LogLine
	m := &coerce.Metrics{}
	d, _ := newTestDispatcher(t, coerce.Config{Metrics: m, Log: func(l coerce.LogLine) { logged = append(logged, l) }})
	inputs := []string{
		`{"job_id":"` + mark + `"}`,
		`{"job_id":"17 ` + mark + `"}`,
		`{"job_id":17,"x":"` + mark + `"}`,
		`{"job_id":17,"job_id":"` + mark + `"}`,
		`{"job_id":` + mark + `}`,
		`{"job_id":"` + mark,
		`"` + mark + `"`,
		`{"job_id":"` + strings.Repeat(mark, 10000) + `"}`,
		`{"user_id":"` + mark + `"}`,
	}
	for _, in := range inputs {
		d.Call(context.Background(), "get_job", []byte(in))
	}
	d.Call(context.Background(), "get_user", []byte(`{"user_id":"usr_`+mark+`"}`)) // not_found
	if len(logged) != len(inputs)+1 {
		t.Fatalf("%d log lines for %d errors", len(logged), len(inputs)+1)
	}
	for _, l := range logged {
		if strings.Contains(l.String(), mark) || strings.Contains(l.Field, mark) || strings.Contains(l.Tool, mark) {
			t.Errorf("log line holds the input: %s", l)
		}
		if !strings.Contains(l.String(), "code="+string(l.Code)) {
			t.Errorf("log line lacks the code: %s", l)
		}
	}
	var total int
	for _, c := range m.Snapshot() {
		total += c.N
	}
	if total != len(inputs)+1 {
		t.Errorf("metrics counted %d outcomes, want %d: %+v", total, len(inputs)+1, m.Snapshot())
	}
}

func TestMetricsCountPerToolAndCode(t *testing.T) {
	m := &coerce.Metrics{}
	d, _ := newTestDispatcher(t, coerce.Config{Metrics: m})
	for _, c := range []struct{ tool, args string }{
		{"get_job", `{"job_id":17}`}, {"get_job", `{"job_id":"42"}`}, {"get_job", `{"job_id":-1}`},
		{"get_job", `{"job_id":99}`}, {"get_user", `{"user_id":"usr_8f3a"}`}, {"get_user", `{}`},
	} {
		d.Call(context.Background(), c.tool, []byte(c.args))
	}
	want := []coerce.Count{
		{Tool: "get_job", Code: coerce.OK, N: 2}, {Tool: "get_job", Code: coerce.InvalidArgs, N: 1}, {Tool: "get_job", Code: coerce.NotFound, N: 1},
		{Tool: "get_user", Code: coerce.OK, N: 1}, {Tool: "get_user", Code: coerce.InvalidArgs, N: 1},
	}
	got := m.Snapshot()
	if len(got) != len(want) {
		t.Fatalf("snapshot %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("snapshot[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
	m.Reset()
	if len(m.Snapshot()) != 0 {
		t.Error("Reset left counts")
	}
}

func TestUnknownToolIsNotEchoedOrCounted(t *testing.T) {
	m := &coerce.Metrics{}
	var lines []string
	d, err := coerce.NewDispatcher(coerce.Config{Metrics: m, Log: func(l coerce.LogLine) { lines = append(lines, l.String()) }}, coercetest.GetJob())
	if err != nil {
		t.Fatal(err)
	}
	o := d.Call(context.Background(), "drop_tables_sk_live_123", []byte(`{"job_id":17}`))
	if o.Code != coerce.InvalidArgs || o.HandlerCalled || strings.Contains(string(o.Observation), "drop_tables") || !strings.Contains(string(o.Observation), "get_job") {
		t.Errorf("unknown tool: %+v %s", o, o.Observation)
	}
	for _, l := range lines {
		if strings.Contains(l, "drop_tables") {
			t.Errorf("log echoes the tool name: %s", l)
		}
	}
	if snap := m.Snapshot(); len(snap) != 1 || snap[0].Tool != coerce.UnknownTool {
		t.Errorf("metrics = %+v", snap)
	}
}
