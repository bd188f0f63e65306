package mcpserve_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCancelByTheIDAsWritten: a notifications/cancelled names the request by the id the client
// wrote (1.5 here, which the SDK knows by a number of the transport's own), and the handler's
// context ends.
func TestCancelByTheIDAsWritten(t *testing.T) {
	s := mcpserve.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	started, cancelled := make(chan struct{}), make(chan struct{})
	s.AddTool(&mcp.Tool{Name: "wait", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return &mcp.CallToolResult{}, nil
	})
	c := rawSession(t, s)
	c.send(t, initLine)
	c.recv(t)
	c.send(t, initializedLine)
	c.send(t, `{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"wait"}}`)
	<-started
	c.send(t, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1.5,"reason":"test"}}`)
	<-cancelled // the test times out if the cancellation never reaches the handler
	if got := string(c.recv(t)); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":1.5,`) {
		t.Errorf("the cancelled call's answer: %s", got)
	}
	c.close(t)
}

// TestInputEndsWhileTheServerAsks: a handler that asks the client something (roots/list) when
// the client has closed its input gets an error at once instead of waiting forever, so the
// tools/call read before the end is still answered and the session ends.
func TestInputEndsWhileTheServerAsks(t *testing.T) {
	s := mcpserve.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	s.AddTool(&mcp.Tool{Name: "ask", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		//lint:ignore SA1019 any request to the client does; roots/list is the one every version up to 2025-11-25 has
		_, err := req.Session.ListRoots(ctx, nil)
		text := "no error"
		if err != nil {
			text = "the client did not answer"
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
	})
	c := rawSession(t, s)
	c.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"t","version":"0"}}}`)
	c.recv(t)
	c.send(t, initializedLine)
	c.send(t, `{"jsonrpc":"2.0","id":"q","method":"tools/call","params":{"name":"ask"}}`)
	if ask := string(c.recv(t)); !strings.Contains(ask, `"method":"roots/list"`) {
		t.Fatalf("want the server's roots/list, got %s", ask)
	}
	c.in.Close() // the client goes away without answering
	if got := string(c.recv(t)); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":"q","result":`) || !strings.Contains(got, "the client did not answer") {
		t.Errorf("the call: %s", got)
	}
	if err := <-c.done; err != nil {
		t.Errorf("the session ended with %v", err)
	}
}

// TestDrainIsBounded: a handler that never returns on its own cannot keep a session whose input
// has ended alive: after the transport's DrainTimeout the session ends and the handler's
// context is cancelled.
func TestDrainIsBounded(t *testing.T) {
	s := mcpserve.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	started, cancelled := make(chan struct{}), make(chan struct{})
	s.AddTool(&mcp.Tool{Name: "hang", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, _ *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return &mcp.CallToolResult{}, nil
	})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go io.Copy(io.Discard, outR)
	ss, err := s.Connect(context.Background(), &mcpserve.IOTransport{Reader: inR, Writer: outW, DrainTimeout: 50 * time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{initLine, initializedLine, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hang"}}`} {
		io.WriteString(inW, line+"\n")
	}
	<-started
	inW.Close()
	ss.Wait() // the test times out if the drain waits for the handler forever
	<-cancelled
}

// TestCancelOverHTTPByTheIDAsWritten: over HTTP too a cancellation names the request by the id
// it was sent with. Two calls wait, one sent with id 1 and one with 1.5 (which the SDK knows by
// a stand-in, and would read as 1): cancelling 1.5 ends that call only, and cancelling 1 the
// other.
func TestCancelOverHTTPByTheIDAsWritten(t *testing.T) {
	started := map[string]chan struct{}{"one": make(chan struct{}), "one-and-a-half": make(chan struct{})}
	cancelled := map[string]chan struct{}{"one": make(chan struct{}), "one-and-a-half": make(chan struct{})}
	s := newHTTPServer(t, mcpserve.HTTPOptions{}, func(srv *mcp.Server) {
		srv.AddTool(&mcp.Tool{Name: "wait", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var args struct{ Name string }
			json.Unmarshal(req.Params.Arguments, &args)
			close(started[args.Name])
			<-ctx.Done()
			close(cancelled[args.Name])
			return &mcp.CallToolResult{}, nil
		})
	})
	sid := s.session(t, "2025-11-25")
	one := s.sendAsync(t, sid, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{"name":"one"}}}`)
	half := s.sendAsync(t, sid, `{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"wait","arguments":{"name":"one-and-a-half"}}}`)
	<-started["one"]
	<-started["one-and-a-half"]
	cancel := func(id string) {
		if a := s.send(t, http.MethodPost, sid, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":`+id+`}}`, nil); a.status != http.StatusAccepted {
			t.Fatalf("cancel %s: %d %s", id, a.status, a.raw)
		}
	}
	cancel("1.5")
	<-cancelled["one-and-a-half"] // the test times out if the cancellation missed it
	select {
	case <-cancelled["one"]:
		t.Fatal("cancelling 1.5 cancelled the call sent with id 1")
	default:
	}
	cancel("1")
	<-cancelled["one"]
	<-one
	<-half
}
