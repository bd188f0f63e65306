package mcpserve_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"
	"coerceplayground/mcpserve"
)

// TestSessionsKeepTheirOwnBudget: one session spending its invalid_args budget does not spend
// another's, and each session's counts are its own.
func TestSessionsKeepTheirOwnBudget(t *testing.T) {
	ended := make(chan mcpserve.Report, 2)
	s, m := serve(t, mcpserve.Options{SessionEnd: func(r mcpserve.Report) { ended <- r }}, fixtureTools(calls{})...)
	a, ssA := connect(t, s)
	b, ssB := connect(t, s)

	want := []coerce.Decision{coerce.Retry, coerce.Handoff, coerce.Handoff}
	for i, d := range want {
		res := call(t, a, "get_job", `{"job_id":"abc"}`)
		if got := res.Meta[mcpwire.MetaDecision]; got != string(d) {
			t.Errorf("session A call %d: decision %v, want %s (%v)", i+1, got, d, res.Meta[mcpwire.MetaReason])
		}
	}
	res := call(t, b, "get_job", `{"job_id":"abc"}`)
	if got := res.Meta[mcpwire.MetaDecision]; got != string(coerce.Retry) {
		t.Errorf("session B's first invalid_args: decision %v, want retry: the budget is shared", got)
	}
	if res := call(t, b, "get_job", `{"job_id":17}`); res.Meta[mcpwire.MetaDecision] != string(coerce.Continue) || res.IsError {
		t.Errorf("session B ok: %v", res.Meta)
	}

	if got := m.Counts(ssA); len(got) != 1 || got[0] != (coerce.Count{Tool: "get_job", Code: coerce.InvalidArgs, N: 3}) {
		t.Errorf("session A counts %+v", got)
	}
	if got := m.Counts(ssB); len(got) != 2 || got[0].Code != coerce.OK || got[0].N != 1 || got[1].Code != coerce.InvalidArgs || got[1].N != 1 {
		t.Errorf("session B counts %+v", got)
	}

	a.Close()
	select {
	case r := <-ended:
		if r.Last.Decision != coerce.Handoff || len(r.Counts) != 1 || r.Counts[0].N != 3 {
			t.Errorf("session A's report %+v", r)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no report when session A closed")
	}
	if m.Counts(ssA) != nil {
		t.Error("session A's state outlived the session")
	}
}

// TestCapsOverMCP: a tool with the smallest cap keeps every observation within it over the wire:
// an error with a long got and hint, and an ok result too big for the cap (internal_error).
func TestCapsOverMCP(t *testing.T) {
	tiny := coerce.Tool{
		Name: "tiny", Cap: coerce.MinCap,
		Schema: coerce.Schema{Fields: []coerce.Field{coerce.IDField("user_id", "usr_", "usr_8f3a", "")}},
		Handler: func(context.Context, coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("blob", coerce.String(strings.Repeat("x", 4000)))}, nil
		},
	}
	s, _ := serve(t, mcpserve.Options{}, tiny)
	cs, _ := connect(t, s)
	for _, args := range []string{`{"user_id":"` + strings.Repeat("é", 3000) + `"}`, `{"` + strings.Repeat("k", 5000) + `":1}`, `{"user_id":"usr_1"}`} {
		res := call(t, cs, "tiny", args)
		obs := text(t, res)
		if len(obs) > coerce.MinCap || !res.IsError {
			t.Errorf("%.40s: %d bytes (cap %d), isError %v: %s", args, len(obs), coerce.MinCap, res.IsError, obs)
		}
	}
}

// TestPanicIsInternalError: a handler's panic reaches the model as internal_error with a
// correlation id, as a tool result.
func TestPanicIsInternalError(t *testing.T) {
	boom := coerce.Tool{Name: "boom", Handler: func(context.Context, coerce.Args) (coerce.Result, error) { panic("secret detail") }}
	s, _ := serve(t, mcpserve.Options{}, boom)
	cs, _ := connect(t, s)
	res := call(t, cs, "boom", `{}`)
	obs := text(t, res)
	if !res.IsError || res.Meta[mcpwire.MetaCode] != "internal_error" || !strings.Contains(obs, `"correlation_id":"cid"`) || strings.Contains(obs, "secret") {
		t.Errorf("panic: isError %v, %s", res.IsError, obs)
	}
	if res.Meta[mcpwire.MetaDecision] != string(coerce.Retry) {
		t.Errorf("first internal_error: decision %v, want retry (the runtime, once)", res.Meta[mcpwire.MetaDecision])
	}
}
