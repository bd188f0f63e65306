package mcpproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeUpstream is an MCP server written in Go for the tests that need no Node: it counts the
// calls that reach it, so a test can say a refused call never did.
type fakeUpstream struct {
	calls atomic.Int64
	mu    sync.Mutex
	args  []string // the arguments each call received, as JSON
	srv   *mcp.Server
	ss    *mcp.ServerSession // the connection of the last dial
}

// last returns the server and session of the last dial.
func (f *fakeUpstream) last() (*mcp.Server, *mcp.ServerSession) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.srv, f.ss
}

func (f *fakeUpstream) server() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "v0"}, nil)
	record := func(req *mcp.CallToolRequest) {
		f.calls.Add(1)
		f.mu.Lock()
		f.args = append(f.args, string(req.Params.Arguments))
		f.mu.Unlock()
	}
	s.AddTool(&mcp.Tool{Name: "get_job", Description: "Look up a job.", InputSchema: json.RawMessage(
		`{"type":"object","properties":{"job_id":{"type":"integer","minimum":1,"examples":[17]}},"required":["job_id"],"additionalProperties":false}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"status":{"type":"string"}},"required":["status"]}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(req)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"status":"failed"}`}},
				StructuredContent: json.RawMessage(`{"status":"failed"}`)}, nil
		})
	s.AddTool(&mcp.Tool{Name: "fetch", InputSchema: json.RawMessage(`{"type":"object","properties":{"url":{"type":"string","format":"uri"}}}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(req)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fetched"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "boom", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(req)
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
				Text: "Error: db down (password=hunter2)\n    at query (/app/db.js:3:9)\n    at main (/app/index.js:1:1)"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "slow", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(req)
			<-ctx.Done()
			return nil, ctx.Err()
		})
	s.AddTool(&mcp.Tool{Name: "rpc_error", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			record(req)
			return nil, &jsonrpcError{}
		})
	return s
}

// jsonrpcError is what a handler returns for the SDK to answer a JSON-RPC error.
type jsonrpcError struct{}

func (*jsonrpcError) Error() string { return "internal trace at /srv/secret/path.go:12" }

// inMemory dials a new in-process connection to a server made by f each time.
func (f *fakeUpstream) dialer(t *testing.T) Dialer {
	return func() mcp.Transport {
		client, server := mcp.NewInMemoryTransports()
		srv := f.server()
		ss, err := srv.Connect(context.Background(), server, nil)
		if err != nil {
			t.Errorf("fake upstream: %v", err)
		}
		f.mu.Lock()
		f.srv, f.ss = srv, ss
		f.mu.Unlock()
		return client
	}
}

// connect starts a proxy in front of f and returns a Go SDK client session on it, and the log.
func connect(t *testing.T, opts Options) (*mcp.ClientSession, *Proxy, *syncBuffer) {
	t.Helper()
	log := &syncBuffer{}
	opts.Log = log
	p := New(opts)
	t.Cleanup(p.Close)
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	if _, err := p.Server().Connect(context.Background(), st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, p, log
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// callObs calls tool with the raw arguments and returns the observation's members.
func callObs(t *testing.T, cs *mcp.ClientSession, tool, args string) (map[string]any, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", tool, args, err)
	}
	var obs map[string]any
	if len(res.Content) == 1 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			_ = json.Unmarshal([]byte(tc.Text), &obs)
		}
	}
	return obs, res
}
