package coerce_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"
)

// vendorVocabulary is a vendor response's step vocabulary (docs/trace.md), in order.
var vendorVocabulary = []string{"status", "retry_after", "correlation_id", "body"}

// checkVendorTrace asserts that NormalizeTraced agrees with Normalize's error e for resp (see
// checkVendorSteps), and with the fixture's retry_after and correlation columns.
func checkVendorTrace(t *testing.T, n coerce.HTTPNormalizer, resp coerce.HTTPResponse, e *coerce.Error, retry, corr string) {
	t.Helper()
	has := checkVendorSteps(t, n, resp, e)
	if s, ok := has["retry_after"]; ok != (retry != "-") || ok && s.After != retry {
		t.Errorf("retry_after step %+v, want retry_after %s", s, retry)
	}
	s, ok := has["correlation_id"]
	if ok != (corr != "-") || ok && corr != "new" && s.After != strconv.Quote(corr) {
		t.Errorf("correlation_id step %+v, want %s", s, corr)
	}
	for _, piece := range []string{"Traceback", "views.py", "<html", "<!DOCTYPE", "nginx", "DoesNotExist", "<script", "sk_live", "rate limit exceeded", "Resource not accessible", "value is not a valid"} {
		for _, st := range has {
			if strings.Contains(st.Detail+st.Before+st.After, piece) {
				t.Errorf("the vendor's %q reached the steps: %+v", piece, st)
			}
		}
	}
}

// checkVendorSteps asserts the rules of a vendor response's steps: NormalizeTraced gives
// Normalize's error e; only the vendor vocabulary, in order, each step once; status first, naming
// the status, and the only step that can be not ok (exactly when resp is an error); retry_after
// with the observation's seconds exactly for rate_limited, correlation_id with its id exactly for
// internal_error; body exactly when an error had one; the steps as valid JSON. It returns the
// steps by name.
func checkVendorSteps(t *testing.T, n coerce.HTTPNormalizer, resp coerce.HTTPResponse, e *coerce.Error) map[string]coerce.Step {
	t.Helper()
	et, tr := n.NormalizeTraced(resp)
	if (e == nil) != (et == nil) || e != nil && (string(e.Observation(0)) != string(et.Observation(0))) {
		t.Fatalf("NormalizeTraced gives %v, Normalize %v", et, e)
	}
	if len(tr) == 0 || tr[0].Name != "status" {
		t.Fatalf("steps %+v, want status first", tr)
	}
	prev := -1
	has := map[string]coerce.Step{}
	for i, s := range tr {
		k := indexOf(vendorVocabulary, s.Name)
		if k <= prev {
			t.Errorf("step %d %q is not in the vendor vocabulary, or out of order", i+1, s.Name)
		}
		prev = k
		if s.OK != (i > 0 || e == nil) {
			t.Errorf("step %s ok = %v", s.Name, s.OK)
		}
		has[s.Name] = s
	}
	status := "HTTP " + strconv.Itoa(resp.Status)
	if resp.DeadlineExceeded {
		status = "no status"
	}
	if !strings.Contains(tr[0].Detail, status) || (e == nil) != strings.Contains(tr[0].Detail, "no error") {
		t.Errorf("the status step %q does not say %s, or says no error for an error", tr[0].Detail, status)
	}
	if s, ok := has["retry_after"]; ok != (e != nil && e.Code == coerce.RateLimited) || ok && s.After != strconv.FormatInt(e.RetryAfter, 10) {
		t.Errorf("retry_after step %+v for %v", s, e)
	}
	if s, ok := has["correlation_id"]; ok != (e != nil && e.Code == coerce.InternalError) || ok && s.After != strconv.Quote(e.CorrelationID) && s.After != `"[redacted]"` {
		t.Errorf("correlation_id step %+v for %v", s, e)
	}
	if _, ok := has["body"]; ok != (e != nil && len(resp.Body) > 0) {
		t.Errorf("a body step %v for a %d-byte body, error %v", ok, len(resp.Body), e != nil)
	}
	var steps []map[string]any
	if out := tr.JSON(); json.Unmarshal(out, &steps) != nil || len(steps) != len(tr) {
		t.Errorf("Trace.JSON %s is not an array of %d steps", out, len(tr))
	}
	return has
}

// FuzzNormalizeTraced: for any status, one header and a body, the steps obey checkVendorSteps,
// and a credential planted in the body or a header value never appears in them.
func FuzzNormalizeTraced(f *testing.F) {
	f.Add(429, "Retry-After", "30", `{"message":"slow down"}`)
	f.Add(429, "Retry-After", "Wed, 21 Oct 2026 07:28:30 GMT", "")
	f.Add(503, "X-Request-Id", "req_81c2", "<h1>down</h1>")
	f.Add(500, "X-Request-Id", "sk_live_51Habcdefghijklmnop", "Traceback (most recent call last)")
	f.Add(0, "", "", "")
	// 1 MB header values and bodies, made here rather than committed.
	f.Add(429, "Retry-After", strings.Repeat("9", 1<<20), strings.Repeat("x", 1<<20))
	f.Add(429, "Retry-After", "Wed, "+strings.Repeat("21 ", 1<<18), "")
	f.Add(503, "X-Request-Id", strings.Repeat("r", 1<<20), strings.Repeat("<h1>", 1<<18))
	const secret = "sk_live_51HzzTOPSECRETzz9"
	n := coerce.HTTPNormalizer{Now: func() time.Time { return time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC) },
		NewID: func() string { return "generated-1" }}
	f.Fuzz(func(t *testing.T, status int, name, value, body string) {
		resp := coerce.HTTPResponse{Status: status, DeadlineExceeded: status == 0,
			Header: [][2]string{{name, value}, {"Retry-After", secret}, {"X-Request-Id", secret}}, Body: []byte(body + secret)}
		checkVendorSteps(t, n, resp, n.Normalize(resp))
		_, tr := n.NormalizeTraced(resp)
		if out := string(tr.JSON()); strings.Contains(out, secret) || len(out) > 2048 {
			t.Errorf("the planted credential reached the steps, or they are %d bytes: %.300s", len(out), out)
		}
		if s := n.Explain(resp); len(s) > 512 {
			t.Errorf("Explain is %d bytes: %.300s", len(s), s)
		}
	})
}
