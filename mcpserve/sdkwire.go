package mcpserve

import (
	"encoding/json"
	"strconv"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The SDK's JSON-RPC values as the stdio transport hands them over and writes them out: ids
// of the transport's own, and answers with the id the client wrote.

// intID is the SDK's id of the integer n (its MakeID takes the float64 a JSON decoder gives,
// exact for the transport's own counter).
func intID(n int64) jsonrpc.ID {
	id, _ := jsonrpc.MakeID(float64(n))
	return id
}

// sdkIDBytes is id as JSON: a number, a string, or null.
func sdkIDBytes(id jsonrpc.ID) json.RawMessage {
	switch v := id.Raw().(type) {
	case int64:
		return strconv.AppendInt(nil, v, 10)
	case string:
		b, _ := jsontext.AppendQuote(nil, v)
		return b
	}
	return json.RawMessage("null")
}

// clientWireError is the error object a client answered a server's request with.
func clientWireError(raw json.RawMessage) *jsonrpc.Error {
	var e jsonrpc.Error
	if jsonv2.Unmarshal(raw, &e) != nil {
		return &jsonrpc.Error{Code: jsonrpcInternalError, Message: "the client answered with an error that is not a JSON-RPC error object"}
	}
	return &e
}

// responseLine is the SDK's answer with the id the client wrote, its error made safe to show
// (clientError).
func responseLine(id json.RawMessage, resp *jsonrpc.Response) []byte {
	if resp.Error != nil {
		code, msg, data := clientError(resp.Error)
		return errorResponse(id, code, msg, data)
	}
	return resultResponse(id, resp.Result)
}
