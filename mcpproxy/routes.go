package mcpproxy

import (
	"encoding/json"
	"errors"
	"sort"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"
	"coerceplayground/coerce/tooldef"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// route is what the proxy does with one upstream tool.
type route struct {
	// listed is the tool as the proxy lists it: the upstream's, with the rules' description
	// and a widened outputSchema.
	listed *mcp.Tool
	// check runs a checked tool's calls through coerce: its one tool is the definition read by
	// tooldef, whose handler answers the coerced arguments. nil for a pass-through tool.
	check *coerce.Dispatcher
	// passed says why a tool is passed through untouched ("" for a checked tool), and keyword
	// names the JSON Schema keyword coerce cannot honour when that is why.
	passed, keyword string
	// policyErr says why the policy's entry for the tool cannot be applied to it: every call
	// of the tool is then refused, never forwarded without the check the operator asked for.
	policyErr string
}

// argsCap is the cap of the checking dispatcher's tool: its ok observation carries the coerced
// arguments, which must never be cut (they are at most the input's size, escaped).
const argsCap = 8*coerce.DefaultMaxInputBytes + 64

// newRoute reads t, with the policy's x-coerce for it, through tooldef: the one path from an
// inputSchema to a coerce.Tool. A tool the policy passes through, or whose definition tooldef
// cannot read (a keyword coerce cannot honour), is passed through untouched, never
// half-validated. A tool the policy has an entry for is never passed through that way: when
// the entry cannot be applied, its calls are refused (policyErr).
func newRoute(t *mcp.Tool, p Policy, granted func(string) bool) route {
	r := route{listed: listed(t)}
	if p.passes(t.Name) {
		r.passed = "named in the policy's passThrough"
		return r
	}
	x := p.Tools[t.Name]
	def, err := readDef(t, x)
	var te *tooldef.Error
	switch {
	case err != nil && x != nil:
		r.policyErr = "the policy's tools." + quoteName(t.Name) + " cannot be applied to the upstream's tool: " + defProblem(err)
		return r
	case errors.As(err, &te) && te.Keyword != "":
		r.passed, r.keyword = defProblem(err), te.Keyword
		return r
	case err != nil:
		// Not a keyword: the definition is wrong. Still passed through, never half-checked,
		// and said as such.
		r.passed = "its definition cannot be read: " + defProblem(err)
		return r
	}
	ct := def.Tool(granted)
	ct.Cap = argsCap
	d, err := coerce.NewDispatcher(coerce.Config{}, ct)
	if err != nil {
		r.passed = "coerce cannot check its declaration: " + err.Error()
		return r
	}
	r.check = d
	shown := ct
	shown.Cap = 0
	r.listed.Description = mcpwire.Description(shown)
	return r
}

// defProblem says why tooldef refused a definition, by its JSON Pointer: the line number of
// tooldef's message is of a text the proxy wrote, not one the user can open.
func defProblem(err error) string {
	var te *tooldef.Error
	switch {
	case !errors.As(err, &te):
		return "the definition cannot be encoded"
	case te.Pointer == "":
		return te.Msg
	}
	return "at " + te.Pointer + ": " + te.Msg
}

// readDef reads the upstream's definition of t, with x (the policy's x-coerce, or nil), as
// tooldef reads a tools/list entry.
func readDef(t *mcp.Tool, x json.RawMessage) (tooldef.Def, error) {
	text, err := json.Marshal(struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		InputSchema any             `json:"inputSchema"`
		XCoerce     json.RawMessage `json:"x-coerce,omitempty"`
	}{t.Name, t.Description, t.InputSchema, x})
	if err != nil {
		return tooldef.Def{}, err
	}
	list, err := tooldef.Read(text)
	if err != nil {
		return tooldef.Def{}, err
	}
	return list.Pick(t.Name)
}

// listed copies t for the proxy's own tools/list, its outputSchema widened.
func listed(t *mcp.Tool) *mcp.Tool {
	c := *t
	c.OutputSchema = widen(t.OutputSchema)
	return &c
}

// observationSchema is what every error observation the proxy answers satisfies; a new value
// each time, so no listed tool shares a map with another.
func observationSchema() map[string]any {
	return map[string]any{
		"type":                 "object",
		"properties":           map[string]any{"error": map[string]any{"type": "string"}},
		"required":             []any{"error"},
		"additionalProperties": true,
	}
}

// widen returns an outputSchema that an error observation in structuredContent satisfies too:
// clients (the official TypeScript one) validate structuredContent against it even when
// isError is true. The tool's own schema becomes one branch of an anyOf, its $schema and
// definitions kept at the root so its $refs still resolve; a schema that is not an object is
// dropped (nil) rather than listed wrong.
func widen(schema any) any {
	if schema == nil {
		return nil
	}
	var m map[string]any
	b, err := json.Marshal(schema)
	if err != nil || json.Unmarshal(b, &m) != nil || m == nil {
		return nil
	}
	root := map[string]any{"type": "object"}
	for _, k := range []string{"$schema", "$id", "definitions", "$defs"} {
		if v, ok := m[k]; ok {
			root[k] = v
			delete(m, k)
		}
	}
	root["anyOf"] = []any{m, observationSchema()}
	return root
}

// toolNames returns the names of routes, sorted: the hint of an unknown tool.
func toolNames(routes map[string]route) []string {
	names := make([]string, 0, len(routes))
	for n := range routes {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
