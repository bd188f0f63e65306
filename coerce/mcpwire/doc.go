// Package mcpwire writes what a coerce tool looks like on the Model Context Protocol wire: the
// tools/list entry a client is shown, the tools/call request a client sends, and the
// CallToolResult the server answers with. It is plain byte building on jsontext, without the MCP
// SDK, fmt or encoding/json, so the page (a WebAssembly build) can show the exact exchange, and the
// SDK server (package mcpserve) builds its answers from the same functions: the page and the
// server cannot drift.
//
// The answer to "JSON-RPC error or tool result?" that this package encodes: a bad argument is a
// tool result. The model reads tool results, not protocol errors, so every observation, ok or
// error, is a CallToolResult; isError is true exactly when the observation carries an error code;
// structuredContent is the observation and the one text content holds its JSON, so a client that
// shows the model only the text still gives it the code, field and hint. What the runtime does
// next (the [coerce.Budget]'s verdict) travels in _meta under the "coerce/" prefix, for the client
// loop to branch on without parsing the observation; the model never has to decide it.
package mcpwire
