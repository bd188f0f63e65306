package coerce_test

import (
	"context"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// inCorrelationFormat is the format written the long way, as the oracle of the fuzz target.
func inCorrelationFormat(id string) bool {
	if len(id) < 1 || len(id) > 64 || coerce.LooksLikeCredential(id) {
		return false
	}
	return strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:") == ""
}

// FuzzCorrelationID: whatever id a handler, Config.NewID or a vendor's request id header holds,
// the observation and the log line carry it only when it is in the format, and otherwise a new
// id in the format; the observation stays one object within the cap and the log line one line.
func FuzzCorrelationID(f *testing.F) {
	// Go adds the seeds in testdata/fuzz/FuzzCorrelationID itself; the 1 MB ones are made here
	// rather than committed.
	f.Add(strings.Repeat("a", 1<<20))
	f.Add(strings.Repeat("a\"}\n", 1<<18))
	f.Fuzz(func(t *testing.T, id string) {
		valid := coerce.ValidCorrelationID(id)
		if valid != inCorrelationFormat(id) {
			t.Fatalf("ValidCorrelationID(%.100q) = %v, the format says %v", id, valid, !valid)
		}
		var logged []coerce.LogLine
		d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return id }, Log: func(l coerce.LogLine) { logged = append(logged, l) }},
			failingTool(func(context.Context) (coerce.Result, error) {
				return nil, &coerce.Error{Code: coerce.InternalError, Hint: "h", CorrelationID: id}
			}),
			coerce.Tool{Name: "panics", Handler: func(context.Context, coerce.Args) (coerce.Result, error) { panic(id) }})
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range []string{"flaky", "panics"} {
			args := `{"job_id":17}`
			if tool == "panics" {
				args = `{}`
			}
			o := d.Call(context.Background(), tool, []byte(args))
			got := checkBounded(t, o.Observation, coerce.DefaultCap).str("correlation_id")
			if valid && got != id || !valid && (got == id || !coerce.ValidCorrelationID(got)) {
				t.Fatalf("%s: id %.100q gave correlation_id %.100q", tool, id, got)
			}
			line := logged[len(logged)-1]
			checkLogLine(t, line.String())
			if line.CorrelationID != got || line.Bug != (tool == "panics" || !valid && id != "") {
				t.Fatalf("%s: log %+v for id %.100q", tool, line, id)
			}
		}
		n := coerce.HTTPNormalizer{NewID: func() string { return id }}
		e := n.Normalize(coerce.HTTPResponse{Status: 503, Header: [][2]string{{"X-Request-Id", id}}})
		vendor := strings.TrimSpace(id) // as a header value is read
		if coerce.ValidCorrelationID(vendor) != (e.CorrelationID == vendor) || !coerce.ValidCorrelationID(e.CorrelationID) {
			t.Fatalf("vendor id %.100q became %.100q", id, e.CorrelationID)
		}
		hand := &coerce.Error{Code: coerce.InternalError, CorrelationID: id}
		if got := checkBounded(t, hand.Observation(coerce.MinCap), coerce.MinCap).str("correlation_id"); valid != (got == id) || !coerce.ValidCorrelationID(got) {
			t.Fatalf("Observation: id %.100q gave %.100q", id, got)
		}
	})
}
