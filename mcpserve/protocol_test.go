package mcpserve_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestOneVersionList: initialize and the MCP-Protocol-Version header agree on ProtocolVersions.
// Each listed version is echoed by initialize and accepted in the header; any other is answered
// with the newest listed one at initialize (lifecycle, Version Negotiation: "Otherwise, the server
// MUST respond with another protocol version it supports. This SHOULD be the latest") and
// refused in the header with 400 and -32022 naming the same list.
func TestOneVersionList(t *testing.T) {
	s := newHTTPServer(t, mcpserve.HTTPOptions{})
	list := mcpserve.ProtocolVersions()
	if len(list) == 0 || !slices.IsSortedFunc(list, func(a, b string) int { return -compare(a, b) }) {
		t.Fatalf("ProtocolVersions %v: want a list, newest first", list)
	}
	negotiated := func(asked string) string {
		a := s.send(t, http.MethodPost, "", initialize(asked), nil)
		var res struct{ ProtocolVersion string }
		if a.msg == nil || json.Unmarshal(a.msg.Result, &res) != nil {
			t.Fatalf("initialize %s: %s", asked, a.raw)
		}
		return res.ProtocolVersion
	}
	sid := s.session(t, list[0])
	for _, v := range list {
		if got := negotiated(v); got != v {
			t.Errorf("initialize %s settles on %s, want it echoed", v, got)
		}
		if a := s.send(t, http.MethodPost, sid, `{"jsonrpc":"2.0","id":2,"method":"ping"}`, func(r *http.Request) { r.Header.Set("MCP-Protocol-Version", v) }); a.status != http.StatusOK {
			t.Errorf("header %s: %d %s", v, a.status, a.raw)
		}
	}
	for _, v := range []string{"2026-07-28", "2099-01-01", "1999-01-01", "", "latest"} {
		if got := negotiated(v); got != list[0] {
			t.Errorf("initialize %q settles on %s, want %s", v, got, list[0])
		}
		if v == "" {
			continue
		}
		a := s.send(t, http.MethodPost, sid, `{"jsonrpc":"2.0","id":2,"method":"ping"}`, func(r *http.Request) { r.Header.Set("MCP-Protocol-Version", v) })
		var data struct {
			Supported []string `json:"supported"`
			Requested string   `json:"requested"`
		}
		if a.status != http.StatusBadRequest || a.msg == nil || a.msg.Error == nil || a.msg.Error.Code != mcp.CodeUnsupportedProtocolVersion ||
			json.Unmarshal(a.msg.Error.Data, &data) != nil || !reflect.DeepEqual(data.Supported, list) || data.Requested != v {
			t.Errorf("header %s: %d %s, want 400, -32022 and supported %v", v, a.status, a.raw, list)
		}
	}
}

// compare orders version dates (they are ISO dates, so strings compare as dates).
func compare(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestProtocolFixesOnEveryTransport: the fixes NewServer makes hold without HTTP too, on the
// SDK's in-memory transport spoken message by message as a stdio client would: initialize at
// 2026-07-28 settles on the newest listed version, a log level not in the list is -32602 and a
// listed one is set, an unknown method is -32601, and a second initialize is -32600.
func TestProtocolFixesOnEveryTransport(t *testing.T) {
	ctx := context.Background()
	s := mcpserve.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserve.Mount(s, lesson.NewDispatcher(lesson.LabConfig{}), mcpserve.Options{})
	st, ct := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	conn, err := ct.Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	call := func(line string) *jsonrpc.Response {
		t.Helper()
		msg, err := jsonrpc.DecodeMessage([]byte(line))
		if err != nil {
			t.Fatal(err)
		}
		if err := conn.Write(ctx, msg); err != nil {
			t.Fatal(err)
		}
		if req, ok := msg.(*jsonrpc.Request); ok && !req.IsCall() {
			return nil
		}
		got, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		resp, ok := got.(*jsonrpc.Response)
		if !ok {
			t.Fatalf("%s: got %T", line, got)
		}
		return resp
	}
	var res struct{ ProtocolVersion string }
	if r := call(initialize("2026-07-28")); r.Error != nil || json.Unmarshal(r.Result, &res) != nil || res.ProtocolVersion != mcpserve.ProtocolVersions()[0] {
		t.Fatalf("initialize at 2026-07-28: %v %s", r.Error, r.Result)
	}
	call(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, level := range []string{"loud", "", "INFO", "warn"} {
		r := call(`{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":` + strconv.Quote(level) + `}}`)
		if rpcCode(r.Error) != jsonrpc.CodeInvalidParams {
			t.Errorf("level %q: %v, want -32602", level, r.Error)
		}
	}
	for _, level := range []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"} {
		if r := call(`{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"` + level + `"}}`); r.Error != nil {
			t.Errorf("level %q: %v", level, r.Error)
		}
	}
	if r := call(`{"jsonrpc":"2.0","id":4,"method":"foo/bar"}`); rpcCode(r.Error) != jsonrpc.CodeMethodNotFound {
		t.Errorf("foo/bar: %v, want -32601", r.Error)
	}
	if r := call(initialize("2025-11-25")); rpcCode(r.Error) != jsonrpc.CodeInvalidRequest {
		t.Errorf("a second initialize: %v, want -32600", r.Error)
	}
}

// rpcCode is the JSON-RPC code of err, or 0.
func rpcCode(err error) int64 {
	var e *jsonrpc.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}
