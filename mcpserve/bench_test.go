package mcpserve_test

import (
	"context"
	"encoding/json"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkCall measures what the MCP layer costs per tools/call, side by side with the
// dispatcher alone on the same arguments: an ok call and an invalid_args one.
func BenchmarkCall(b *testing.B) {
	tools := fixtureTools(calls{})
	d, err := coerce.NewDispatcher(coerce.Config{}, tools...)
	if err != nil {
		b.Fatal(err)
	}
	s, _ := serve(b, mcpserve.Options{}, tools...)
	cs, _ := connect(b, s)
	ctx := context.Background()
	for _, args := range []struct{ name, raw string }{{"ok", `{"job_id":"17"}`}, {"invalid_args", `{"job_id":"abc"}`}} {
		b.Run("dispatcher/"+args.name, func(b *testing.B) {
			raw := []byte(args.raw)
			for b.Loop() {
				d.Call(ctx, "get_job", raw)
			}
		})
		b.Run("mcp-in-memory/"+args.name, func(b *testing.B) {
			p := &mcp.CallToolParams{Name: "get_job", Arguments: json.RawMessage(args.raw)}
			for b.Loop() {
				if _, err := cs.CallTool(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
