package mcpserve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Mount the lesson's tools on an SDK server, connect the SDK's client in memory, and send
// job_id as true: the answer is a tool result the model can read, with the loop's next step in
// _meta, not a JSON-RPC error.
func ExampleMount() {
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "jobs", Version: "v1"}, nil)
	mcpserve.Mount(server, lesson.NewDispatcher(lesson.LabConfig{}), mcpserve.Options{})

	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	if _, err := server.Connect(ctx, serverEnd, nil); err != nil {
		log.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "loop", Version: "v1"}, nil)
	session, err := client.Connect(ctx, clientEnd, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer session.Close()

	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "get_job", Arguments: json.RawMessage(`{"job_id": true}`)})
	if err != nil {
		log.Fatal(err) // a protocol error: only for a tool that does not exist
	}
	fmt.Println("isError:", res.IsError)
	fmt.Println("decision:", res.Meta["coerce/decision"])
	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// isError: true
	// decision: retry
	// {"error":"invalid_args","field":"job_id","hint":"job_id must be a number like 17, not true or false","got":true}
}
