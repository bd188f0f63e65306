// Package mcpproxy puts coerce in front of any MCP server, whatever its language: it is an MCP
// server to its clients (downstream) and an MCP client of the server it guards (the upstream),
// and every tools/call passes through the narrow map, the error catalog and the budget first.
//
// Vocabulary, beside coerce's (observation, code, hint, got, cap):
//
//   - The upstream is the guarded server: a command the proxy starts and speaks to over stdio,
//     or a Streamable HTTP URL. It is restarted, with a backoff, on the first call after it
//     exits; the proxy itself never exits because of it.
//   - A route is what the proxy does with one upstream tool: check it (its inputSchema read by
//     coerce/tooldef into a coerce.Tool, the one path from a schema to coerce) or pass it
//     through untouched (named in the policy, or declaring a keyword coerce cannot honour:
//     never half-validated).
//   - A refusal is a call the proxy answers itself, without the upstream: arguments the narrow
//     map rejects (invalid_args), a tool that does not exist (not_found, naming real ones), a
//     permission or record the policy declares (denied, not_found), or an identical call
//     repeated once the session's budget is spent (the breaker).
//   - next is the member an observation gets when it spends the session's budget: "stop" or
//     "handoff", what the loop does now, so it branches without reading the hint.
//
// Every answer is a CallToolResult. The proxy's own observations, and the upstream's errors
// (isError, a JSON-RPC error, a crash, no answer in time), are coerce observations, capped and
// redacted, as text and structuredContent, with the budget's verdict in _meta as mcpserve
// writes it. An upstream's ok result is passed on as it came.
//
// Each call writes one JSON line to the log (never the arguments), and is counted in
// Prometheus metrics by tool and code.
package mcpproxy
