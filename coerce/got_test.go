package coerce_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
)

var update = flag.Bool("update", false, "rewrite the golden observations in testdata/golden")

func TestCutOnUTF8Boundary(t *testing.T) {
	for _, s := range []string{"", "abc", strings.Repeat("é", 50), strings.Repeat("日本", 30), "a😀b😀c😀d" + strings.Repeat("😀", 20), strings.Repeat("x", 64), strings.Repeat("x", 65)} {
		for max := len(coerce.CutMark); max <= len(s)+2; max++ {
			got := coerce.Cut(s, max)
			switch {
			case len(got) > max:
				t.Fatalf("Cut(%q, %d) = %q: %d bytes", s, max, got, len(got))
			case !utf8.ValidString(got):
				t.Fatalf("Cut(%q, %d) = %q: not UTF-8", s, max, got)
			case len(s) <= max && got != s:
				t.Fatalf("Cut(%q, %d) = %q: cut a string that fits", s, max, got)
			case len(s) > max && (!strings.HasSuffix(got, coerce.CutMark) || !strings.HasPrefix(s, strings.TrimSuffix(got, coerce.CutMark))):
				t.Fatalf("Cut(%q, %d) = %q: not a prefix with the cut mark", s, max, got)
			case len(s) > max && max-len(got) >= 4:
				t.Fatalf("Cut(%q, %d) = %q: gave up more than one rune", s, max, got)
			}
		}
	}
}

// TestGotIsCut: a long offending value is echoed as its first bytes, at most MaxGotBytes, cut on
// a rune boundary with the cut mark.
func TestGotIsCut(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{})
	for _, v := range []string{strings.Repeat("a", 200), strings.Repeat("é", 200), strings.Repeat("日", 100), "x" + strings.Repeat("😀", 40)} {
		o := d.Call(context.Background(), "get_job", []byte(`{"job_id":"`+v+`"}`))
		got := parseObservation(t, o.Observation).str("got")
		if len(got) > coerce.MaxGotBytes || len(got) < coerce.MaxGotBytes-3 || !utf8.ValidString(got) ||
			!strings.HasSuffix(got, coerce.CutMark) || !strings.HasPrefix(v, strings.TrimSuffix(got, coerce.CutMark)) {
			t.Errorf("got %q (%d bytes) for a %d-byte value", got, len(got), len(v))
		}
	}
	// A number too long to echo whole is cut the same way (as a string).
	o := d.Call(context.Background(), "get_job", []byte(`{"job_id":`+strings.Repeat("9", 100)+`}`))
	if got := parseObservation(t, o.Observation).str("got"); len(got) > coerce.MaxGotBytes || !strings.HasSuffix(got, coerce.CutMark) {
		t.Errorf("got %q for a 100-digit number", got)
	}
}

// credentials are values that must never be echoed, whatever field they arrive in.
var credentials = map[string]string{
	"bearer":      "Bearer abcdefghijklmnop0123456789",
	"bearer-low":  "bearer abcdefghijklmnop0123456789",
	"bearer-tab":  "Bearer\tabcdefghijklmnop0123456789",
	"stripe-live": "sk_live_51Habcdefghijklmnop",
	"stripe-test": "sk_test_51Habcdefghijklmnop",
	"github-ghp":  "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
	"github-pat":  "github_pat_11ABCDEFG0abcdefghijklmnop",
	"slack-bot":   "xoxb-1234567890-abcdefghij",
	"slack-user":  "xoxp-1234567890-abcdefghij",
	"slack-xoxe":  "xoxe-1-abcdefghij",
	"aws":         "AKIAIOSFODNN7EXAMPLE",
	"jwt":         "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"pem":         "-----BEGIN RSA PRIVATE KEY-----MIIEowIBAAKCAQEA",
	"in-text":     "my key is sk_live_51Habcdefghijklmnop thanks",
	"long":        strings.Repeat("z", 70) + "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
	"jwt-after":   "eyJa.b eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
	"jwt-many":    strings.Repeat("eyJ", 50) + "x.eyJzdWIiOiIxIn0.sig",
}

// notCredentials look close and must still be echoed, or the redaction check could not fail.
var notCredentials = []string{"skate_live", "AKIA123", "eyJ-no-dot", "eyJ.eyJ", "eyJa.b eyJc", "bearer", "xox-", "ghp", "BEGIN"}

func TestRedactsCredentialValues(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{})
	for name, cred := range credentials {
		if !coerce.LooksLikeCredential(cred) {
			t.Errorf("%s: LooksLikeCredential(%q) = false", name, cred)
		}
		q := string(quote(cred))
		for _, in := range []struct{ tool, args string }{
			{"get_job", `{"job_id":` + q + `}`},
			{"get_user", `{"user_id":` + q + `}`},
			{"get_job", `{` + q + `:17}`},
			{"get_job", `{` + q + `:1,` + q + `:2}`},
			{"get_job", `{"job_id":` + strings.ReplaceAll(q, "_", `\u005f`) + `}`}, // escaped: decoded before the check
		} {
			o := d.Call(context.Background(), in.tool, []byte(in.args))
			if o.Code != coerce.InvalidArgs {
				t.Errorf("%s %s: %s", name, in.args, o.Observation)
			}
			if bytes.Contains(o.Observation, []byte(cred[len(cred)-8:])) {
				t.Errorf("%s: the credential is echoed: %s", name, o.Observation)
			}
			if !bytes.Contains(o.Observation, []byte(coerce.Redacted)) {
				t.Errorf("%s: no %s in %s", name, coerce.Redacted, o.Observation)
			}
		}
	}
	for _, v := range notCredentials {
		if coerce.LooksLikeCredential(v) {
			t.Errorf("LooksLikeCredential(%q) = true", v)
		}
		o := d.Call(context.Background(), "get_job", []byte(`{"job_id":`+string(quote(v))+`}`))
		if got := parseObservation(t, o.Observation).str("got"); got != v {
			t.Errorf("%q: got %q, want it echoed", v, got)
		}
	}
}

// TestRedactsSecretFields: fields named like credentials never echo their value, even a
// harmless-looking one.
func TestRedactsSecretFields(t *testing.T) {
	h := func(context.Context, coerce.Args) (coerce.Result, error) { return nil, nil }
	for _, name := range []string{"token", "access_token", "secret", "client_secret", "password", "api_key", "apiKey", "API-KEY", "authorization", "Authorization"} {
		if !coerce.IsSecretField(name) {
			t.Errorf("IsSecretField(%q) = false", name)
		}
		d, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{Name: "t", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{
			coerce.IDField(name, "key_", "key_1", ""),
			coerce.IntField(name+"_version", 10, "1", ""),
		}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range []string{
			`{"` + name + `":"hunter2zq","` + name + `_version":1}`,
			`{"` + name + `":"key_1","` + name + `_version":-987}`,
			`{"` + name + `":987,"` + name + `_version":1}`,
		} {
			o := d.Call(context.Background(), "t", []byte(args))
			obs := parseObservation(t, o.Observation)
			if o.Code != coerce.InvalidArgs || obs.str("got") != coerce.Redacted || bytes.Contains(o.Observation, []byte("hunter2zq")) || bytes.Contains(o.Observation, []byte("987")) {
				t.Errorf("%s: %s", args, o.Observation)
			}
		}
		if got := coerce.NewError(coerce.NotFound, name, "no such key").WithGot("hunter2zq").Got; got != `"`+coerce.Redacted+`"` {
			t.Errorf("WithGot on %s: %s", name, got)
		}
	}
	for _, name := range []string{"job_id", "user_id", "tokens_used_not", "keyboard"} {
		if name != "tokens_used_not" && coerce.IsSecretField(name) {
			t.Errorf("IsSecretField(%q) = true", name)
		}
	}
}

func quote(s string) []byte {
	var b bytes.Buffer
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			r = rune("0123456789abcdef"[r&15])
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.Bytes()
}

// TestObservationsFitTheCapForHugeInputs: 10 MB of input, in every shape that reaches a
// different code path, never makes an observation over the cap.
func TestObservationsFitTheCapForHugeInputs(t *testing.T) {
	const size = 10 << 20
	big := func(prefix, unit, suffix string) []byte {
		n := (size - len(prefix) - len(suffix)) / len(unit)
		return []byte(prefix + strings.Repeat(unit, n) + suffix)
	}
	inputs := map[string][]byte{
		"string value":  big(`{"job_id":"`, "1", `"}`),
		"unicode value": big(`{"job_id":"`, "日", `"}`),
		"escaped value": big(`{"job_id":"`, `\u0001`, `"}`),
		"number":        big(`{"job_id":`, "9", `}`),
		"unknown key":   big(`{"`, "k", `":1}`),
		"unknown value": big(`{"job_id":17,"x":"`, "v", `"}`),
		"nested":        big(`{"job_id":`, "[", ``),
		"wide array":    big(`{"job_id":17,"x":[`, "1,", `1]}`),
		"garbage":       big(``, "\x00", ``),
		"truncated":     big(`{"job_id":"`, "1", ``),
		"credential":    big(`{"job_id":"Bearer `, "a", `"}`),
	}
	for _, capBytes := range []int{0, coerce.MinCap, 200} {
		for _, maxInput := range []int{0, 16 << 20} { // the default bound, and one that lets 10 MB through to the parser
			var logged []coerce.LogLine
			n := coercetest.Calls{}
			tools := coercetest.Tools(n)
			for i := range tools {
				tools[i].Cap = capBytes
			}
			d, err := coerce.NewDispatcher(coerce.Config{MaxInputBytes: maxInput, Log: func(l coerce.LogLine) { logged = append(logged, l) }}, tools...)
			if err != nil {
				t.Fatal(err)
			}
			limit := capBytes
			if limit == 0 {
				limit = coerce.DefaultCap
			}
			for name, in := range inputs {
				o := d.Call(context.Background(), "get_job", in)
				if len(o.Observation) > limit {
					t.Errorf("cap %d, max input %d, %s: %d-byte observation", capBytes, maxInput, name, len(o.Observation))
				}
				obs := parseObservation(t, o.Observation)
				if o.Code != coerce.InvalidArgs || obs.str("error") != "invalid_args" || n["get_job"] != 0 {
					t.Errorf("cap %d, %s: %s", capBytes, name, o.Observation)
				}
				if f := obs.str("field"); len(f) > coerce.MaxGotBytes {
					t.Errorf("%s: field is %d bytes", name, len(f))
				}
				if g := obs.str("got"); len(g) > coerce.MaxGotBytes {
					t.Errorf("%s: got is %d bytes", name, len(g))
				}
			}
			for _, l := range logged {
				if len(l.String()) > 256 {
					t.Errorf("a %d-byte log line", len(l.String()))
				}
			}
		}
	}
}

// TestOKOverCapIsInternalError: a handler whose result does not fit is a bug of the tool, not
// something to truncate into invalid JSON.
func TestOKOverCapIsInternalError(t *testing.T) {
	var logged []coerce.LogLine
	d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "c0ffee" }, Log: func(l coerce.LogLine) { logged = append(logged, l) }},
		coerce.Tool{Name: "dump", Cap: 256, Handler: func(context.Context, coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("blob", coerce.String(strings.Repeat("x", 300)))}, nil
		}},
		coerce.Tool{Name: "fits", Cap: 256, Handler: func(context.Context, coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("blob", coerce.String(strings.Repeat("x", 256-len(`{"ok":true,"blob":""}`))))}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	o := d.Call(context.Background(), "dump", []byte(`{}`))
	obs := parseObservation(t, o.Observation)
	if o.Code != coerce.InternalError || obs.str("correlation_id") != "c0ffee" || !o.HandlerCalled || len(o.Observation) > 256 || bytes.Contains(o.Observation, []byte("xxx")) {
		t.Errorf("over the cap: %s", o.Observation)
	}
	if len(logged) != 1 || !logged[0].Bug || logged[0].CorrelationID != "c0ffee" {
		t.Errorf("log: %+v", logged)
	}
	if o := d.Call(context.Background(), "fits", []byte(`{}`)); o.Code != coerce.OK || len(o.Observation) != 256 {
		t.Errorf("exactly at the cap: %d bytes, %s", len(o.Observation), o.Code)
	}
}

// TestErrorObservationShape: the fixed key order, and each key present only when it applies.
func TestErrorObservationShape(t *testing.T) {
	full := &coerce.Error{Code: coerce.Denied, Field: "job_id", Hint: "h", Got: `17`, RetryAfter: 5, RequiredPermission: "jobs:read", CorrelationID: "c1"}
	obs := parseObservation(t, full.Observation(0))
	want := []string{"error", "field", "hint", "got", "retry_after", "required_permission", "correlation_id"}
	if strings.Join(obs.keys, ",") != strings.Join(want, ",") {
		t.Errorf("keys %v, want %v", obs.keys, want)
	}
	if got := string((&coerce.Error{Code: coerce.Timeout}).Observation(0)); got != `{"error":"timeout"}` {
		t.Errorf("bare error: %s", got)
	}
	if got := string((&coerce.Error{Code: coerce.RateLimited, RetryAfter: -3}).Observation(0)); got != `{"error":"rate_limited"}` {
		t.Errorf("negative retry_after: %s", got)
	}
}

// TestErrorSqueezedIntoSmallCap: over the cap, got goes first, then the hint's tail; the code and
// the correlation id always stay and the result is still one JSON object.
func TestErrorSqueezedIntoSmallCap(t *testing.T) {
	e := &coerce.Error{Code: coerce.InternalError, Field: strings.Repeat("f", 40), Hint: strings.Repeat("a \"quoted\" hint ", 40), Got: `"` + strings.Repeat("g", 60) + `"`, CorrelationID: "0123456789abcdef"}
	for capBytes := coerce.MinCap; capBytes <= 1200; capBytes += 7 {
		out := e.Observation(capBytes)
		obs := parseObservation(t, out)
		if len(out) > capBytes || obs.str("error") != "internal_error" || obs.str("correlation_id") != "0123456789abcdef" {
			t.Fatalf("cap %d: %d bytes: %s", capBytes, len(out), out)
		}
		if _, has := obs.members["got"]; has && len(out) < 900 {
			t.Fatalf("cap %d: got kept while the hint was cut: %s", capBytes, out)
		}
	}
	if out := e.Observation(10); len(out) > coerce.MinCap {
		t.Errorf("a cap below MinCap is raised to it, not exceeded: %d bytes", len(out))
	}
}

// TestDeterministicBytes: the same call gives the same bytes, and a handful of observations are
// pinned in golden files (go test ./coerce -run Golden -update rewrites them).
func TestGoldenObservations(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{NewID: func() string { return "5f2c9a7e01b34d68" }})
	panics, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "5f2c9a7e01b34d68" }}, coerce.Tool{Name: "boom",
		Handler: func(context.Context, coerce.Args) (coerce.Result, error) {
			panic("index out of range /srv/app/jobs.go:42")
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		d    *coerce.Dispatcher
		tool string
		args string
	}{
		{"ok_17", d, "get_job", `{"job_id":"17"}`},
		{"invalid_args_negative", d, "get_job", `{"job_id":-1}`},
		{"invalid_args_bool", d, "get_job", `{"job_id":true}`},
		{"invalid_args_octal", d, "get_job", `{"job_id":"017"}`},
		{"invalid_args_duplicate", d, "get_job", `{"job_id":17,"job_id":42}`},
		{"invalid_args_unknown_key", d, "get_job", `{"job_id":17,"verbose":true}`},
		{"invalid_args_redacted", d, "get_user", `{"user_id":"ghp_abcdefghijklmnopqrstuvwxyz0123456789"}`},
		{"not_found_99", d, "get_job", `{"job_id":99}`},
		{"internal_error_panic", panics, "boom", `{}`},
	} {
		o := c.d.Call(context.Background(), c.tool, []byte(c.args))
		again := c.d.Call(context.Background(), c.tool, []byte(c.args))
		if !bytes.Equal(o.Observation, again.Observation) {
			t.Errorf("%s: two calls, two observations:\n%s\n%s", c.name, o.Observation, again.Observation)
		}
		path := filepath.Join("testdata", "golden", c.name+".json")
		got := append(append([]byte(nil), o.Observation...), '\n')
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}
