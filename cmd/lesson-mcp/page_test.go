package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"coerceplayground/lesson"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPageExchangeIsTheServers: what the page shows of a row over MCP (lesson.Lab.MCP, built by
// mcpwire without the SDK) is what this command's server answers to the same arguments as the
// first call of a session, and its request carries the arguments the client sends.
func TestPageExchangeIsTheServers(t *testing.T) {
	lab := lesson.NewLab(lesson.LabConfig{NewID: fixedID})
	rows := []struct{ tool, input string }{
		{"get_user", `"usr_8f3a"`}, {"get_user", `" usr_k2p9 "`}, {"get_user", `"USR_8f3a"`},
		{"refund", `{"job_id":17,"amount_cents":500}`}, {"refund", `{"job_id":"17","amount_cents":500,"dry_run":"true"}`},
	}
	for _, r := range lesson.Classroom().Rows {
		rows = append(rows, struct{ tool, input string }{"get_job", r.Input})
	}
	for _, r := range rows {
		page := lab.RunRow(r.tool, lesson.Row{Input: r.input})
		ex := lab.MCP(page)
		var req struct {
			Method string
			Params struct {
				Name      string
				Arguments json.RawMessage
			}
		}
		if err := json.Unmarshal(ex.Request, &req); err != nil || req.Method != "tools/call" || req.Params.Name != r.tool {
			t.Fatalf("%s %s: request %s", r.tool, r.input, ex.Request)
		}
		sent := lab.ArgumentsFor(r.tool, r.input)
		if !sameJSON(t, req.Params.Arguments, sent) {
			t.Errorf("%s %s: the request carries %s, the client sends %s", r.tool, r.input, req.Params.Arguments, sent)
		}
		res, _ := callTool(t, inMemory(t, config{NewID: fixedID}), r.tool, sent)
		var resp struct{ Result json.RawMessage }
		if err := json.Unmarshal(ex.Response, &resp); err != nil {
			t.Fatalf("response %s: %v", ex.Response, err)
		}
		if got := stripSDK(t, res); !sameJSON(t, got, resp.Result) {
			t.Errorf("%s %s: the server answers\n%s\nthe page shows\n%s", r.tool, r.input, got, resp.Result)
		}
	}
}

// TestPageExchangeCannotSendBrokenJSON: a row that is not one JSON value has no exchange, and
// the SDK's client indeed refuses to send it.
func TestPageExchangeCannotSendBrokenJSON(t *testing.T) {
	lab := lesson.NewLab(lesson.LabConfig{})
	for _, in := range []string{`{'job_id': 17}`, `{"job_id": 17`, `{"job_id": 017}`} {
		ex := lab.MCP(lab.RunRow("get_job", lesson.Row{Input: in}))
		if ex.Request != nil || ex.Response != nil {
			t.Errorf("%s: an exchange %s", in, ex.Request)
		}
		cs := inMemory(t, config{})
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_job", Arguments: json.RawMessage(lab.ArgumentsFor("get_job", in))}); err == nil {
			t.Errorf("%s: the client sent it", in)
		}
	}
}

// stripSDK is the result less what the SDK adds for the negotiated protocol version.
func stripSDK(t *testing.T, res *mcp.CallToolResult) []byte {
	t.Helper()
	b, _ := json.Marshal(res)
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
	b, _ = json.Marshal(m)
	return b
}
