package mcpserve_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestSDKAloneSlips: what the pinned SDK answers without this package's server and handler
// (its StreamableHTTPHandler behind Go's CrossOriginProtection, as its documentation suggests),
// for each slip HTTPHandler and NewServer fix. When an SDK upgrade makes a case fail here, the
// SDK answers it itself now, and the fix can go.
func TestSDKAloneSlips(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserve.Mount(s, lesson.NewDispatcher(lesson.LabConfig{}), mcpserve.Options{})
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil)
	ts := httptest.NewServer(http.NewCrossOriginProtection().Handler(sdk))
	defer ts.Close()
	bare := &httpServer{Server: ts}
	sid := bare.session(t, "2025-11-25")
	header := func(name, value string) func(*http.Request) {
		return func(r *http.Request) { r.Header.Set(name, value) }
	}
	for _, c := range []struct {
		name, method, sid, body string
		set                     func(*http.Request)
		slipped                 func(answer) bool
	}{
		{"another site's Origin on a GET opens the stream", "GET", sid, "", header("Origin", "http://evil.example.com"),
			func(a answer) bool { return a.status == http.StatusOK }},
		{"no session: 200 and code 0", "POST", "", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, nil,
			func(a answer) bool {
				return a.status == http.StatusOK && a.msg != nil && a.msg.Error != nil && a.msg.Error.Code == 0
			}},
		{"a second initialize: code 0", "POST", sid, initialize("2025-11-25"), nil,
			func(a answer) bool { return a.msg != nil && a.msg.Error != nil && a.msg.Error.Code == 0 }},
		{"an unknown method: plain-text 400", "POST", sid, `{"jsonrpc":"2.0","id":3,"method":"foo/bar"}`, nil,
			func(a answer) bool { return a.status == http.StatusBadRequest && a.msg == nil }},
		{"a level not of the eight is set", "POST", sid, `{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"loud"}}`, nil,
			func(a answer) bool { return a.msg != nil && a.msg.Error == nil }},
		{"the header check lists 2026-07-28 as supported", "POST", sid, `{"jsonrpc":"2.0","id":5,"method":"ping"}`, header("MCP-Protocol-Version", "1999-01-01"),
			func(a answer) bool { return a.status == http.StatusBadRequest && strings.Contains(a.raw, "2026-07-28") }},
		{"a GET for JSON only: 400, not 406", "GET", sid, "", header("Accept", "application/json"),
			func(a answer) bool { return a.status == http.StatusBadRequest }},
		{"params of the wrong type: Go type names", "POST", sid, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":5}}`, nil,
			func(a answer) bool {
				return a.msg != nil && a.msg.Error != nil && goText.MatchString(a.msg.Error.Message)
			}},
	} {
		if a := bare.send(t, c.method, c.sid, c.body, c.set); !c.slipped(a) {
			t.Errorf("%s: no longer so (%d %s): the SDK may answer it itself now", c.name, a.status, a.raw)
		}
	}
}
