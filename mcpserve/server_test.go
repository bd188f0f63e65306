package mcpserve_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"
	"coerceplayground/mcpserve"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFixturesOverMCP runs every row of dispatch.tsv through tools/call on the SDK's own client:
// a row whose text is one JSON value travels and must come back as a tool result (never a
// protocol error) with the fixture's code, field, hint and got, isError exactly for error codes,
// the observation as structuredContent and as the one text content, within the cap, and equal
// to what mcpwire.Result (the page's view) says the server returns. A row that is not one JSON
// value must not travel at all: the client refuses it and no handler runs.
func TestFixturesOverMCP(t *testing.T) {
	n := calls{}
	s, _ := serve(t, mcpserve.Options{}, fixtureTools(n)...)
	cs, _ := connect(t, s)
	ref, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "cid" }}, fixtureTools(calls{})...)
	if err != nil {
		t.Fatal(err)
	}
	budget := coerce.NewBudget() // the session's budget, replayed
	travelled := 0
	for _, r := range loadFixtures(t) {
		name := r.tool + ":" + itoa(r.line) + ":" + r.note
		args, ok := mcpwire.Arguments([]byte(r.args))
		before := n[r.tool]
		if !ok {
			_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: r.tool, Arguments: json.RawMessage(r.args)})
			if err == nil || n[r.tool] != before {
				t.Errorf("%s: %.80q is not one JSON value but travelled (err %v)", name, r.args, err)
			}
			continue
		}
		travelled++
		o := ref.Call(context.Background(), r.tool, args)
		if json.Unmarshal(o.Observation, new(any)) != nil {
			// A number beyond float64 in got (1e400): the SDK's Go client cannot read such a
			// result at all, so this row is held on the wire, on a session of its own.
			if sc, isError := wireCall(t, s, r.tool, r.args); string(sc) != string(o.Observation) || isError != (r.code != "ok") {
				t.Errorf("%s: on the wire structuredContent %s, isError %v; want %s", name, sc, isError, o.Observation)
			}
			continue
		}
		res := call(t, cs, r.tool, r.args)
		obs := text(t, res)
		checkFixture(t, name, r, res, obs, n[r.tool]-before)

		want := mcpwire.Result(o, budget.Observe(o))
		if obs != string(o.Observation) {
			t.Errorf("%s: text %s\nwant the observation %s", name, obs, o.Observation)
		}
		if got := wireResult(t, res); !jsonEqual(t, got, want) {
			t.Errorf("%s: the server's result differs from mcpwire.Result\n got %s\nwant %s", name, got, want)
		}
	}
	if travelled < 110 { // 120 of 141 rows when written; the rest are not JSON
		t.Errorf("only %d fixture rows travelled, want every JSON value (at least 110)", travelled)
	}
}

// wireCall calls tool with the raw args on a stdio session of its own with s, and returns the
// result's structuredContent as written and its isError.
func wireCall(t *testing.T, s *mcp.Server, tool, args string) (json.RawMessage, bool) {
	t.Helper()
	c := rawSession(t, s)
	c.send(t, initLine)
	c.recv(t)
	c.send(t, initializedLine)
	c.send(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":`+strconv.Quote(tool)+`,"arguments":`+args+`}}`)
	var answer struct {
		Result struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
			IsError           bool            `json:"isError"`
		} `json:"result"`
	}
	line := c.recv(t)
	if err := json.Unmarshal(line, &answer); err != nil {
		t.Fatalf("%s: %v: %s", tool, err, line)
	}
	c.close(t)
	return answer.Result.StructuredContent, answer.Result.IsError
}

// checkFixture checks one result against its row.
func checkFixture(t *testing.T, name string, r fixture, res *mcp.CallToolResult, obs string, ran int) {
	t.Helper()
	if res.IsError != (r.code != "ok") {
		t.Errorf("%s: isError %v for %s", name, res.IsError, r.code)
	}
	if got := res.Meta[mcpwire.MetaCode]; got != r.code {
		t.Errorf("%s: _meta code %v, want %s\n%s", name, got, r.code, obs)
	}
	if len(obs) > coerce.DefaultCap {
		t.Errorf("%s: observation is %d bytes, over the cap", name, len(obs))
	}
	if sc, err := json.Marshal(res.StructuredContent); err != nil || !jsonEqual(t, sc, []byte(obs)) {
		t.Errorf("%s: structuredContent %s is not the observation %s", name, sc, obs)
	}
	if wantRan := r.code == "ok" || r.code == "not_found"; wantRan != (ran == 1) || ran > 1 {
		t.Errorf("%s: handler ran %d times for %s", name, ran, r.code)
	}
	m := members(t, obs)
	if r.code == "ok" {
		if string(m["ok"]) != "true" {
			t.Errorf("%s: %s is not an ok observation", name, obs)
		}
		return
	}
	field := strings.TrimSuffix(r.field, "-")
	if unquote(m["field"]) != field || res.Meta[mcpwire.MetaField] != nilIfEmpty(field) {
		t.Errorf("%s: field %s (_meta %v), want %q", name, m["field"], res.Meta[mcpwire.MetaField], field)
	}
	if !strings.Contains(unquote(m["hint"]), r.hint) {
		t.Errorf("%s: hint %s does not mention %q", name, m["hint"], r.hint)
	}
	switch got, has := m["got"]; {
	case r.got == "*":
	case r.got == "-" && has:
		t.Errorf("%s: got %s, want none", name, got)
	case r.got != "-" && string(got) != r.got:
		t.Errorf("%s: got %s, want %s", name, got, r.got)
	}
}

// wireResult is the result as the client received it, less what the SDK adds for the
// negotiated protocol version (resultType, io.modelcontextprotocol/ keys in _meta).
func wireResult(t *testing.T, res *mcp.CallToolResult) []byte {
	t.Helper()
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "resultType")
	if meta, ok := m["_meta"].(map[string]any); ok {
		for k := range meta {
			if strings.HasPrefix(k, "io.modelcontextprotocol/") {
				delete(meta, k)
			}
		}
	}
	b, err = json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestListTools(t *testing.T) {
	tools := fixtureTools(calls{})
	s, _ := serve(t, mcpserve.Options{}, tools...)
	cs, _ := connect(t, s)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != len(tools) {
		t.Fatalf("%d tools listed, want %d", len(res.Tools), len(tools))
	}
	byName := map[string]coerce.Tool{}
	for _, tool := range tools {
		byName[tool.Name] = tool
	}
	for _, lt := range res.Tools { // listed by name
		tool := byName[lt.Name]
		got, err := json.Marshal(map[string]any{"name": lt.Name, "description": lt.Description, "inputSchema": lt.InputSchema})
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(t, got, mcpwire.Tool(tool)) {
			t.Errorf("%s listed as %s\nwant %s", tool.Name, got, mcpwire.Tool(tool))
		}
		for _, e := range tool.Catalog() {
			if !strings.Contains(lt.Description, "\n- "+mcpwire.CatalogLine(e)) {
				t.Errorf("%s: the description lacks the catalog line for %s", tool.Name, e.Code)
			}
		}
	}
	var schema struct {
		Type       string `json:"type"`
		Properties map[string]struct {
			Type     string `json:"type"`
			Min, Max *int64
		} `json:"properties"`
		Required   []string `json:"required"`
		Additional *bool    `json:"additionalProperties"`
	}
	i := slices.IndexFunc(res.Tools, func(lt *mcp.Tool) bool { return lt.Name == "get_job" })
	if i < 0 {
		t.Fatal("get_job is not listed")
	}
	b, _ := json.Marshal(res.Tools[i].InputSchema)
	if err := json.Unmarshal([]byte(strings.NewReplacer(`"minimum"`, `"Min"`, `"maximum"`, `"Max"`).Replace(string(b))), &schema); err != nil {
		t.Fatal(err)
	}
	id := schema.Properties["job_id"]
	if schema.Type != "object" || id.Type != "integer" || id.Min == nil || *id.Min != 1 ||
		id.Max == nil || *id.Max != 2147483647 || schema.Additional == nil || *schema.Additional || !reflect.DeepEqual(schema.Required, []string{"job_id"}) {
		t.Errorf("get_job's inputSchema: %s", b)
	}
}

// TestUnknownToolIsProtocolError: with no tool to answer, the SDK's JSON-RPC error stands.
func TestUnknownToolIsProtocolError(t *testing.T) {
	s, _ := serve(t, mcpserve.Options{}, fixtureTools(calls{})...)
	cs, _ := connect(t, s)
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_jobs", Arguments: map[string]any{"job_id": 17}}); err == nil {
		t.Error("an unknown tool got a result")
	}
}

// TestAbsentArgumentsAreNoArguments: tools/call may leave arguments out; coerce then names the
// missing required field, as for {}.
func TestAbsentArgumentsAreNoArguments(t *testing.T) {
	s, _ := serve(t, mcpserve.Options{}, fixtureTools(calls{})...)
	cs, _ := connect(t, s)
	res := call(t, cs, "get_job", "{}")
	if !res.IsError || res.Meta[mcpwire.MetaField] != "job_id" || !strings.Contains(text(t, res), "job_id is required") {
		t.Errorf("{}: %s", text(t, res))
	}
}

func itoa(n int) string { return strings.TrimSpace(string(jsontext.Int(int64(n)).String())) }

func unquote(v jsontext.Value) string {
	if len(v) == 0 {
		return ""
	}
	s, err := jsontext.AppendUnquote(nil, v)
	if err != nil {
		return string(v)
	}
	return string(s)
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// members reads obs as exactly one JSON object with unique keys.
func members(t *testing.T, obs string) map[string]jsontext.Value {
	t.Helper()
	dec := jsontext.NewDecoder(strings.NewReader(obs))
	m := map[string]jsontext.Value{}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		t.Fatalf("observation %s is not an object", obs)
	}
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil {
			t.Fatalf("observation %s: %v", obs, err)
		}
		key := k.String()
		v, err := dec.ReadValue()
		if err != nil {
			t.Fatalf("observation %s: %v", obs, err)
		}
		m[key] = append(jsontext.Value(nil), v...)
	}
	return m
}

// jsonEqual compares two JSON texts as values, key order aside.
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

// TestSDKDoesNotPreemptCoerce: arguments the listed inputSchema would refuse reach coerce, which
// coerces the boring case and names the field in its own hint; the SDK validates nothing.
func TestSDKDoesNotPreemptCoerce(t *testing.T) {
	n := calls{}
	s, _ := serve(t, mcpserve.Options{}, fixtureTools(n)...)
	cs, _ := connect(t, s)
	if res := call(t, cs, "get_job", `{"job_id":"17"}`); res.IsError || n["get_job"] != 1 {
		t.Errorf(`"17" (a string; the schema says integer): %s`, text(t, res))
	}
	res := call(t, cs, "get_job", `{"job_id":17,"extra":1}`)
	if !res.IsError || res.Meta[mcpwire.MetaField] != "extra" || !strings.Contains(text(t, res), "get_job takes only job_id") || n["get_job"] != 1 {
		t.Errorf("an extra key (the schema says no additional properties): %s", text(t, res))
	}
}
