package coerce_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
	fixtures "coerceplayground/internal/fixture"

	"github.com/go-json-experiment/json/jsontext"
)

func newTestDispatcher(t testing.TB, cfg coerce.Config) (*coerce.Dispatcher, coercetest.Calls) {
	t.Helper()
	n := coercetest.Calls{}
	d, err := coerce.NewDispatcher(cfg, coercetest.Tools(n)...)
	if err != nil {
		t.Fatal(err)
	}
	return d, n
}

// fixture is one row of a testdata/*.tsv file.
type fixture struct {
	line                         int
	tool, args, code, field      string
	hint, got, note, rawArgsText string
}

// decodeArgs applies the fixture escapes documented in testdata/dispatch.tsv.
func decodeArgs(s string) (string, error) { return fixtures.Text(s) }

// readFixtures returns each row of a fixture file as its line number followed by its columns.
func readFixtures(t testing.TB, path string, columns int) [][]string {
	t.Helper()
	rows, err := fixtures.Read(path, columns)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = append([]string{strconv.Itoa(r.Line)}, r.Cols...)
	}
	return out
}

func loadDispatchFixtures(t testing.TB) []fixture {
	t.Helper()
	var out []fixture
	for _, c := range readFixtures(t, "testdata/dispatch.tsv", 7) {
		n, _ := strconv.Atoi(c[0])
		args, err := decodeArgs(c[2])
		if err != nil {
			t.Fatalf("dispatch.tsv:%d: args: %v", n, err)
		}
		out = append(out, fixture{line: n, tool: c[1], args: args, rawArgsText: c[2], code: c[3], field: c[4], hint: c[5], got: c[6], note: c[7]})
	}
	return out
}

// observation is an error observation's members, read with jsontext (not encoding/json) so the
// test also proves the bytes are one valid object with unique keys.
type observation struct {
	keys    []string
	members map[string]jsontext.Value
}

func (o observation) str(key string) string {
	v, ok := o.members[key]
	if !ok {
		return ""
	}
	s, err := jsontext.AppendUnquote(nil, v)
	if err != nil {
		return string(v)
	}
	return string(s)
}

func parseObservation(t testing.TB, obs []byte) observation {
	t.Helper()
	o, err := readObservation(obs)
	if err != nil {
		t.Fatalf("observation %q: %v", obs, err)
	}
	return o
}

// readObservation checks obs is exactly one JSON object and returns its top-level members.
func readObservation(obs []byte) (observation, error) {
	o := observation{members: map[string]jsontext.Value{}}
	dec := jsontext.NewDecoder(strings.NewReader(string(obs)))
	tok, err := dec.ReadToken()
	if err != nil {
		return o, err
	}
	if tok.Kind() != '{' {
		return o, errNotObject
	}
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil {
			return o, err
		}
		key := k.String() // before the next read voids the token
		v, err := dec.ReadValue()
		if err != nil {
			return o, err
		}
		o.keys = append(o.keys, key)
		o.members[key] = append(jsontext.Value(nil), v...)
	}
	if _, err := dec.ReadToken(); err != nil {
		return o, err
	}
	if _, err := dec.ReadToken(); err == nil {
		return o, errNotObject
	}
	return o, nil
}

type testError string

func (e testError) Error() string { return string(e) }

const errNotObject = testError("not exactly one JSON object")

func TestDispatchFixtures(t *testing.T) {
	var logged []coerce.LogLine
	d, n := newTestDispatcher(t, coerce.Config{NewID: func() string { return "cid" }, Log: func(l coerce.LogLine) { logged = append(logged, l) }})
	rows := loadDispatchFixtures(t)
	if len(rows) < 60 {
		t.Fatalf("%d fixture rows, want at least 60", len(rows))
	}
	for _, r := range rows {
		name := strconv.Itoa(r.line) + ":" + r.tool + ":" + r.note
		t.Run(name, func(t *testing.T) {
			before := n[r.tool]
			o := d.Call(context.Background(), r.tool, []byte(r.args))
			called := n[r.tool] - before
			if string(o.Code) != r.code {
				t.Fatalf("args %.200q: code %s, want %s\nobservation: %s", r.args, o.Code, r.code, o.Observation)
			}
			wantCalled := r.code == "ok" || r.code == "not_found"
			if wantCalled && called != 1 || !wantCalled && called != 0 {
				t.Errorf("handler ran %d times for %s", called, r.code)
			}
			if o.HandlerCalled != wantCalled {
				t.Errorf("Outcome.HandlerCalled = %v, want %v", o.HandlerCalled, wantCalled)
			}
			if len(o.Observation) > coerce.DefaultCap {
				t.Errorf("observation is %d bytes, over the cap", len(o.Observation))
			}
			obs := parseObservation(t, o.Observation)
			if r.code == "ok" {
				if len(obs.keys) == 0 || obs.keys[0] != "ok" || string(obs.members["ok"]) != "true" {
					t.Errorf("ok observation does not start with \"ok\": true: %s", o.Observation)
				}
				return
			}
			if obs.keys[0] != "error" || obs.str("error") != r.code {
				t.Errorf("observation does not start with the error code: %s", o.Observation)
			}
			wantField := r.field
			if wantField == "-" {
				wantField = ""
			}
			if got := obs.str("field"); got != wantField || o.Field != wantField {
				t.Errorf("field %q (Outcome.Field %q), want %q\nobservation: %s", got, o.Field, wantField, o.Observation)
			}
			if !strings.Contains(obs.str("hint"), r.hint) {
				t.Errorf("hint %q does not mention %q", obs.str("hint"), r.hint)
			}
			switch got, has := obs.members["got"]; {
			case r.got == "*":
			case r.got == "-" && has:
				t.Errorf("got %s, want none", got)
			case r.got != "-" && string(got) != r.got:
				t.Errorf("got %s, want %s", got, r.got)
			}
			if len(logged) == 0 || logged[len(logged)-1].Code != o.Code || logged[len(logged)-1].Field != o.Field {
				t.Errorf("no log line with code and field for this error: %+v", logged)
			}
		})
	}
}

// TestHintNeverQuotesInput: a hint tells the model what to send; the offending value goes in
// got (redacted, cut) and nowhere else.
func TestHintNeverQuotesInput(t *testing.T) {
	d, _ := newTestDispatcher(t, coerce.Config{})
	for _, in := range []string{`{"job_id":"zq7distinctive"}`, `{"zq7distinctive":1}`, `{"job_id":"17zq7distinctive"}`} {
		o := d.Call(context.Background(), "get_job", []byte(in))
		obs := parseObservation(t, o.Observation)
		if strings.Contains(obs.str("hint"), "zq7distinctive") {
			t.Errorf("%s: hint quotes the input: %s", in, o.Observation)
		}
	}
}

func TestUnknownTool(t *testing.T) {
	d, n := newTestDispatcher(t, coerce.Config{})
	o := d.Call(context.Background(), "get_jobs", []byte(`{"job_id":17}`))
	if o.Code != coerce.InvalidArgs || o.HandlerCalled || n["get_job"] != 0 {
		t.Fatalf("unknown tool: %+v", o)
	}
	if h := parseObservation(t, o.Observation).str("hint"); !strings.Contains(h, "get_job, get_user, set_alerts") {
		t.Errorf("hint %q does not list the tools", h)
	}
}

func TestNewDispatcherRejectsBadDeclarations(t *testing.T) {
	h := func(context.Context, coerce.Args) (coerce.Result, error) { return nil, nil }
	for name, tool := range map[string]coerce.Tool{
		"no name":          {Handler: h},
		"no handler":       {Name: "x"},
		"field no name":    {Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{{Kind: coerce.Boolean}}}},
		"field twice":      {Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{coerce.BoolField("a", ""), coerce.BoolField("a", "")}}},
		"int without max":  {Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{coerce.IntField("a", 0, "1", "")}}},
		"id without pref":  {Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{coerce.IDField("a", "", "x", "")}}},
		"no kind":          {Name: "x", Handler: h, Schema: coerce.Schema{Fields: []coerce.Field{{Name: "a"}}}},
		"code outside":     {Name: "x", Handler: h, Codes: []coerce.Code{"teapot"}},
		"ok is not a code": {Name: "x", Handler: h, Codes: []coerce.Code{coerce.OK}},
	} {
		if _, err := coerce.NewDispatcher(coerce.Config{}, tool); err == nil {
			t.Errorf("%s: NewDispatcher accepted it", name)
		}
	}
	if _, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{Name: "x", Handler: h}, coerce.Tool{Name: "x", Handler: h}); err == nil {
		t.Error("a tool declared twice was accepted")
	}
}

// TestManyFields: a schema wider than Args keeps inline reads every field from the right slot.
func TestManyFields(t *testing.T) {
	var fields []coerce.Field
	for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
		fields = append(fields, coerce.IntField(name, 100, "1", ""))
	}
	fields = append(fields, coerce.IDField("g", "usr_", "usr_1", ""), coerce.BoolField("h", ""))
	var got []int64
	var kept coerce.Args
	d, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{Name: "wide", Schema: coerce.Schema{Fields: fields},
		Handler: func(_ context.Context, a coerce.Args) (coerce.Result, error) {
			for _, f := range fields[:6] {
				got = append(got, a.Int(f.Name))
			}
			if !kept.Has("a") {
				kept = a
			}
			return nil, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	o := d.Call(context.Background(), "wide", []byte(`{"f":6,"e":"5","d":4,"c":3,"b":2,"a":1,"g":" usr_7 ","h":true}`))
	if o.Code != coerce.OK || len(got) != 6 || got[0] != 1 || got[5] != 6 || kept.ID("g") != "usr_7" || !kept.Bool("h") || !kept.Has("a") || kept.Int("nope") != 0 {
		t.Fatalf("%s %v %+v", o.Observation, got, kept)
	}
	// Args kept after the call are not overwritten by the next one.
	d.Call(context.Background(), "wide", []byte(`{"f":60,"e":50,"d":40,"c":30,"b":20,"a":10,"g":"usr_8"}`))
	if kept.Int("a") != 1 || kept.ID("g") != "usr_7" {
		t.Errorf("a kept Args changed: a=%d g=%s", kept.Int("a"), kept.ID("g"))
	}
	if o := d.Call(context.Background(), "wide", []byte(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6}`)); o.Code != coerce.InvalidArgs || o.Field != "g" {
		t.Errorf("missing g: %s", o.Observation)
	}
}
