package mcpwire_test

import (
	"context"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
	"coerceplayground/coerce/mcpwire"

	"github.com/go-json-experiment/json/jsontext"
)

func dispatcher(t testing.TB) *coerce.Dispatcher {
	t.Helper()
	d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "cid" }}, coercetest.GetJob())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestResult: the result is one strict JSON object whose text content and structuredContent are
// the observation byte for byte, with isError exactly for error codes and the verdict in _meta.
func TestResult(t *testing.T) {
	d := dispatcher(t)
	b := coerce.NewBudget()
	for _, tc := range []struct{ args, code, decision string }{
		{`{"job_id":"17"}`, "ok", "continue"},
		{`{"job_id":true}`, "invalid_args", "retry"},
		{`{"job_id":99}`, "not_found", "retry"},
		{`{"job_id":"abc"}`, "invalid_args", "handoff"},
	} {
		o := d.Call(context.Background(), "get_job", []byte(tc.args))
		res := mcpwire.Result(o, b.Observe(o))
		var dec = jsontext.NewDecoder(strings.NewReader(string(res)))
		v, err := dec.ReadValue()
		if err != nil {
			t.Fatalf("%s: %s is not strict JSON: %v", tc.args, res, err)
		}
		m := objectMembers(t, v)
		if got := string(m["structuredContent"]); got != string(o.Observation) {
			t.Errorf("%s: structuredContent %s, want the observation %s", tc.args, got, o.Observation)
		}
		wantText := `[{"type":"text","text":` + string(mustQuote(t, string(o.Observation))) + `}]`
		if string(m["content"]) != wantText {
			t.Errorf("%s: content %s", tc.args, m["content"])
		}
		if isErr, has := m["isError"]; (tc.code != "ok") != has || has && string(isErr) != "true" {
			t.Errorf("%s: isError %q for %s", tc.args, isErr, tc.code)
		}
		meta := objectMembers(t, m["_meta"])
		if string(meta[mcpwire.MetaCode]) != `"`+tc.code+`"` || string(meta[mcpwire.MetaDecision]) != `"`+tc.decision+`"` || len(meta[mcpwire.MetaReason]) < 10 {
			t.Errorf("%s: _meta %s", tc.args, m["_meta"])
		}
		if _, has := meta[mcpwire.MetaField]; has != (o.Field != "") {
			t.Errorf("%s: _meta %s, field %q", tc.args, m["_meta"], o.Field)
		}
	}
}

func TestRequest(t *testing.T) {
	got, ok := mcpwire.Request(7, "get_job", []byte(" { \"job_id\" : \" 17 \" ,\n \"job_id\":1} "))
	want := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":" 17 ","job_id":1}}}`
	if !ok || string(got) != want {
		t.Errorf("Request = %s, %v\nwant %s", got, ok, want)
	}
	for _, raw := range []string{"", " ", "{'job_id':17}", `{"job_id":17`, `{"job_id":17} {}`, "{\"job_id\":\"1\x007\"}", "True"} {
		if b, ok := mcpwire.Request(1, "get_job", []byte(raw)); ok {
			t.Errorf("%q is not one JSON value but travels as %s", raw, b)
		}
	}
	resp := mcpwire.Response(7, []byte(`{"content":[]}`))
	if string(resp) != `{"jsonrpc":"2.0","id":7,"result":{"content":[]}}` {
		t.Errorf("Response = %s", resp)
	}
}

func TestIndent(t *testing.T) {
	if got := string(mcpwire.Indent([]byte(`{"a":{"b":1,"b":2}}`))); got != "{\n  \"a\": {\n    \"b\": 1,\n    \"b\": 2\n  }\n}" {
		t.Errorf("Indent = %q", got)
	}
	if got := string(mcpwire.Indent([]byte(`{"a":`))); got != `{"a":` {
		t.Errorf("Indent of broken JSON = %q, want it unchanged", got)
	}
}

// TestTool: the tools/list entry carries the schema generated from the declaration and one
// catalog line per code the tool can give.
func TestTool(t *testing.T) {
	for _, tool := range coercetest.Tools(nil) {
		m := objectMembers(t, jsontext.Value(mcpwire.Tool(tool)))
		schema := jsontext.Value(tool.Schema.JSONSchema())
		if err := schema.Compact(); err != nil || string(m["inputSchema"]) != string(schema) {
			t.Errorf("%s: inputSchema %s", tool.Name, m["inputSchema"])
		}
		desc := mcpwire.Description(tool)
		if !strings.HasPrefix(desc, tool.Description+"\n\n") {
			t.Errorf("%s: the description does not start with the tool's own", tool.Name)
		}
		entries := tool.Catalog()
		if n := strings.Count(desc, "\n- "); n != len(entries) || len(entries) < 3 {
			t.Errorf("%s: %d catalog lines, want %d", tool.Name, n, len(entries))
		}
		for _, e := range entries {
			if !strings.Contains(desc, "\n- "+string(e.Code)+": "+e.Meaning+"; retry: "+e.Retry+"; stop: "+e.Stop) {
				t.Errorf("%s: no catalog line for %s", tool.Name, e.Code)
			}
		}
	}
}

// FuzzArguments: any text either travels as one JSON value that the request carries unchanged
// but for whitespace, or does not travel; strict JSON always travels.
func FuzzArguments(f *testing.F) {
	for _, s := range []string{`{"job_id":17}`, ` {"job_id" : "17"} `, `{"a":1,"a":2}`, `{"job_id":"\ud800"}`, "{\"a\":\"\xff\"}", `[17]`, `17`, `{'a':1}`, ``, `{`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		args, ok := mcpwire.Arguments([]byte(raw))
		if jsontext.Value(raw).IsValid() && !ok {
			t.Fatalf("strict JSON %q does not travel", raw)
		}
		if !ok {
			return
		}
		req, ok := mcpwire.Request(1, "t", []byte(raw))
		if !ok || !strings.Contains(string(req), `"arguments":`+string(args)+"}}") {
			t.Fatalf("request %q does not carry %q", req, args)
		}
		if !jsontext.Value(req).IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)) {
			t.Fatalf("request %q is not JSON", req)
		}
	})
}

func objectMembers(t *testing.T, v jsontext.Value) map[string]jsontext.Value {
	t.Helper()
	dec := jsontext.NewDecoder(strings.NewReader(string(v)))
	m := map[string]jsontext.Value{}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		t.Fatalf("%s is not an object", v)
	}
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil {
			t.Fatal(err)
		}
		key := k.String()
		val, err := dec.ReadValue()
		if err != nil {
			t.Fatal(err)
		}
		m[key] = append(jsontext.Value(nil), val...)
	}
	return m
}

func mustQuote(t *testing.T, s string) []byte {
	b, err := jsontext.AppendQuote(nil, s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCall(t *testing.T) {
	d := dispatcher(t)
	for _, raw := range []string{`{"job_id":"17"}`, `{"job_id":"abc"}`, `{'job_id':17}`} {
		o := d.Call(context.Background(), "get_job", []byte(raw))
		v := coerce.NewBudget().Observe(o)
		ex := mcpwire.Call(3, "get_job", []byte(raw), o, v)
		req, ok := mcpwire.Request(3, "get_job", []byte(raw))
		if !ok {
			if ex.Request != nil || ex.Response != nil {
				t.Errorf("%s cannot travel, yet Call gives %s / %s", raw, ex.Request, ex.Response)
			}
			continue
		}
		if string(ex.Request) != string(req) || string(ex.Response) != string(mcpwire.Response(3, mcpwire.Result(o, v))) {
			t.Errorf("%s: Call = %s / %s", raw, ex.Request, ex.Response)
		}
	}
}
