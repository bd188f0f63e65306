package mcpproxy

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce/calllog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestForwardAndRefuse(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, log := connect(t, Options{Upstream: up.dialer(t)})
	obs, res := callObs(t, cs, "get_job", `{"job_id":" 17 "}`)
	if res.IsError || obs["status"] != "failed" {
		t.Fatalf("a near miss: %+v %v", obs, res.IsError)
	}
	if got := up.args[0]; got != `{"job_id":17}` {
		t.Errorf("the upstream received %s, want the coerced {\"job_id\":17}", got)
	}
	for _, c := range []struct{ args, field, hint string }{
		{`{"job_id":true}`, "job_id", "not true or false"},
		{`{"job_id":17,"extra":1}`, "extra", "unknown argument"},
		{`{"job_id":"abc"}`, "job_id", "digits only"},
	} {
		obs, res := callObs(t, cs, "get_job", c.args)
		if !res.IsError || obs["error"] != "invalid_args" || obs["field"] != c.field || !strings.Contains(obs["hint"].(string), c.hint) {
			t.Errorf("%s: %v", c.args, obs)
		}
	}
	obs, res = callObs(t, cs, "get_jobs", `{}`)
	if !res.IsError || obs["error"] != "not_found" || !strings.Contains(obs["hint"].(string), "boom, fetch, get_job, rpc_error, slow") {
		t.Errorf("an unknown tool: %v", obs)
	}
	if n := up.calls.Load(); n != 1 {
		t.Errorf("the upstream got %d calls, want only the valid one", n)
	}
	if strings.Contains(log.String(), "true") || strings.Contains(log.String(), "abc") {
		t.Errorf("the log holds arguments:\n%s", log)
	}
	var calls []calllog.Line
	for _, text := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		if strings.Contains(text, `"event":`) {
			continue
		}
		l, err := calllog.Parse([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		calls = append(calls, l)
	}
	if len(calls) != 5 {
		t.Fatalf("%d call lines, want 5:\n%s", len(calls), log)
	}
	if c := calls[0]; !c.Forwarded || len(c.Rules) != 2 || c.Rules[0] != (calllog.Applied{Field: "job_id", Rule: "trim"}) || c.Rules[1].Rule != "digits" {
		t.Errorf("the forwarded near miss logs %+v", c)
	}
	if c := calls[1]; c.Forwarded || c.Code != "invalid_args" || c.Field != "job_id" {
		t.Errorf("the refused call logs %+v", c)
	}
}

func TestUpstreamErrors(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, log := connect(t, Options{Upstream: up.dialer(t), Timeout: 300 * time.Millisecond})
	obs, _ := callObs(t, cs, "boom", `{}`)
	hint, _ := obs["hint"].(string)
	if obs["error"] != "internal_error" || obs["correlation_id"] == nil || strings.Contains(hint, "hunter2") ||
		strings.Contains(hint, "/app/db.js") || !strings.Contains(hint, "db down") {
		t.Errorf("an upstream isError: %v", obs)
	}
	obs, _ = callObs(t, cs, "rpc_error", `{}`)
	if obs["error"] != "internal_error" || strings.Contains(obs["hint"].(string), "/srv/secret") {
		t.Errorf("a JSON-RPC error: %v", obs)
	}
	id, _ := obs["correlation_id"].(string)
	if id == "" || !strings.Contains(log.String(), id) || !strings.Contains(log.String(), "/srv/secret/path.go") {
		t.Errorf("the correlation id %q and the upstream's text are not in the log:\n%s", id, log)
	}
}

func TestTimeout(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, _ := connect(t, Options{Upstream: up.dialer(t), Timeout: 200 * time.Millisecond})
	obs, _ := callObs(t, cs, "slow", `{}`)
	if obs["error"] != "timeout" {
		t.Errorf("no answer in time: %v", obs)
	}
}

func TestBudgetAndBreaker(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, _ := connect(t, Options{Upstream: up.dialer(t)})
	obs, _ := callObs(t, cs, "get_job", `{"job_id":-1}`)
	if obs["next"] != nil {
		t.Fatalf("the first invalid_args spends nothing: %v", obs)
	}
	obs, res := callObs(t, cs, "get_job", `{"job_id":0}`)
	if obs["next"] != "handoff" || res.Meta["coerce/decision"] != "handoff" {
		t.Fatalf("the second invalid_args on job_id: %v %v", obs, res.Meta)
	}
	before := up.calls.Load()
	obs, res = callObs(t, cs, "get_job", `{"job_id":0}`)
	if text := res.Content[0].(*mcp.TextContent).Text; obs["error"] != "invalid_args" || strings.Count(text, `"next":"handoff"`) != 1 {
		t.Errorf("the repeat: %s", text)
	}
	// A call that is not a repeat still goes on; its identical repeat does not.
	callObs(t, cs, "boom", `{}`)
	if up.calls.Load() != before+1 {
		t.Fatalf("a new call after the budget is spent was not forwarded")
	}
	obs, _ = callObs(t, cs, "boom", `{}`)
	if up.calls.Load() != before+1 || obs["error"] != "internal_error" || obs["next"] != "handoff" {
		t.Errorf("an identical failing call after the budget is spent: %v, upstream calls %d", obs, up.calls.Load()-before)
	}
}

// TestOutputSchemaWidened: an error observation validates against the listed outputSchema.
func TestOutputSchemaWidened(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, _ := connect(t, Options{Upstream: up.dialer(t)})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if tool.Name != "get_job" {
			continue
		}
		b, _ := json.Marshal(tool.OutputSchema)
		if !strings.Contains(string(b), `"anyOf"`) || !strings.Contains(string(b), `"required":["error"]`) {
			t.Errorf("outputSchema %s", b)
		}
		if !strings.Contains(tool.Description, "invalid_args") {
			t.Errorf("description %q lacks the catalog", tool.Description)
		}
	}
}

// TestPassedThrough: a tool whose schema uses a keyword coerce cannot honour, and a tool the
// policy names, are forwarded untouched, and -report's routes say why.
func TestPassedThrough(t *testing.T) {
	up := &fakeUpstream{}
	cs, p, log := connect(t, Options{Upstream: up.dialer(t), Policy: Policy{PassThrough: []string{"get_job"}}})
	callObs(t, cs, "get_job", `{"job_id":true}`)
	if up.args[0] != `{"job_id":true}` {
		t.Errorf("a pass-through tool's arguments were changed: %s", up.args[0])
	}
	var reasons []string
	for _, r := range p.Routes() {
		reasons = append(reasons, r.Tool+" "+r.Route+" "+r.Keyword+" "+r.Reason)
	}
	got := strings.Join(reasons, "\n")
	if !strings.Contains(got, "get_job passed  named in the policy's passThrough") || !strings.Contains(got, "fetch passed format at /inputSchema/properties/url/format") {
		t.Errorf("routes:\n%s", got)
	}
	if !strings.Contains(log.String(), `"route":"pass"`) {
		t.Errorf("log:\n%s", log)
	}
}

// TestUpstreamThatNeverStarts: a command that does not exist is internal_error on every call,
// and the proxy goes on answering.
func TestUpstreamThatNeverStarts(t *testing.T) {
	log := &syncBuffer{}
	p := New(Options{Upstream: Command("/nonexistent/upstream", nil, io.Discard), Log: log, Timeout: time.Second})
	t.Cleanup(p.Close)
	if err := p.Start(context.Background()); err == nil {
		t.Fatal("Start succeeded")
	}
	ct, st := mcp.NewInMemoryTransports()
	if _, err := p.Server().Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	for range 2 {
		obs, _ := callObs(t, cs, "anything", `{}`)
		if obs["error"] != "internal_error" || obs["correlation_id"] == nil {
			t.Errorf("%v", obs)
		}
	}
	if !strings.Contains(log.String(), `"upstream_start_failed"`) {
		t.Errorf("log:\n%s", log)
	}
}

// TestPolicy: the policy's x-coerce answers denied and not_found without the upstream, and the
// caller's grant lets a recorded id through.
func TestPolicy(t *testing.T) {
	policy, err := ReadPolicy([]byte(`{"tools":{"get_job":{"records":{"job_id":[17,42]},"permission":"jobs.read"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	up := &fakeUpstream{}
	cs, _, _ := connect(t, Options{Upstream: up.dialer(t), Policy: policy})
	obs, _ := callObs(t, cs, "get_job", `{"job_id":17}`)
	if obs["error"] != "denied" || obs["required_permission"] != "jobs.read" {
		t.Errorf("without the grant: %v", obs)
	}
	up2 := &fakeUpstream{}
	cs, _, _ = connect(t, Options{Upstream: up2.dialer(t), Policy: policy, Permissions: []string{"jobs.read"}})
	obs, _ = callObs(t, cs, "get_job", `{"job_id":99}`)
	if obs["error"] != "not_found" || !strings.Contains(obs["hint"].(string), "17 and 42") {
		t.Errorf("an id not among the records: %v", obs)
	}
	if obs, res := callObs(t, cs, "get_job", `{"job_id":"42"}`); res.IsError {
		t.Errorf("a recorded id: %v", obs)
	}
	if up.calls.Load() != 0 || up2.calls.Load() != 1 || up2.args[0] != `{"job_id":42}` {
		t.Errorf("upstream calls %d and %v, want none and only {\"job_id\":42}", up.calls.Load(), up2.args)
	}
}

// TestUpstreamLostMidCall: the upstream's connection ends while a call waits on it; the call is
// internal_error (not a timeout), and the next call reconnects.
func TestUpstreamLostMidCall(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, log := connect(t, Options{Upstream: up.dialer(t), Timeout: 20 * time.Second})
	answered := make(chan map[string]any, 1)
	go func() {
		obs, _ := callObs(t, cs, "slow", `{}`)
		answered <- obs
	}()
	waitForT(t, "the slow call to reach the upstream", func() bool { return up.calls.Load() == 1 })
	_, ss := up.last()
	ss.Close()
	obs := <-answered
	if obs["error"] != "internal_error" || obs["correlation_id"] == nil {
		t.Fatalf("the call in flight: %v", obs)
	}
	if _, res := callObs(t, cs, "get_job", `{"job_id":17}`); res.IsError {
		t.Fatalf("after the loss: %v", res.Content)
	}
	if n := strings.Count(log.String(), `"upstream_started"`); n != 2 {
		t.Errorf("%d starts, want 2:\n%s", n, log)
	}
	// The loss is logged as the upstream's exit, in the proxy's words, not the SDK's.
	waitForT(t, "upstream_exited in the log", func() bool { return strings.Contains(log.String(), `"event":"upstream_exited"`) })
	for _, goText := range []string{"calling \"", "EOF", "invalid character"} {
		if strings.Contains(log.String(), goText) {
			t.Errorf("the log holds Go text %q:\n%s", goText, log)
		}
	}
}

// TestToolListChanged: a tool the upstream adds while connected is listed and checked.
func TestToolListChanged(t *testing.T) {
	up := &fakeUpstream{}
	cs, _, _ := connect(t, Options{Upstream: up.dialer(t)})
	srv, _ := up.last()
	srv.AddTool(&mcp.Tool{Name: "get_user", InputSchema: json.RawMessage(`{"type":"object","properties":{"user_id":{"type":"string","pattern":"^usr_[a-z0-9]{4}$"}},"required":["user_id"]}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "found"}}}, nil
		})
	waitForT(t, "get_user to be listed", func() bool {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			return false
		}
		for _, tool := range res.Tools {
			if tool.Name == "get_user" {
				return true
			}
		}
		return false
	})
	if obs, _ := callObs(t, cs, "get_user", `{"user_id":"USR_1"}`); obs["error"] != "invalid_args" {
		t.Errorf("the new tool is not checked: %v", obs)
	}
}

// TestPolicyThatCannotApply: a policy entry that reads but does not fit its tool (records of a
// field the tool lacks; a permission on a tool coerce would pass through) refuses that tool's
// calls rather than forwarding them unchecked, and a name no upstream tool has is a warning.
func TestPolicyThatCannotApply(t *testing.T) {
	policy, err := ReadPolicy([]byte(`{"tools":{"get_job":{"records":{"nope":[1]}},"fetch":{"permission":"web"},"serch_typo":{}},"passThrough":["not_a_tool"]}`))
	if err != nil {
		t.Fatal(err)
	}
	up := &fakeUpstream{}
	cs, p, log := connect(t, Options{Upstream: up.dialer(t), Policy: policy})
	for _, c := range []struct{ tool, args string }{{"get_job", `{"job_id":17}`}, {"fetch", `{"url":"http://x"}`}} {
		obs, res := callObs(t, cs, c.tool, c.args)
		if !res.IsError || obs["error"] != "internal_error" || !strings.Contains(obs["hint"].(string), "policy") {
			t.Errorf("%s: %v", c.tool, obs)
		}
	}
	if n := up.calls.Load(); n != 0 {
		t.Errorf("the upstream got %d calls, want none", n)
	}
	errs := p.PolicyErrors()
	if len(errs) != 2 || !strings.Contains(errs[0], `tools."fetch"`) || !strings.Contains(errs[1], `tools."get_job"`) || !strings.Contains(errs[1], `"nope"`) {
		t.Errorf("PolicyErrors: %q", errs)
	}
	var unmatched []string
	for _, r := range p.Routes() {
		if r.Route == "unmatched" {
			unmatched = append(unmatched, r.Tool)
		}
	}
	if strings.Join(unmatched, ",") != "not_a_tool,serch_typo" {
		t.Errorf("unmatched routes %v", unmatched)
	}
	for _, want := range []string{`"event":"policy_unmatched","tool":"serch_typo"`, `"event":"policy_error","tool":"get_job"`} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log has no %s:\n%s", want, log)
		}
	}
	if strings.Contains(log.String(), "line 1") {
		t.Errorf("the log names a line of a text nobody wrote:\n%s", log)
	}
}

// TestToolsPastTheCap: an upstream listing more than maxTools tools has the rest left out, and
// says so in the log (tools_truncated, with how many) and in Routes (-report).
func TestToolsPastTheCap(t *testing.T) {
	for _, c := range []struct {
		pageSize int
		want     string
	}{
		{maxTools + 500, "5 tools past the first 1000 were left out"},
		{maxTools, "its pages past the first 1000 tools were not read"},
	} {
		dial := func() mcp.Transport {
			client, server := mcp.NewInMemoryTransports()
			s := mcp.NewServer(&mcp.Implementation{Name: "many", Version: "v0"}, &mcp.ServerOptions{PageSize: c.pageSize})
			for i := range maxTools + 5 {
				s.AddTool(&mcp.Tool{Name: fmt.Sprintf("t%04d", i), InputSchema: json.RawMessage(`{"type":"object"}`)},
					func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
						return &mcp.CallToolResult{}, nil
					})
			}
			if _, err := s.Connect(context.Background(), server, nil); err != nil {
				t.Error(err)
			}
			return client
		}
		_, p, log := connect(t, Options{Upstream: dial})
		routes := p.Routes()
		last := routes[len(routes)-1]
		if len(routes) != maxTools+1 || last.Route != "truncated" || !strings.Contains(last.Reason, c.want) {
			t.Errorf("page size %d: %d routes, the last %+v", c.pageSize, len(routes), last)
		}
		if !strings.Contains(log.String(), `"event":"tools_truncated","text":"`) || !strings.Contains(log.String(), c.want) {
			t.Errorf("page size %d: the log has no tools_truncated event:\n%.2000s", c.pageSize, log)
		}
	}
}
