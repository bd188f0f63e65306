package page

// The Over MCP disclosure of a result: the tools/call request and the response with its
// CallToolResult, as lesson.Lab.MCP builds them (through coerce/mcpwire, without the MCP SDK),
// laid out one member per line. Built only when a reader opens the disclosure.

import (
	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

// MCPView is what a model's client sends and gets for one result, as JSON text laid out for
// reading; both are "" when the input is not one JSON value (no client could send it).
type MCPView struct{ Request, Response string }

// MCP is the MCP exchange of r, with the current settings.
func (s *State) MCP(r lesson.Result) MCPView {
	l, ok := s.lab.(*lesson.Lab)
	if !ok {
		l = s.newLab(s.set.switches, &coerce.Metrics{})
	}
	x := l.MCP(r)
	if x.Request == nil {
		return MCPView{}
	}
	return MCPView{Indent(x.Request), Indent(x.Response)}
}

// Indent lays JSON text out one member per line with a two-space indent; text that is not JSON
// comes back as it is.
func Indent(b []byte) string {
	v := jsontext.Value(b).Clone()
	if v.Indent(jsontext.WithIndent("  ")) != nil {
		return string(b)
	}
	return string(v)
}
