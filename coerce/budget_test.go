package coerce_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

type step struct {
	tool  string
	code  coerce.Code
	field string
	want  coerce.Decision
}

func TestBudget(t *testing.T) {
	const (
		ok  = coerce.OK
		ia  = coerce.InvalidArgs
		nf  = coerce.NotFound
		den = coerce.Denied
		rl  = coerce.RateLimited
		to  = coerce.Timeout
		ie  = coerce.InternalError
	)
	for name, steps := range map[string][]step{
		"invalid_args on the same field twice hands off": {
			{"get_job", ia, "job_id", coerce.Retry}, {"get_job", ia, "job_id", coerce.Handoff}},
		"invalid_args on different fields: retry each": {
			{"set_alerts", ia, "job_id", coerce.Retry}, {"set_alerts", ia, "enabled", coerce.Retry}, {"set_alerts", ok, "", coerce.Continue},
			{"set_alerts", ia, "quiet", coerce.Retry}, {"set_alerts", ia, "enabled", coerce.Handoff}},
		"the same field on different tools is counted apart": {
			{"get_job", ia, "job_id", coerce.Retry}, {"set_alerts", ia, "job_id", coerce.Retry}, {"set_alerts", ia, "job_id", coerce.Handoff}},
		"an ok in between does not reset the count": {
			{"get_job", ia, "job_id", coerce.Retry}, {"get_job", ok, "", coerce.Continue}, {"get_job", ia, "job_id", coerce.Handoff}},
		"broken JSON twice (no field) hands off": {
			{"get_job", ia, "", coerce.Retry}, {"get_job", ia, "", coerce.Handoff}},
		"not_found twice hands off (no id guessing)": {
			{"get_job", nf, "job_id", coerce.Retry}, {"get_job", ok, "", coerce.Continue}, {"get_job", nf, "job_id", coerce.Handoff}},
		"denied stops at once": {
			{"get_job", den, "", coerce.Stop}},
		"denied after successes still stops at once": {
			{"get_job", ok, "", coerce.Continue}, {"get_job", ok, "", coerce.Continue}, {"get_job", den, "", coerce.Stop}},
		"rate_limited: two waits, then stop": {
			{"get_job", rl, "", coerce.Retry}, {"get_job", rl, "", coerce.Retry}, {"get_job", rl, "", coerce.Stop}},
		"timeout: one retry, then hand off": {
			{"get_job", to, "", coerce.Retry}, {"get_job", to, "", coerce.Handoff}},
		"internal_error: one retry, then hand off": {
			{"get_job", ie, "", coerce.Retry}, {"get_job", ie, "", coerce.Handoff}},
		"a code outside the catalog hands off": {
			{"get_job", "teapot", "", coerce.Handoff}},
		"after the final verdict it stays final": {
			{"get_job", den, "", coerce.Stop}, {"get_job", ok, "", coerce.Stop}, {"get_user", ia, "user_id", coerce.Stop}, {"get_job", to, "", coerce.Stop}},
		"after a hand-off it stays a hand-off": {
			{"get_job", nf, "job_id", coerce.Retry}, {"get_job", nf, "job_id", coerce.Handoff}, {"get_job", ok, "", coerce.Handoff}, {"get_job", den, "", coerce.Handoff}},
		"codes are counted apart": {
			{"get_job", ia, "job_id", coerce.Retry}, {"get_job", nf, "job_id", coerce.Retry}, {"get_job", to, "", coerce.Retry},
			{"get_job", ie, "", coerce.Retry}, {"get_job", rl, "", coerce.Retry}, {"get_job", ok, "", coerce.Continue}},
	} {
		b := coerce.NewBudget()
		for i, s := range steps {
			v := b.Observe(coerce.Outcome{Tool: s.tool, Code: s.code, Field: s.field})
			if v.Decision != s.want {
				t.Errorf("%s: step %d (%s %s %s): %s (%s), want %s", name, i+1, s.tool, s.code, s.field, v.Decision, v.Reason, s.want)
			}
			if v.Reason == "" {
				t.Errorf("%s: step %d: no reason", name, i+1)
			}
		}
	}
}

// TestBudgetMatchesCatalog: the budget's caps are the catalog's, code by code, so the table in
// docs/catalog.md and the runtime cannot drift apart.
func TestBudgetMatchesCatalog(t *testing.T) {
	for _, e := range coerce.Catalog() {
		b := coerce.NewBudget()
		for i := 1; i <= e.Cap; i++ {
			if v := b.Observe(coerce.Outcome{Tool: "t", Code: e.Code, Field: "f"}); v.Decision != coerce.Retry {
				t.Errorf("%s: observation %d: %s, want retry (cap %d)", e.Code, i, v.Decision, e.Cap)
			}
		}
		if v := b.Observe(coerce.Outcome{Tool: "t", Code: e.Code, Field: "f"}); v.Decision != e.OnCap {
			t.Errorf("%s: over the cap: %s, want %s", e.Code, v.Decision, e.OnCap)
		}
	}
}

// TestBudgetFromDispatch drives a budget with real outcomes: the classroom's -1, then -1 again.
func TestBudgetFromDispatch(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{})
	b := coerce.NewBudget()
	for i, c := range []struct {
		args string
		want coerce.Decision
	}{
		{`{"job_id":"17"}`, coerce.Continue},
		{`{"job_id":-1}`, coerce.Retry},
		{`{"job_id":99}`, coerce.Retry},
		{`{"job_id":42}`, coerce.Continue},
		{`{"job_id":"abc"}`, coerce.Handoff},
	} {
		o := d.Call(context.Background(), "get_job", []byte(c.args))
		if v := b.Observe(o); v.Decision != c.want {
			t.Errorf("call %d %s: %s (%s), want %s", i+1, c.args, v.Decision, v.Reason, c.want)
		} else if c.want == coerce.Handoff && !strings.Contains(v.Reason, "job_id") {
			t.Errorf("hand-off reason %q does not name the field", v.Reason)
		}
	}
}

// TestCatalog: six codes, snake_case, each documented, each with a cap decision, in a fixed order.
func TestCatalog(t *testing.T) {
	want := []coerce.Code{coerce.InvalidArgs, coerce.NotFound, coerce.Denied, coerce.RateLimited, coerce.Timeout, coerce.InternalError}
	cat := coerce.Catalog()
	if len(cat) != len(want) {
		t.Fatalf("%d codes", len(cat))
	}
	for i, e := range cat {
		if e.Code != want[i] || e.Meaning == "" || e.Retry == "" || e.Stop == "" || e.Hint == "" || e.Capped == "" ||
			(e.Cap > 0) != (e.Retrying != "") || (e.OnCap != coerce.Stop && e.OnCap != coerce.Handoff) ||
			(e.Per != "field" && e.Per != "tool" && e.Per != "conversation") {
			t.Errorf("entry %d: %+v", i, e)
		}
		if got, ok := coerce.Lookup(e.Code); !ok || got != e {
			t.Errorf("%s is not found by Lookup", e.Code)
		}
	}
	if _, ok := coerce.Lookup(coerce.OK); ok {
		t.Error("ok is not an error code")
	}
	for _, c := range []coerce.Code{"", "teapot", "Invalid_Args", "invalid-args"} {
		if _, ok := coerce.Lookup(c); ok {
			t.Errorf("Lookup(%q) found it", c)
		}
	}
	cat[0].Cap = 99
	if coerce.Catalog()[0].Cap == 99 {
		t.Error("Catalog returned the package's own copy")
	}
	if e, _ := coerce.Lookup(coerce.InvalidArgs); !strings.Contains(e.Hint, `"017"`) || !strings.Contains(e.Hint, "send 17") {
		t.Errorf("the catalog does not record the \"017\" decision: %q", e.Hint)
	}
	all := string(coerce.CatalogJSON(coerce.Catalog()))
	tool := coerce.Tool{Name: "t", Codes: []coerce.Code{coerce.NotFound}}
	if !strings.Contains(all, `"code": "rate_limited"`) || strings.Contains(string(coerce.CatalogJSON(tool.Catalog())), "rate_limited") {
		t.Error("CatalogJSON does not render exactly the entries given")
	}
	var codes []coerce.Code
	for _, e := range tool.Catalog() {
		codes = append(codes, e.Code)
	}
	if want := []coerce.Code{coerce.InvalidArgs, coerce.NotFound, coerce.Timeout, coerce.InternalError}; !slices.Equal(codes, want) {
		t.Errorf("Tool.Catalog: %v, want %v", codes, want)
	}
}

// TestBudgetFollowsTheCatalog: for every entry, the budget allows exactly Cap outcomes of the code
// (per field, tool or conversation as Per says), then decides OnCap, with the entry's own words.
func TestBudgetFollowsTheCatalog(t *testing.T) {
	for _, e := range coerce.Catalog() {
		b := coerce.NewBudget()
		o := coerce.Outcome{Tool: "get_job", Code: e.Code, Field: "job_id"}
		subject := string(e.Code)
		if e.Per == "field" {
			subject += " on job_id"
		}
		for n := 1; n <= e.Cap; n++ {
			v := b.Observe(o)
			if v.Decision != coerce.Retry || v.Reason != subject+": "+e.Retrying || v.Count != n || v.Cap != e.Cap {
				t.Errorf("%s #%d: %+v", e.Code, n, v)
			}
		}
		v := b.Observe(o)
		if v.Decision != e.OnCap || v.Reason != subject+" "+e.Capped || v.Count != e.Cap+1 || v.Cap != e.Cap {
			t.Errorf("%s over the cap: %+v", e.Code, v)
		}
		// After Cap outcomes, one on another field (or tool) is counted apart, except per
		// conversation, where it is the one too many.
		if e.Cap == 0 {
			continue
		}
		b = coerce.NewBudget()
		for n := 1; n <= e.Cap; n++ {
			b.Observe(o)
		}
		other, want := o, coerce.Retry
		switch e.Per {
		case "field":
			other.Field = "other"
		default:
			other.Tool = "get_user"
			if e.Per == "conversation" {
				want = e.OnCap
			}
		}
		if v := b.Observe(other); v.Decision != want {
			t.Errorf("%s on another %s after %d: %+v, want %s", e.Code, e.Per, e.Cap, v, want)
		}
	}
}

// A model that sends a new unknown key each time never repeats a field; the tool-wide cap stops
// it anyway. And not_found counts across tools: guessing on get_user after get_job is guessing.
func TestBudgetStopsKeyCyclingAndCrossToolGuessing(t *testing.T) {
	b := coerce.NewBudget()
	for i, field := range []string{"a", "b", "c"} {
		if v := b.Observe(coerce.Outcome{Tool: "get_job", Code: coerce.InvalidArgs, Field: field}); v.Decision != coerce.Retry {
			t.Fatalf("call %d on %s: %s", i+1, field, v.Decision)
		}
	}
	if v := b.Observe(coerce.Outcome{Tool: "get_job", Code: coerce.InvalidArgs, Field: "d"}); v.Decision != coerce.Handoff || !strings.Contains(v.Reason, "4 times") {
		t.Errorf("fourth invalid_args on the tool: %+v", v)
	}
	b = coerce.NewBudget()
	b.Observe(coerce.Outcome{Tool: "get_job", Code: coerce.NotFound, Field: "job_id"})
	if v := b.Observe(coerce.Outcome{Tool: "get_user", Code: coerce.NotFound, Field: "user_id"}); v.Decision != coerce.Handoff {
		t.Errorf("a second not_found on another tool: %+v", v)
	}
}

func TestErrorObservationNeverWritesAnUnknownCode(t *testing.T) {
	for _, c := range []coerce.Code{"bogus", coerce.OK, ""} {
		obs := string((&coerce.Error{Code: c, Hint: "x"}).Observation(0))
		if !strings.HasPrefix(obs, `{"error":"internal_error"`) {
			t.Errorf("code %q: %s", c, obs)
		}
	}
}
