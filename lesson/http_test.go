package lesson

import (
	"strings"
	"testing"
)

func TestHTTPRowsGiveTheirCodesAndNoVendorText(t *testing.T) {
	rows := HTTPRows()
	if len(rows) < 8 {
		t.Fatalf("only %d HTTP rows", len(rows))
	}
	results := RunHTTP(rows, func() string { return "corr_fixed" })
	for i, r := range results {
		if !r.Pass {
			t.Errorf("row %d %s: got %s, want %s: %s", i+1, r.Input, r.Code, r.Want, r.Observation)
		}
		for _, leak := range []string{"<", "Traceback", "psycopg2", "sk_live_", "rate limit exceeded", "/srv/app"} {
			if strings.Contains(r.Observation, leak) || strings.Contains(string(r.Trace.JSON()), leak) {
				t.Errorf("row %d leaks %q: %s %s", i+1, leak, r.Observation, r.Trace.JSON())
			}
		}
		// The trace explains this code: its status step decides it.
		if len(r.Trace) == 0 || r.Trace[0].Name != "status" || r.Trace[0].OK != (r.Code == "ok") {
			t.Errorf("row %d %s: trace %s", i+1, r.Code, r.Trace.JSON())
		}
	}
	for _, c := range []struct {
		row     int
		mention string
	}{
		{1, `"retry_after":30`}, {2, `"retry_after":90`}, {5, `"correlation_id":"corr_fixed"`}, {6, `"correlation_id":"req_7Hq2xP"`},
	} {
		if !strings.Contains(results[c.row].Observation, c.mention) {
			t.Errorf("row %d: %s lacks %s", c.row+1, results[c.row].Observation, c.mention)
		}
	}
}

func TestHTTPRowsFormatRoundTrips(t *testing.T) {
	rows := HTTPRows()
	back, err := ParseHTTPRows(FormatHTTPRows(rows))
	if err != nil || len(back) != len(rows) {
		t.Fatalf("%v, %d rows", err, len(back))
	}
	for i := range rows {
		if FormatHTTPRows(rows[i:i+1]) != FormatHTTPRows(back[i:i+1]) {
			t.Errorf("row %d changed", i+1)
		}
	}
	for _, bad := range []string{`{"status":99}`, `{"status":"500"}`, `{"want":"ok"}`, `{"status":500,"want":"boom"}`, `{"status":500} {}`, `{"status":500,"headers":["nocolon"]}`, `[]`} {
		if _, err := ParseHTTPRows("{\"status\":200}\n" + bad); err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
			t.Errorf("%s: got %v, want a line 2 error", bad, err)
		}
	}
}

// TestHTTPRowUnknownCodeIsCapped: a row's unknown code is quoted as every echoed value is, cut to
// MaxQuotedBytes and marked, however long the row writes it.
func TestHTTPRowUnknownCodeIsCapped(t *testing.T) {
	code := strings.Repeat("w", 100_000)
	_, err := ParseHTTPRows(`{"status":500,"want":"` + code + `"}`)
	if err == nil {
		t.Fatal("an unknown code was accepted")
	}
	msg := err.Error()
	if !strings.Contains(msg, "unknown code "+Quote(code)+";") || len(msg) > MaxQuotedBytes+1024 {
		t.Errorf("error of %d bytes, want the code quoted within %d: %.300s", len(msg), MaxQuotedBytes, msg)
	}
}
