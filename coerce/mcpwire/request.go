package mcpwire

import (
	"strconv"

	"coerceplayground/coerce"

	"github.com/go-json-experiment/json/jsontext"
)

// Arguments returns raw as it travels in a tools/call request's "arguments": compact, every
// string and number as written. ok is false when raw is not one JSON value: such text cannot be
// put in a JSON-RPC message, so it never reaches the server (an MCP client, or the model's
// provider, fails before sending it). Everything else travels and is the server's to judge:
// duplicate names, lone surrogate escapes, invalid UTF-8 inside strings (the Go SDK carries the
// bytes as they are), even a value that is not an object, though the protocol asks for one.
func Arguments(raw []byte) (args []byte, ok bool) {
	if !jsontext.Value(raw).IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)) {
		return nil, false
	}
	return compact(raw), true
}

// compact drops the white space between the tokens of valid JSON text, keeping every string and
// number as written: what Value.Compact does, without linking jsontext's formatter (some 20 KiB of
// the page, which shows this request).
func compact(raw []byte) []byte {
	out := make([]byte, 0, len(raw))
	inString, escaped := false, false
	for _, c := range raw {
		switch {
		case inString:
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '"':
			inString = true
		}
		out = append(out, c)
	}
	return out
}

// Request returns the JSON-RPC tools/call request with id that carries raw to tool, and false
// when raw cannot travel (see [Arguments]).
func Request(id int64, tool string, raw []byte) ([]byte, bool) {
	args, ok := Arguments(raw)
	if !ok {
		return nil, false
	}
	b := make([]byte, 0, len(args)+len(tool)+96)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"method":"tools/call","params":{"name":`...)
	b = coerce.String(tool).AppendJSON(b)
	b = append(b, `,"arguments":`...)
	b = append(b, args...)
	return append(b, "}}"...), true
}

// Response wraps a result (from [Result]) in the JSON-RPC response to the request with id.
func Response(id int64, result []byte) []byte {
	b := make([]byte, 0, len(result)+48)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"result":`...)
	b = append(b, result...)
	return append(b, '}')
}

// Indent returns msg indented by two spaces for display, strings and numbers as written; msg
// is returned unchanged when it is not one JSON value.
func Indent(msg []byte) []byte {
	v := jsontext.Value(append([]byte(nil), msg...))
	if err := v.Indent(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true), jsontext.WithIndent("  ")); err != nil {
		return msg
	}
	return v
}
