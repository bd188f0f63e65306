package mcpserve_test

import (
	"context"
	"encoding/json"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
	fixtures "coerceplayground/internal/fixture"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fixture is one row of coerce/testdata/dispatch.tsv (its format is documented there).
type fixture struct {
	line                          int
	tool, args, code, field, hint string
	got, note                     string
}

func loadFixtures(t testing.TB) []fixture {
	t.Helper()
	rows, err := fixtures.Read("../coerce/testdata/dispatch.tsv", 7)
	if err != nil {
		t.Fatal(err)
	}
	var out []fixture
	for _, r := range rows {
		c := r.Cols
		args, err := fixtures.Text(c[1])
		if err != nil {
			t.Fatalf("dispatch.tsv:%d: %v", r.Line, err)
		}
		out = append(out, fixture{line: r.Line, tool: c[0], args: args, code: c[2], field: c[3], hint: c[4], got: c[5], note: c[6]})
	}
	return out
}

// calls counts handler runs per tool.
type calls = coercetest.Calls

// fixtureTools are the tools dispatch.tsv is written against, declared once by coercetest.
func fixtureTools(n calls) []coerce.Tool { return coercetest.Tools(n) }

// serve mounts tools on a new SDK server and returns it with the mount.
func serve(t testing.TB, opts mcpserve.Options, tools ...coerce.Tool) (*mcp.Server, *mcpserve.Server) {
	t.Helper()
	d, err := coerce.NewDispatcher(coerce.Config{NewID: func() string { return "cid" }}, tools...)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	return s, mcpserve.Mount(s, d, opts)
}

// connect opens an in-memory session with s: the SDK's own client, JSON on a pipe.
func connect(t testing.TB, s *mcp.Server) (*mcp.ClientSession, *mcp.ServerSession) {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, ss
}

// call sends raw as the arguments of one tools/call, byte for byte as the client's encoder
// writes a json.RawMessage.
func call(t testing.TB, cs *mcp.ClientSession, tool, raw string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(raw)})
	if err != nil {
		t.Fatalf("%s %.120q: a protocol error, want a tool result: %v", tool, raw, err)
	}
	return res
}

// text returns the result's one text content, failing on anything else.
func text(t testing.TB, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("%d content items, want 1", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content is %T, want text", res.Content[0])
	}
	return tc.Text
}
