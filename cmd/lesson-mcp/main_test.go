package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"
	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func fixedID() string { return "cid" }

// inMemory connects the SDK's client to the command's server over an in-memory pipe.
func inMemory(t *testing.T, cfg config) *mcp.ClientSession {
	t.Helper()
	s, _ := newServer(cfg)
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// overHTTP connects the SDK's client to the command's Streamable HTTP handler.
func overHTTP(t *testing.T, url string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).
		Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url + "/mcp", DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callTool(t *testing.T, cs *mcp.ClientSession, tool string, args []byte) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: protocol error, want a tool result: %v", tool, args, err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("%s %s: %d content items", tool, args, len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T", res.Content[0])
	}
	return res, tc.Text
}

// classroom runs the classroom six on cs: each row's code, isError and observation are what the
// page shows for it (the lesson's Lab), and within get_job's cap.
func classroom(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	lab := lesson.NewLab(lesson.LabConfig{NewID: fixedID})
	rows := lesson.Classroom().Rows
	if len(rows) != 6 {
		t.Fatalf("the classroom has %d rows, want 6", len(rows))
	}
	for _, r := range rows {
		res, obs := callTool(t, cs, "get_job", lesson.Arguments(r.Input, "job_id"))
		page := lab.RunRow("get_job", r)
		if res.Meta[mcpwire.MetaCode] != string(r.Want) || res.IsError != (r.Want != "ok") {
			t.Errorf("%s: _meta code %v, isError %v, want %s", r.Input, res.Meta[mcpwire.MetaCode], res.IsError, r.Want)
		}
		if obs != page.Observation || len(obs) > coerce.DefaultCap {
			t.Errorf("%s: over MCP %s\non the page %s", r.Input, obs, page.Observation)
		}
		if sc, _ := json.Marshal(res.StructuredContent); !sameJSON(t, sc, []byte(obs)) {
			t.Errorf("%s: structuredContent %s", r.Input, sc)
		}
	}
}

func TestClassroomInMemory(t *testing.T) { classroom(t, inMemory(t, config{NewID: fixedID})) }

func TestClassroomOverStreamableHTTP(t *testing.T) {
	s, _ := newServer(config{NewID: fixedID})
	ts := httptest.NewServer(newHTTPHandler(s, mcpserve.HTTPOptions{}))
	defer ts.Close()
	classroom(t, overHTTP(t, ts.URL))
}

// TestHTTPSessionsKeepTheirOwnBudget: over HTTP a session is the Mcp-Session-Id, and the budget
// follows it across requests: a second invalid job_id in one session hands off, while another
// session's first is still a retry.
func TestHTTPSessionsKeepTheirOwnBudget(t *testing.T) {
	s, _ := newServer(config{})
	ts := httptest.NewServer(newHTTPHandler(s, mcpserve.HTTPOptions{}))
	defer ts.Close()
	a, b := overHTTP(t, ts.URL), overHTTP(t, ts.URL)
	bad := []byte(`{"job_id":"abc"}`)
	for i, want := range []coerce.Decision{coerce.Retry, coerce.Handoff} {
		if res, _ := callTool(t, a, "get_job", bad); res.Meta[mcpwire.MetaDecision] != string(want) {
			t.Errorf("session A call %d: decision %v, want %s", i+1, res.Meta[mcpwire.MetaDecision], want)
		}
	}
	if res, _ := callTool(t, b, "get_job", bad); res.Meta[mcpwire.MetaDecision] != string(coerce.Retry) {
		t.Errorf("session B's first invalid_args: decision %v, want retry", res.Meta[mcpwire.MetaDecision])
	}
}

// TestToolsAreTheLessons: tools/list shows the lesson's tools with the schemas committed beside
// them in lesson/.
func TestToolsAreTheLessons(t *testing.T) {
	res, err := inMemory(t, config{}).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		got, _ := json.Marshal(tool.InputSchema)
		if !sameJSON(t, got, lesson.SchemaJSONFor(tool.Name)) {
			t.Errorf("%s: inputSchema %s\nwant lesson/%s.schema.json", tool.Name, got, tool.Name)
		}
	}
	// The SDK lists tools by name, the lesson in its own order: compare them as sets.
	if !reflect.DeepEqual(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(lesson.ToolNames()))) {
		t.Errorf("tools %v, want the lesson's %v", names, lesson.ToolNames())
	}
}

// TestRefundPermission: refund is denied (stop) unless -grant gives refunds.write.
func TestRefundPermission(t *testing.T) {
	args := []byte(`{"job_id":17,"amount_cents":"500","dry_run":true}`)
	res, obs := callTool(t, inMemory(t, config{}), "refund", args)
	if res.Meta[mcpwire.MetaCode] != "denied" || res.Meta[mcpwire.MetaDecision] != string(coerce.Stop) || !strings.Contains(obs, lesson.RefundPermission) {
		t.Errorf("without the permission: %v %s", res.Meta, obs)
	}
	res, obs = callTool(t, inMemory(t, config{Permissions: splitList(" refunds.write ,")}), "refund", args)
	if res.IsError || !strings.Contains(obs, `"status":"would_refund"`) {
		t.Errorf("with -grant refunds.write: %s", obs)
	}
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		t.Fatalf("not JSON: %s / %s", a, b)
	}
	return reflect.DeepEqual(x, y)
}
