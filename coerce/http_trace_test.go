package coerce_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// vendorVocabulary is a vendor response's step vocabulary (docs/trace.md), in order.
var vendorVocabulary = []string{"status", "retry_after", "correlation_id", "body"}

// checkVendorTrace asserts that NormalizeTraced agrees with Normalize's error e for resp: the
// same error; only the vendor vocabulary, in order; status first, naming the status and the code,
// and the only step that can be not ok (exactly when resp is an error); retry_after with the
// observation's seconds exactly for rate_limited, correlation_id with its id exactly for
// internal_error; body exactly when an error had one; never a piece of the body.
func checkVendorTrace(t *testing.T, n coerce.HTTPNormalizer, resp coerce.HTTPResponse, e *coerce.Error, retry, corr string) {
	t.Helper()
	et, tr := n.NormalizeTraced(resp)
	if (e == nil) != (et == nil) || e != nil && (string(e.Observation(0)) != string(et.Observation(0))) {
		t.Fatalf("NormalizeTraced gives %v, Normalize %v", et, e)
	}
	if len(tr) == 0 || tr[0].Name != "status" {
		t.Fatalf("steps %+v, want status first", tr)
	}
	prev := -1
	for i, s := range tr {
		k := indexOf(vendorVocabulary, s.Name)
		if k <= prev {
			t.Errorf("step %d %q is not in the vendor vocabulary, or out of order", i+1, s.Name)
		}
		prev = k
		if s.OK != (i > 0 || e == nil) {
			t.Errorf("step %s ok = %v", s.Name, s.OK)
		}
	}
	status := "HTTP " + strconv.Itoa(resp.Status)
	if resp.DeadlineExceeded {
		status = "no status"
	}
	if !strings.Contains(tr[0].Detail, status) || (e == nil) != strings.Contains(tr[0].Detail, "no error") {
		t.Errorf("the status step %q does not say %s, or says no error for an error", tr[0].Detail, status)
	}
	has := map[string]coerce.Step{}
	for _, s := range tr {
		has[s.Name] = s
	}
	if s, ok := has["retry_after"]; ok != (retry != "-") || ok && s.After != retry {
		t.Errorf("retry_after step %+v, want retry_after %s", s, retry)
	}
	s, ok := has["correlation_id"]
	if ok != (corr != "-") || ok && corr != "new" && s.After != strconv.Quote(corr) {
		t.Errorf("correlation_id step %+v, want %s", s, corr)
	}
	if _, ok := has["body"]; ok != (e != nil && len(resp.Body) > 0) {
		t.Errorf("a body step %v for a %d-byte body, error %v", ok, len(resp.Body), e != nil)
	}
	var steps []map[string]any
	out := tr.JSON()
	if err := json.Unmarshal(out, &steps); err != nil {
		t.Errorf("Trace.JSON %s: %v", out, err)
	}
	for _, piece := range []string{"Traceback", "views.py", "<html", "<!DOCTYPE", "nginx", "DoesNotExist", "<script", "sk_live", "rate limit exceeded", "Resource not accessible", "value is not a valid"} {
		if strings.Contains(string(out), piece) {
			t.Errorf("the vendor's %q reached the steps: %s", piece, out)
		}
	}
}
