package coerce_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"
)

// httpCase is one row of testdata/http.tsv: a vendor response and what it must become.
type httpCase struct {
	status, code, retry, corr, body string
	resp                            coerce.HTTPResponse
}

func TestHTTPNormalization(t *testing.T) {
	clock := time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC)
	n := coerce.HTTPNormalizer{Now: func() time.Time { return clock }, NewID: func() string { return "generated-1" }}
	rows := readFixtures(t, "testdata/http.tsv", 7)
	if len(rows) < 25 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, c := range rows {
		line, headers, note := c[0], c[2], c[7]
		hc := httpCase{status: c[1], code: c[4], retry: c[5], corr: c[6]}
		body, err := decodeArgs(c[3])
		if err != nil {
			t.Fatalf("http.tsv:%s: %v", line, err)
		}
		if body != "-" {
			hc.body = body
		}
		t.Run(line+":"+note, func(t *testing.T) {
			if hc.status == "deadline" {
				hc.resp.DeadlineExceeded = true
			} else if hc.resp.Status, err = strconv.Atoi(hc.status); err != nil {
				t.Fatal(err)
			}
			if headers != "-" {
				for _, h := range strings.Split(headers, " | ") {
					name, value, _ := strings.Cut(h, ":")
					hc.resp.Header = append(hc.resp.Header, [2]string{name, value})
				}
			}
			hc.resp.Body = []byte(hc.body)
			e := n.Normalize(hc.resp)
			checkVendorTrace(t, n, hc.resp, e, hc.retry, hc.corr)
			checkExplain(t, n, hc)
			if hc.code == "ok" {
				if e != nil {
					t.Fatalf("Normalize = %v, want nil", e)
				}
				return
			}
			if e == nil {
				t.Fatalf("Normalize = nil, want %s", hc.code)
			}
			checkNormalized(t, e, hc)
		})
	}
}

// checkExplain: Explain names the rule (the status, the code, where retry_after and the
// correlation id came from), never the body.
func checkExplain(t *testing.T, n coerce.HTTPNormalizer, hc httpCase) {
	t.Helper()
	why := n.Explain(hc.resp)
	wantWhy := []string{hc.code, "HTTP " + hc.status}
	switch {
	case hc.code == "ok":
		wantWhy[0] = "success"
	case hc.status == "deadline":
		wantWhy[1] = "no status"
	}
	if hc.retry != "-" {
		wantWhy = append(wantWhy, "retry_after "+hc.retry+" s")
	}
	if hc.corr == "new" {
		wantWhy = append(wantWhy, "new correlation id")
	} else if hc.corr != "-" {
		wantWhy = append(wantWhy, "the service's request id")
	}
	for _, w := range wantWhy {
		if !strings.Contains(why, w) {
			t.Errorf("Explain = %q, which does not say %q", why, w)
		}
	}
	if len(hc.body) > 4 && strings.Contains(why, hc.body) {
		t.Errorf("Explain quotes the body: %q", why)
	}
}

// checkNormalized checks the error a failed response became: its code, retry_after,
// correlation id and hint, and that nothing of the vendor's text reached the observation.
func checkNormalized(t *testing.T, e *coerce.Error, hc httpCase) {
	t.Helper()
	obs := parseObservation(t, e.Observation(0))
	if string(e.Code) != hc.code || obs.str("error") != hc.code {
		t.Errorf("code %s, want %s", e.Code, hc.code)
	}
	wantRetry := int64(0)
	if hc.retry != "-" {
		wantRetry, _ = strconv.ParseInt(hc.retry, 10, 64)
	}
	if e.RetryAfter != wantRetry || (wantRetry > 0) != (obs.members["retry_after"] != nil) {
		t.Errorf("retry_after %d (%s), want %d", e.RetryAfter, e.Observation(0), wantRetry)
	}
	if wantRetry > 0 && string(obs.members["retry_after"]) != hc.retry {
		t.Errorf("retry_after %s in the observation, want %s", obs.members["retry_after"], hc.retry)
	}
	switch id := obs.str("correlation_id"); hc.corr {
	case "-":
		if id != "" {
			t.Errorf("correlation_id %q, want none", id)
		}
	case "new":
		if id != "generated-1" {
			t.Errorf("correlation_id %q, want a new one", id)
		}
	default:
		if id != hc.corr {
			t.Errorf("correlation_id %q, want %q", id, hc.corr)
		}
	}
	if obs.str("hint") == "" {
		t.Error("no hint")
	}
	if hc.code == "internal_error" && !strings.Contains(obs.str("hint"), "try later") {
		t.Errorf("a 5xx hint should say try later: %q", obs.str("hint"))
	}
	out := string(e.Observation(0))
	for _, piece := range []string{"Traceback", "views.py", "<html", "<!DOCTYPE", "nginx", "DoesNotExist", "<script", "sk_live", "rate limit exceeded", "Resource not accessible", "value is not a valid"} {
		if strings.Contains(out, piece) {
			t.Errorf("the vendor's %q reached the observation: %s", piece, out)
		}
	}
}

// TestHTTPNormalizerDefaults: the zero normalizer uses the real clock and random ids.
func TestHTTPNormalizerDefaults(t *testing.T) {
	var n coerce.HTTPNormalizer
	a := n.Normalize(coerce.HTTPResponse{Status: 500})
	b := n.Normalize(coerce.HTTPResponse{Status: 500})
	if a.CorrelationID == "" || a.CorrelationID == b.CorrelationID {
		t.Errorf("correlation ids %q and %q", a.CorrelationID, b.CorrelationID)
	}
	// The date is whole seconds; the clock is read before and after, so the bounds hold however
	// long a loaded machine takes between them (a fixed 85 to 91 was a bet on a 5 s stall).
	before := time.Now()
	at := before.Add(90 * time.Second).UTC().Truncate(time.Second)
	e := n.Normalize(coerce.HTTPResponse{Status: 429, Header: [][2]string{{"Retry-After", at.Format("Mon, 02 Jan 2006 15:04:05 GMT")}}})
	after := time.Now()
	if low, high := at.Unix()-after.Unix(), at.Unix()-before.Unix(); e.RetryAfter < low || e.RetryAfter > high {
		t.Errorf("retry_after %d for a date 90 s ahead, want %d to %d", e.RetryAfter, low, high)
	}
}
