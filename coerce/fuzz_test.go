package coerce_test

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"

	"github.com/go-json-experiment/json/jsontext"
)

// planted are credentials the fuzzer may splice into the input; each ends in a tail that must
// never appear in an observation.
var planted = []string{
	"Bearer PLNTDqwertyuiop",
	"sk_live_PLNTDqwertyuiop",
	"sk_test_PLNTDqwertyuiop",
	"ghp_PLNTDqwertyuiop",
	"github_pat_PLNTDqwertyuiop",
	"xoxb-PLNTDqwertyuiop",
	"AKIAPLNTDQWERTYUIOPAS",
	"eyJhbGciOiJIUzI1NiJ9.eyJQTE5URCI6MX0.PLNTDqwertyuiop",
	"-----BEGIN PRIVATE KEY-----PLNTDqwertyuiop",
}

const plantTail = "PLNTD"

// getJobOracle says, independently of coerce, whether raw is valid get_job arguments and which
// id it names: exactly {"job_id": v}, v a JSON integer or a string of ASCII digits (after trimming
// ASCII space) without a leading zero, 1 … MaxJobID. It is written the long way on purpose.
// With strict (coerce.Rules{}), only JSON integers are valid.
func getJobOracle(raw []byte, strict bool) (int64, bool) {
	if len(raw) > 64<<10 || !jsontext.Value(raw).IsValid() {
		return 0, false
	}
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return 0, false
	}
	var id int64
	seen := false
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil || k.String() != "job_id" {
			return 0, false
		}
		v, err := dec.ReadValue()
		if err != nil {
			return 0, false
		}
		var digits string
		switch v.Kind() {
		case '0':
			digits = string(v)
		case '"':
			if strict {
				return 0, false
			}
			s, err := jsontext.AppendUnquote(nil, v)
			if err != nil {
				return 0, false
			}
			digits = strings.Trim(string(s), " \t\n\r\f\v")
			if strings.HasPrefix(digits, "0") {
				return 0, false
			}
		default:
			return 0, false
		}
		n, err := strconv.ParseInt(digits, 10, 64)
		if err != nil || n < 1 || n > coercetest.MaxJobID || strconv.FormatInt(n, 10) != strings.TrimLeft(digits, "0") {
			return 0, false
		}
		id, seen = n, true
	}
	return id, seen
}

func FuzzDispatch(f *testing.F) {
	// Go adds the seeds in testdata/fuzz/FuzzDispatch itself; the fixtures are seeds too.
	for _, r := range loadDispatchFixtures(f) {
		if len(r.args) < 1<<10 {
			f.Add([]byte(r.args), 0, 0)
		}
	}
	// 1 MB inputs, over the input limit: made here rather than committed.
	f.Add(append([]byte(`{"job_id":"`), bytes.Repeat([]byte("9"), 1<<20)...), 1, 11)
	f.Add(bytes.Repeat([]byte(`[`), 1<<20), 0, 0)
	n := coercetest.Calls{}
	d, err := coerce.NewDispatcher(coerce.Config{}, coercetest.Tools(n)...)
	if err != nil {
		f.Fatal(err)
	}
	small := coercetest.Tools(n)
	for i := range small {
		small[i].Cap = coerce.MinCap
	}
	ds, err := coerce.NewDispatcher(coerce.Config{Rules: &coerce.Rules{}}, small...)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte, plant, at int) {
		raw, secret := plantSecret(raw, plant, at)
		id, valid := getJobOracle(raw, false)
		_, validStrict := getJobOracle(raw, true)
		for _, c := range []struct {
			d    *coerce.Dispatcher
			cap  int
			tool string
		}{{d, coerce.DefaultCap, "get_job"}, {ds, coerce.MinCap, "get_job"}, {d, coerce.DefaultCap, "get_user"}, {d, coerce.DefaultCap, "set_alerts"}} {
			before := n[c.tool]
			o := c.d.Call(context.Background(), c.tool, raw)
			ran := n[c.tool] - before
			wantRan := checkFuzzedOutcome(t, c.tool, c.cap, o, ran, secret)
			if c.tool == "get_job" {
				oracle := valid
				if c.d == ds {
					oracle = validStrict
				}
				if wantRan != oracle {
					t.Fatalf("handler ran %v, oracle says valid %v, for %q: %s", wantRan, oracle, raw, o.Observation)
				}
				if o.Code == coerce.OK && c.d == d && !bytes.Contains(o.Observation, []byte(`"id":`+strconv.FormatInt(id, 10)+`,`)) {
					t.Fatalf("the handler got another id than %d: %s", id, o.Observation)
				}
			}
			// The same call traced: the same observation, and a trace that agrees with it and
			// holds no planted credential.
			again, tr := c.d.CallTraced(context.Background(), c.tool, raw)
			if !bytes.Equal(again.Observation, o.Observation) && o.Code != coerce.InternalError {
				t.Fatalf("two calls, two observations:\n%s\n%s", o.Observation, again.Observation)
			}
			if secret != "" {
				checkTrace(t, again, tr, plantTail)
			} else {
				checkTrace(t, again, tr)
			}
			n[c.tool] = before + ran
		}
	})
}

// plantSecret puts one of the planted credentials into raw at a place the fuzzer chose, when
// plant > 0 and raw does not hold the tail already; secret is "" when it planted none.
func plantSecret(raw []byte, plant, at int) (_ []byte, secret string) {
	if plant <= 0 || bytes.Contains(raw, []byte(plantTail)) {
		return raw, ""
	}
	secret = planted[plant%len(planted)]
	if at < 0 {
		at = -at
	}
	at %= len(raw) + 1
	// The space keeps a preceding \u00 or \ from eating the secret's first letter
	// ("\u000B" + "earer …" is not a bearer token any more: found by the fuzzer).
	return append(append(append(append([]byte(nil), raw[:at]...), ' '), secret...), raw[at:]...), secret
}

// checkFuzzedOutcome checks what every call must give, whatever the input: valid JSON within
// the cap, led by a known code, the handler run exactly when the arguments were valid (it
// returns whether they were), and no planted secret or credential echoed.
func checkFuzzedOutcome(t *testing.T, tool string, capBytes int, o coerce.Outcome, ran int, secret string) (wantRan bool) {
	t.Helper()
	if !jsontext.Value(o.Observation).IsValid() {
		t.Fatalf("%s: invalid JSON: %q", tool, o.Observation)
	}
	obs, err := readObservation(o.Observation)
	if err != nil {
		t.Fatalf("%s: %v: %q", tool, err, o.Observation)
	}
	if len(o.Observation) > capBytes {
		t.Fatalf("%s: %d bytes over the %d cap: %q", tool, len(o.Observation), capBytes, o.Observation)
	}
	if !coerce.Known(o.Code) {
		t.Fatalf("%s: code %q", tool, o.Code)
	}
	if o.Code == coerce.OK && (obs.keys[0] != "ok" || string(obs.members["ok"]) != "true") ||
		o.Code != coerce.OK && (obs.keys[0] != "error" || obs.str("error") != string(o.Code)) {
		t.Fatalf("%s: observation does not lead with its code %s: %q", tool, o.Code, o.Observation)
	}
	// The handler runs iff the arguments are valid: ok and not_found come from it,
	// invalid_args never does, and internal_error may (an ok result over the small cap).
	wantRan = o.Code == coerce.OK || o.Code == coerce.NotFound || o.Code == coerce.InternalError && ran == 1
	if (ran == 1) != wantRan || ran > 1 || o.HandlerCalled != wantRan {
		t.Fatalf("%s: code %s, handler ran %d times, HandlerCalled %v", tool, o.Code, ran, o.HandlerCalled)
	}
	if secret != "" && bytes.Contains(o.Observation, []byte(plantTail)) {
		t.Fatalf("the planted %q is echoed: %s", secret, o.Observation)
	}
	for _, k := range []string{"got", "field"} {
		if v := obs.str(k); coerce.LooksLikeCredential(v) || len(v) > coerce.MaxGotBytes {
			t.Fatalf("%s %q echoed: %s", k, v, o.Observation)
		}
	}
	return wantRan
}
