package mcpserve

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The JSON-RPC 2.0 error codes of a protocol error.
const (
	jsonrpcParseError     = -32700
	jsonrpcInvalidRequest = -32600
	jsonrpcMethodNotFound = -32601
	jsonrpcInvalidParams  = -32602
	jsonrpcInternalError  = -32603
)

// maxDepth is the deepest nesting a message may have: the SDK's own decoder refuses deeper
// values (with a message naming its Go decoder), so they are refused here first.
const maxDepth = 1000

// A Message is one JSON-RPC 2.0 message as [ParseMessage] read it. Every member holds the bytes
// the client sent, so an id is echoed as it was written (1.5 stays 1.5, "\u0041" stays escaped).
type Message struct {
	ID     json.RawMessage // nil when absent; otherwise a JSON string or number
	Method string          // meaningful when HasMethod
	// HasMethod tells a request or notification (a "method" member) from a response.
	HasMethod bool
	Params    json.RawMessage // nil when absent
	Result    json.RawMessage // a response's result, nil when absent
	Error     json.RawMessage // a response's error object, nil when absent

	version bool // "jsonrpc": "2.0" was read
}

// IsRequest reports a request: a method and an id.
func (m *Message) IsRequest() bool { return m.HasMethod && m.ID != nil }

// IsNotification reports a notification: a method and no id.
func (m *Message) IsNotification() bool { return m.HasMethod && m.ID == nil }

// A ProtocolError is the JSON-RPC error that answers a message: its code, a message of this
// package's own (never a Go type or decoder text, and capped), and the id to answer with (nil
// answers with "id": null, as JSON-RPC asks when the id could not be read).
type ProtocolError struct {
	Code    int64
	Message string
	ID      json.RawMessage
}

func (e *ProtocolError) Error() string { return e.Message }

// Response is the error response as one line of JSON without its "\n", the id byte for byte.
func (e *ProtocolError) Response() []byte {
	return errorResponse(e.ID, e.Code, e.Message, nil)
}

// errorResponse builds a JSON-RPC error response; data, when not nil, is a JSON value.
func errorResponse(id json.RawMessage, code int64, msg string, data json.RawMessage) []byte {
	b := append(make([]byte, 0, 96+len(msg)+len(id)), `{"jsonrpc":"2.0","id":`...)
	if id == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, id...)
	}
	b = append(b, `,"error":{"code":`...)
	b = strconv.AppendInt(b, code, 10)
	b = append(b, `,"message":`...)
	b, _ = jsontext.AppendQuote(b, capped(msg)) // capped cuts on rune boundaries; invalid UTF-8 becomes U+FFFD
	if data != nil {
		b = append(b, `,"data":`...)
		b = append(b, data...)
	}
	return append(b, "}}"...)
}

// resultResponse builds a JSON-RPC result response; a nil result is null.
func resultResponse(id, result json.RawMessage) []byte {
	if result == nil {
		result = json.RawMessage("null")
	}
	b := append(make([]byte, 0, 40+len(id)+len(result)), `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"result":`...)
	b = append(b, result...)
	return append(b, '}')
}

// messageMembers are the members a JSON-RPC 2.0 message may have.
var messageMembers = []string{"jsonrpc", "id", "method", "params", "result", "error"}

// ParseMessage reads one JSON-RPC 2.0 message (a line of the stdio transport, or a POST body or
// batch element), strictly, once, and linearly in its length:
//
//   - text that is not JSON is -32700;
//   - JSON that is not one JSON-RPC 2.0 message is -32600: not an object (a batch included:
//     the caller decides whether it takes batches), invalid UTF-8 anywhere, nesting deeper than
//     1000, a member other than the six of JSON-RPC, a member twice, or a member that differs
//     from one of the six only in case ("Method", "ID"), which a case-insensitive reader would
//     take for it; "jsonrpc" not "2.0", an id that is not a string or number, a "method" that is
//     not a string, a request with a result, a response without an id or with not exactly one
//     of result and error.
//
// The error carries the message's id when it has one that can be echoed, and none otherwise.
// What the params hold is not checked here: that depends on the method ([CheckRequest]).
func ParseMessage(b []byte) (*Message, *ProtocolError) {
	if p := syntaxProblem(b); p != nil {
		return nil, p
	}
	dec := jsontext.NewDecoder(bytes.NewReader(b), jsontext.AllowDuplicateNames(true))
	if tok, _ := dec.ReadToken(); tok.Kind() != '{' { // b is valid: ReadToken cannot fail
		if tok.Kind() == '[' {
			return nil, invalidRequest(nil, "a batch (a JSON array) is not taken here: send one message at a time")
		}
		return nil, invalidRequest(nil, "a JSON-RPC message is a JSON object")
	}
	var m Message
	var seen [6]bool
	var problem string
	for dec.PeekKind() != '}' {
		tok, _ := dec.ReadToken()
		name := tok.String() // before ReadValue, which voids tok
		value, _ := dec.ReadValue()
		if p := m.set(name, value, &seen); problem == "" { // every member is read, so the id is known
			problem = p
		}
	}
	id := echoableID(m.ID)
	if problem == "" {
		problem = m.problem()
	}
	if problem != "" {
		return nil, invalidRequest(id, problem)
	}
	return &m, nil
}

// set stores the member name's value (copied) in m, or says why it may not be there.
func (m *Message) set(name string, value jsontext.Value, seen *[6]bool) string {
	for i, known := range messageMembers {
		if name != known {
			if strings.EqualFold(name, known) {
				return "member " + quoted(name) + " is not one of a JSON-RPC message (names are case-sensitive: " + strconv.Quote(known) + ")"
			}
			continue
		}
		if seen[i] {
			if name == "id" {
				m.ID = nil // which of the two to answer with is anyone's guess: neither
			}
			return "member " + strconv.Quote(name) + " appears twice"
		}
		seen[i] = true
		v := json.RawMessage(bytes.Clone(value))
		switch name {
		case "jsonrpc":
			if value.Kind() != '"' || unquote(v) != "2.0" {
				return `"jsonrpc" must be "2.0"`
			}
			m.version = true
		case "id":
			m.ID = v
		case "method":
			if value.Kind() != '"' {
				return `"method" must be a string`
			}
			m.Method, m.HasMethod = unquote(v), true
		case "params":
			m.Params = v
		case "result":
			m.Result = v
		case "error":
			m.Error = v
		}
		return ""
	}
	return "member " + quoted(name) + " is not one of a JSON-RPC message (jsonrpc, id, method, params, result, error)"
}

// problem says what makes a message of valid members no JSON-RPC 2.0 message, or "".
func (m *Message) problem() string {
	switch {
	case !m.version:
		return `"jsonrpc" must be "2.0"`
	case m.ID != nil && echoableID(m.ID) == nil:
		return `"id" must be a string or a number of at most ` + strconv.Itoa(maxIDBytes) + ` bytes`
	case m.HasMethod && (m.Result != nil || m.Error != nil):
		return "a request or notification has no result or error"
	case !m.HasMethod && (m.ID == nil || (m.Result == nil) == (m.Error == nil)):
		return "a message is a request or notification (with a method) or a response (with an id and a result or an error)"
	case m.Error != nil && jsontext.Value(m.Error).Kind() != '{':
		return `"error" must be an object`
	}
	return ""
}

// maxIDBytes caps an id as written: an answer echoes its id whole, so the cap is what keeps
// every answer to bad input small.
const maxIDBytes = 256

// echoableID is id when it is one a response may carry back (a string or a number of at most
// maxIDBytes as written), else nil.
func echoableID(id json.RawMessage) json.RawMessage {
	if k := jsontext.Value(id).Kind(); (k == '"' || k == '0') && len(id) <= maxIDBytes {
		return id
	}
	return nil
}

// syntaxProblem refuses b unless it is exactly one JSON value, valid UTF-8, nested at most
// maxDepth deep. Invalid UTF-8 in otherwise good JSON is -32600 (an id in it could not be
// echoed as sent without writing invalid JSON, nor rewritten without lying); other bad text
// (a value nested over 10,000 deep included, which jsontext does not read) is -32700.
func syntaxProblem(b []byte) *ProtocolError {
	dup := jsontext.AllowDuplicateNames(true)
	switch {
	case jsontext.Value(b).IsValid(dup):
		if nestingDepth(b) > maxDepth {
			return invalidRequest(nil, "the message nests deeper than "+strconv.Itoa(maxDepth)+" levels")
		}
		return nil
	case isBlank(b):
		return invalidRequest(nil, "the message is empty")
	case !utf8.Valid(b) && jsontext.Value(b).IsValid(dup, jsontext.AllowInvalidUTF8(true)):
		return invalidRequest(nil, "the message is not valid UTF-8")
	}
	return &ProtocolError{Code: jsonrpcParseError, Message: "parse error: the message is not JSON"}
}

// nestingDepth is how deep the arrays and objects of the valid JSON b nest, in one pass.
func nestingDepth(b []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case escaped:
			escaped = false
		case inString:
			escaped, inString = c == '\\', c != '"'
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}

// isBlank reports b holding nothing but JSON's whitespace (space, tab, CR, LF; not a vertical
// tab or form feed, which are text that is not JSON).
func isBlank(b []byte) bool { return len(bytes.Trim(b, " \t\r\n")) == 0 }

func invalidRequest(id json.RawMessage, msg string) *ProtocolError {
	return &ProtocolError{Code: jsonrpcInvalidRequest, Message: "invalid request: " + msg, ID: id}
}

// unquote is the string a valid JSON string holds.
func unquote(v json.RawMessage) string {
	var s string
	_ = jsonv2.Unmarshal(v, &s) // v is a valid JSON string
	return s
}
