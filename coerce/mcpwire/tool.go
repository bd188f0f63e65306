package mcpwire

import (
	"coerceplayground/coerce"

	"github.com/go-json-experiment/json/jsontext"
)

// Description returns the tool description a client is shown in tools/list: the tool's own
// description, then its error catalog, one line per code it can give, so the model learns the
// codes before it meets one. The lines come from the tool's catalog ([coerce.Tool.Catalog]): one
// source for the catalog file, the page and the wire.
func Description(t coerce.Tool) string {
	s := t.Description
	if s != "" {
		s += "\n\n"
	}
	s += `Errors come back as a tool result with isError true and {"error": code, "field", "hint", ...}; follow the hint. Codes:`
	for _, e := range t.Catalog() {
		s += "\n- " + CatalogLine(e)
	}
	return s
}

// CatalogLine is one code's line in a tool description: what it means, who may retry, when to stop.
func CatalogLine(e coerce.Entry) string {
	return string(e.Code) + ": " + e.Meaning + "; retry: " + e.Retry + "; stop: " + e.Stop
}

// InputSchema returns the tool's inputSchema, compact: the JSON Schema generated from its Go
// declaration ([coerce.Schema.JSONSchema]), with the bounds and "additionalProperties": false.
func InputSchema(t coerce.Tool) []byte {
	v := jsontext.Value(t.Schema.JSONSchema())
	if err := v.Compact(); err != nil {
		return []byte(`{"type":"object"}`) // unreachable: JSONSchema writes valid JSON
	}
	return v
}

// Tool returns the tool's entry in a tools/list result: name, description and inputSchema.
func Tool(t coerce.Tool) []byte {
	b := []byte(`{"name":`)
	b = coerce.String(t.Name).AppendJSON(b)
	b = append(b, `,"description":`...)
	b = coerce.String(Description(t)).AppendJSON(b)
	b = append(b, `,"inputSchema":`...)
	b = append(b, InputSchema(t)...)
	return append(b, '}')
}
