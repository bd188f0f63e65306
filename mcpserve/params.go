package mcpserve

import (
	"encoding/json"
	"slices"
)

// paramShape is the type of one method's params, as far as the handler checks it: a value of
// another type would reach the SDK's decoder, whose error (-32602, or code 0 for initialize)
// quotes Go type names such as *mcp.CallToolParamsRaw.
type paramShape struct {
	value func() any // a pointer to decode into
	text  string     // the shape, for the error message
}

var (
	cursorShape = paramShape{func() any { return new(struct{ Cursor string }) }, `{"cursor": string}`}
	paramShapes = map[string]paramShape{
		"initialize": {func() any {
			return new(struct {
				ProtocolVersion string                     `json:"protocolVersion"`
				Capabilities    map[string]json.RawMessage `json:"capabilities"`
				ClientInfo      *struct {
					Name    string `json:"name"`
					Version string `json:"version"`
				} `json:"clientInfo"`
			})
		}, `{"protocolVersion": string, "capabilities": object, "clientInfo": {"name": string, "version": string}}`},
		// arguments may be any value: a tool's arguments reach coerce as sent, and coerce answers.
		"tools/call":       {func() any { return new(struct{ Name string }) }, `{"name": string, "arguments": object}`},
		"logging/setLevel": {func() any { return new(struct{ Level string }) }, `{"level": string}`},
		"tools/list":       cursorShape, "prompts/list": cursorShape, "resources/list": cursorShape,
		"resources/templates/list": cursorShape,
	}
	// paramsRequired are the methods the SDK refuses without params.
	paramsRequired = []string{"initialize", "tools/call", "logging/setLevel", "prompts/get", "resources/read",
		"resources/subscribe", "resources/unsubscribe", "completion/complete"}
)

// paramsProblem says what is wrong with the params of a request for method, or "": they must
// be an object (with an object for _meta), present where the method needs them, and of the
// method's shape.
func paramsProblem(method string, params json.RawMessage) string {
	shape, known := paramShapes[method]
	want := method + " takes params as an object"
	if known {
		want = method + " takes params " + shape.text
	}
	if len(params) == 0 || string(params) == "null" {
		if slices.Contains(paramsRequired, method) {
			return want
		}
		return ""
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(params, &members) != nil {
		return want
	}
	if meta, ok := members["_meta"]; ok && string(meta) != "null" && json.Unmarshal(meta, new(map[string]json.RawMessage)) != nil {
		return `"_meta" must be an object`
	}
	if known && json.Unmarshal(params, shape.value()) != nil {
		return want
	}
	return ""
}
