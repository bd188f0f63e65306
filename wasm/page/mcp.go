package page

// The Over MCP disclosure of a result: the tools/call request and the response with its
// CallToolResult, as lesson.Lab.MCP builds them (through coerce/mcpwire, without the MCP SDK),
// laid out one member per line. Built only when a reader opens the disclosure.

import (
	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

// MCPView is what a model's client sends and gets for one result, as JSON text laid out for
// reading; both are "" when the input is not one JSON value (no client could send it).
type MCPView struct{ Request, Response string }

// MCP is the MCP exchange of r, with the current settings.
func (s *State) MCP(r lesson.Result) MCPView {
	x := s.lab.MCP(r)
	if x.Request == nil {
		return MCPView{}
	}
	return MCPView{indentJSON(x.Request), indentJSON(x.Response)}
}

// indentJSON lays compact JSON text out one member per line with a two-space indent: white space
// goes only between tokens, never inside a string. Text that is not valid JSON comes back as it
// is. (A walk over the bytes, not jsontext's formatter: that one costs the page some 20 KiB.)
func indentJSON(b []byte) string {
	if !jsontext.Value(b).IsValid() {
		return string(b)
	}
	out := make([]byte, 0, len(b)+len(b)/4)
	depth, inString, escaped := 0, false, false
	newline := func() {
		out = append(out, '\n')
		for i := 0; i < depth; i++ {
			out = append(out, ' ', ' ')
		}
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString:
			out = append(out, c)
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '"':
			inString = true
			out = append(out, c)
		case c == '{' || c == '[':
			out = append(out, c)
			if j := nextToken(b, i+1); j < len(b) && (b[j] == '}' || b[j] == ']') {
				continue
			}
			depth++
			newline()
		case c == '}' || c == ']':
			if len(out) > 0 && out[len(out)-1] != '{' && out[len(out)-1] != '[' {
				depth--
				newline()
			}
			out = append(out, c)
		case c == ',':
			out = append(out, c)
			newline()
		case c == ':':
			out = append(out, ':', ' ')
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

// nextToken is the index of the first byte at or after i that is not JSON white space.
func nextToken(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}
