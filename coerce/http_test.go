package coerce_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"
)

func TestHTTPNormalization(t *testing.T) {
	clock := time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC)
	n := coerce.HTTPNormalizer{Now: func() time.Time { return clock }, NewID: func() string { return "generated-1" }}
	rows := readFixtures(t, "../testdata/coerce/http.tsv", 7)
	if len(rows) < 25 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, c := range rows {
		line, status, headers, code, retry, corr, note := c[0], c[1], c[2], c[4], c[5], c[6], c[7]
		body, err := decodeArgs(c[3])
		if err != nil {
			t.Fatalf("http.tsv:%s: %v", line, err)
		}
		if body == "-" {
			body = ""
		}
		t.Run(line+":"+note, func(t *testing.T) {
			var resp coerce.HTTPResponse
			if status == "deadline" {
				resp.DeadlineExceeded = true
			} else if resp.Status, err = strconv.Atoi(status); err != nil {
				t.Fatal(err)
			}
			if headers != "-" {
				for _, h := range strings.Split(headers, " | ") {
					name, value, _ := strings.Cut(h, ":")
					resp.Header = append(resp.Header, [2]string{name, value})
				}
			}
			resp.Body = []byte(body)
			e := n.Normalize(resp)
			checkVendorTrace(t, n, resp, e, retry, corr)
			// Explain names the rule: the status, the code, where retry_after and the
			// correlation id came from; never the body.
			why := n.Explain(resp)
			wantWhy := []string{code, "HTTP " + status}
			switch {
			case code == "ok":
				wantWhy[0] = "success"
			case status == "deadline":
				wantWhy[1] = "no status"
			}
			if retry != "-" {
				wantWhy = append(wantWhy, "retry_after "+retry+" s")
			}
			if corr == "new" {
				wantWhy = append(wantWhy, "new correlation id")
			} else if corr != "-" {
				wantWhy = append(wantWhy, "the service's request id")
			}
			for _, w := range wantWhy {
				if !strings.Contains(why, w) {
					t.Errorf("Explain = %q, which does not say %q", why, w)
				}
			}
			if len(body) > 4 && strings.Contains(why, body) {
				t.Errorf("Explain quotes the body: %q", why)
			}
			if code == "ok" {
				if e != nil {
					t.Fatalf("Normalize = %v, want nil", e)
				}
				return
			}
			if e == nil {
				t.Fatalf("Normalize = nil, want %s", code)
			}
			obs := parseObservation(t, e.Observation(0))
			if string(e.Code) != code || obs.str("error") != code {
				t.Errorf("code %s, want %s", e.Code, code)
			}
			wantRetry := int64(0)
			if retry != "-" {
				wantRetry, _ = strconv.ParseInt(retry, 10, 64)
			}
			if e.RetryAfter != wantRetry || (wantRetry > 0) != (obs.members["retry_after"] != nil) {
				t.Errorf("retry_after %d (%s), want %d", e.RetryAfter, e.Observation(0), wantRetry)
			}
			if wantRetry > 0 && string(obs.members["retry_after"]) != retry {
				t.Errorf("retry_after %s in the observation, want %s", obs.members["retry_after"], retry)
			}
			switch id := obs.str("correlation_id"); corr {
			case "-":
				if id != "" {
					t.Errorf("correlation_id %q, want none", id)
				}
			case "new":
				if id != "generated-1" {
					t.Errorf("correlation_id %q, want a new one", id)
				}
			default:
				if id != corr {
					t.Errorf("correlation_id %q, want %q", id, corr)
				}
			}
			if obs.str("hint") == "" {
				t.Error("no hint")
			}
			if code == "internal_error" && !strings.Contains(obs.str("hint"), "try later") {
				t.Errorf("a 5xx hint should say try later: %q", obs.str("hint"))
			}
			out := string(e.Observation(0))
			for _, piece := range []string{"Traceback", "views.py", "<html", "<!DOCTYPE", "nginx", "DoesNotExist", "<script", "sk_live", "rate limit exceeded", "Resource not accessible", "value is not a valid"} {
				if strings.Contains(out, piece) {
					t.Errorf("the vendor's %q reached the observation: %s", piece, out)
				}
			}
		})
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
