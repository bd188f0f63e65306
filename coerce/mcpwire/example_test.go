package mcpwire_test

import (
	"context"
	"os"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
	"coerceplayground/coerce/mcpwire"
)

// A model sends job_id as true. The client's tools/call request, and the server's answer: a
// tool result with isError, the observation twice (text for the model, structuredContent for
// code), and the budget's decision in _meta for the loop.
func Example() {
	d, _ := coerce.NewDispatcher(coerce.Config{}, coercetest.GetJob())
	raw := []byte(`{"job_id": true}`)

	req, _ := mcpwire.Request(1, "get_job", raw)
	o := d.Call(context.Background(), "get_job", raw)
	res := mcpwire.Response(1, mcpwire.Result(o, coerce.NewBudget().Observe(o)))

	os.Stdout.Write(append(req, '\n'))
	os.Stdout.Write(append(mcpwire.Indent(res), '\n'))
	// Output:
	// {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":true}}}
	// {
	//   "jsonrpc": "2.0",
	//   "id": 1,
	//   "result": {
	//     "_meta": {
	//       "coerce/code": "invalid_args",
	//       "coerce/field": "job_id",
	//       "coerce/decision": "retry",
	//       "coerce/reason": "invalid_args on job_id: the model may fix it once, following the hint"
	//     },
	//     "content": [
	//       {
	//         "type": "text",
	//         "text": "{\"error\":\"invalid_args\",\"field\":\"job_id\",\"hint\":\"job_id must be a number like 17, not true or false\",\"got\":true}"
	//       }
	//     ],
	//     "structuredContent": {
	//       "error": "invalid_args",
	//       "field": "job_id",
	//       "hint": "job_id must be a number like 17, not true or false",
	//       "got": true
	//     },
	//     "isError": true
	//   }
	// }
}
