package coerce_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// maxLogLine bounds a log line whatever the error held: four values of at most 64 bytes, quoted
// and escaped, and the words between them.
const maxLogLine = 1024

// checkLogLine asserts a log line is one bounded line: no byte that could end it or start
// another, nor a terminal escape.
func checkLogLine(t *testing.T, line string) {
	t.Helper()
	if len(line) > maxLogLine {
		t.Errorf("log line of %d bytes: %.200q", len(line), line)
	}
	for _, r := range line {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' || r == '\u0085' {
			t.Errorf("log line holds %U: %.200q", r, line)
		}
	}
}

// checkBounded asserts what every observation must be, whatever the handler did: one JSON object
// with unique keys (jsontext refuses duplicates at any depth), within the cap, with a short field.
func checkBounded(t *testing.T, obs []byte, capBytes int) observation {
	t.Helper()
	if len(obs) > capBytes {
		t.Fatalf("observation of %d bytes over the %d cap: %.200q", len(obs), capBytes, obs)
	}
	o := parseObservation(t, obs)
	if f := o.str("field"); len(f) > coerce.MaxGotBytes {
		t.Errorf("field of %d bytes: %.100q", len(f), f)
	}
	return o
}

// fixtureText is a fixture column with its escapes applied; "-" is empty.
func fixtureText(t *testing.T, s string) string {
	t.Helper()
	if s == "-" {
		return ""
	}
	out, err := decodeArgs(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return out
}

// TestLogLineCannotBeForged: a LogLine built by anyone writes one short line.
func TestLogLineCannotBeForged(t *testing.T) {
	for _, l := range []coerce.LogLine{
		{Tool: "get_job", Code: coerce.InternalError, CorrelationID: "a\"}\n<line>"},
		{Tool: "t\nforged=1", Code: "x\r\n", Field: "f\n\x1b[31m"},
		{Tool: strings.Repeat("t", 10<<20), Code: coerce.Code(strings.Repeat("c", 1<<20)), Field: strings.Repeat("f", 10<<20), CorrelationID: strings.Repeat("i", 10<<20)},
		{Tool: "get_job", Code: coerce.NotFound, Field: "\u2028\u2029\u0085"},
	} {
		s := l.String()
		checkLogLine(t, s)
		if strings.Contains(s, "<line>") && !strings.Contains(s, `\n<line>`) {
			t.Errorf("the id was not quoted: %q", s)
		}
	}
	if s := (coerce.LogLine{Tool: "get_job", Code: coerce.InternalError, Field: "job_id", CorrelationID: "9e1d", Bug: true}).String(); s != `tool=get_job code=internal_error field="job_id" correlation_id=9e1d bug=true` {
		t.Errorf("a plain line changed: %s", s)
	}
}

// TestDeclarationErrorsAreCut: a tool declared from a person's text (a table's own tool) with a
// huge or multi-line name gets a short, one-line refusal.
func TestDeclarationErrorsAreCut(t *testing.T) {
	h := func(context.Context, coerce.Args) (coerce.Result, error) { return nil, nil }
	long := strings.Repeat("n", 1<<20) + "\nforged"
	for name, tools := range map[string][]coerce.Tool{
		"tool twice":   {{Name: long, Handler: h}, {Name: long, Handler: h}},
		"code outside": {{Name: long, Handler: h, Codes: []coerce.Code{coerce.Code(long)}}},
		"field twice":  {{Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{coerce.BoolField(long, ""), coerce.BoolField(long, "")}}}},
		"no kind":      {{Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{{Name: long}}}}},
		"no prefix":    {{Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{coerce.IDField(long, "", "x", "")}}}},
		"no items":     {{Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{{Name: long, Kind: coerce.Array}}}}},
		"bad bound":    {{Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{{Name: long, Kind: coerce.Number, MinNumber: "x"}}}}},
	} {
		_, err := coerce.NewDispatcher(coerce.Config{}, tools...)
		if err == nil || len(err.Error()) > 400 || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %.300q", name, err)
		}
	}
}

// TestBudgetReasonsAreCut: an outcome from a transcript can carry any tool and field names; the
// verdict's reason and steps quote at most 64 bytes of each.
func TestBudgetReasonsAreCut(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	b := coerce.NewBudget()
	for i := 0; i < 5; i++ {
		o := coerce.Outcome{Tool: long, Code: coerce.InvalidArgs, Field: long + strconv.Itoa(i)}
		v := b.Observe(o)
		if len(v.Reason) > 400 {
			t.Fatalf("reason of %d bytes", len(v.Reason))
		}
		if out := v.Trace(o).JSON(); len(out) > 2048 {
			t.Fatalf("steps of %d bytes", len(out))
		}
	}
	if e := (&coerce.Error{Code: coerce.Code(long), Field: long}).Error(); len(e) > 200 {
		t.Errorf("Error() of %d bytes", len(e))
	}
}

// TestNormalizerEchoesNoLongText: a vendor's 3 MB header values and body stay out of the error,
// its explanation and its steps, and a 3 MB request id is not taken as the correlation id.
func TestNormalizerEchoesNoLongText(t *testing.T) {
	huge := strings.Repeat("z", 3<<20)
	n := coerce.HTTPNormalizer{NewID: func() string { return huge }}
	for _, resp := range []coerce.HTTPResponse{
		{Status: 429, Header: [][2]string{{"Retry-After", huge}}, Body: []byte(huge)},
		{Status: 429, Header: [][2]string{{"Retry-After", "Wed, " + huge}}},
		{Status: 503, Header: [][2]string{{"X-Request-Id", huge}, {huge, huge}}, Body: []byte(huge)},
		{Status: 500, Header: [][2]string{{"X-Request-Id", "a\"}\n<line>"}}},
	} {
		e, tr := n.NormalizeTraced(resp)
		if out := tr.JSON(); len(out) > 2048 || strings.Contains(string(out), "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz") {
			t.Errorf("steps of %d bytes: %.200s", len(out), out)
		}
		if s := n.Explain(resp); len(s) > 400 {
			t.Errorf("Explain of %d bytes", len(s))
		}
		if e.CorrelationID != "" && !coerce.ValidCorrelationID(e.CorrelationID) {
			t.Errorf("correlation id %.100q", e.CorrelationID)
		}
		checkBounded(t, e.Observation(0), coerce.DefaultCap)
	}
}

// TestLongUnknownToolName: a 3 MB tool name with a line break is neither echoed nor logged; the
// observation, the trace and the log line stay short.
func TestLongUnknownToolName(t *testing.T) {
	var logged []coerce.LogLine
	d, _ := newTestDispatcher(t, coerce.Config{Log: func(l coerce.LogLine) { logged = append(logged, l) }})
	name := strings.Repeat("x", 3<<20) + "\n<line>"
	o, tr := d.CallTraced(context.Background(), name, []byte(`{"job_id":17}`))
	checkBounded(t, o.Observation, coerce.MinCap*4)
	if o.Code != coerce.InvalidArgs || o.Tool != coerce.UnknownTool || strings.Contains(string(o.Observation), "xxxxxxxx") {
		t.Errorf("%+v %.300s", o, o.Observation)
	}
	if out := tr.JSON(); len(out) > 2048 || strings.Contains(string(out), "xxxxxxxx") {
		t.Errorf("trace of %d bytes: %.300s", len(out), out)
	}
	if len(logged) != 1 || logged[0].Tool != coerce.UnknownTool {
		t.Fatalf("log %+v", logged)
	}
	checkLogLine(t, logged[0].String())
}
