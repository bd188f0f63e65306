package mcpserve

import (
	"cmp"
	"encoding/json"
	"errors"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// goText are the marks of Go's own words in an error the SDK answers with: a type name, a
// decoder's message, a formatting slip. A message with one of them says nothing a client can
// act on, and tells an attacker which library runs, so it is replaced.
var goText = []string{"*mcp.", "mcp.", "json:", "Go struct", "Go value", "unmarshal", "jsonrpc2", "go-sdk", "%!", "runtime error", "goroutine"}

// codeMessages are the sentences that replace such a message, per code.
var codeMessages = map[int64]string{
	jsonrpcParseError:     "parse error",
	jsonrpcInvalidRequest: "invalid request",
	jsonrpcMethodNotFound: "method not found",
	jsonrpcInvalidParams:  "invalid params: the params do not have the shape the method takes",
	jsonrpcInternalError:  "internal error",
}

// clientError is what an error the SDK answers with becomes on the wire: its JSON-RPC code, or
// -32603 (internal error) for an error that has none (the SDK would send code 0); its message,
// capped (errorResponse cuts it), or a sentence of the code's when it shows Go's own text; its
// data only when it is small.
func clientError(err error) (code int64, msg string, data json.RawMessage) {
	msg = err.Error()
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		code = we.Code
		if err == error(we) && len(we.Data) <= maxMessageBytes {
			data = we.Data
		}
	}
	if code == 0 {
		code = jsonrpcInternalError
	}
	if showsGoText(msg) {
		msg = cmp.Or(codeMessages[code], "the request failed")
	}
	return code, msg, data
}

// showsGoText reports a message with one of the goText marks.
func showsGoText(msg string) bool {
	for _, mark := range goText {
		if strings.Contains(msg, mark) {
			return true
		}
	}
	return false
}
