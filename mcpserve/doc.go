// Package mcpserve mounts the tools of a [coerce.Dispatcher] on a Model Context Protocol server
// of the official Go SDK (github.com/modelcontextprotocol/go-sdk), so coerce sits between
// tools/call and each handler:
//
//   - tools/list shows each tool with the inputSchema generated from its Go declaration and its
//     error catalog in the description;
//   - tools/call hands the raw arguments to the dispatcher untouched. Tools are added with the
//     SDK's raw handler (Server.AddTool), which neither decodes nor validates the arguments, so
//     the SDK never answers a bad argument with a JSON-RPC error before coerce has seen it;
//   - every answer, ok or error, is a CallToolResult built by package mcpwire (the same bytes the
//     page shows): isError exactly for error codes, structuredContent the observation, one text
//     content with the observation's JSON, all within the tool's byte cap;
//   - each session has its own [coerce.Budget] and [coerce.Metrics]; the budget's verdict travels
//     in _meta ("coerce/decision": continue, retry, stop or handoff) for the client loop.
//
// [NewServer] makes the SDK server the tools are mounted on, negotiating [ProtocolVersions] only
// and answering two requests the SDK lets through as the specification says; [NewHTTPHandler]
// serves it over Streamable HTTP, refusing what the specification refuses where the SDK's
// handler does not, with its sessions capped and timed out, and ended by Shutdown.
//
// [StdioTransport] (an [IOTransport]) serves it over stdio in place of the SDK's transport: each
// line is framed by a [LineReader] and read by [ParseMessage], the reader the HTTP handler uses
// too, so a bad line is answered (-32700, -32600, -32601, -32602) and the next one read; ids
// come back byte for byte; and the requests read before the input ends are answered.
//
// Only a call of a tool that does not exist is a protocol error (the SDK's "unknown tool"): there
// is no tool whose result could carry it.
//
// This package links the SDK, encoding/json and reflection; it is for servers and never part of
// the WebAssembly page, which imports mcpwire only.
package mcpserve
