package mcpserve

//lint:file-ignore SA1019 logging/setLevel and roots/list_changed are in every version this server negotiates (to 2025-11-25); SEP-2577 deprecates them from 2026-07-28

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// paramTypes are the SDK's own params types of the methods a client sends: the params are read
// into a fresh one before the SDK sees them, case-sensitively as the SDK's decoder reads them,
// so a value the SDK would refuse is refused here first, with the member named as a JSON
// pointer rather than with the SDK's decoder text (Go type names, the whole params echoed, and
// code 0 for initialize).
var paramTypes = map[string]func() any{
	"initialize":                       func() any { return new(mcp.InitializeParams) },
	"ping":                             func() any { return new(mcp.PingParams) },
	"tools/list":                       func() any { return new(mcp.ListToolsParams) },
	"tools/call":                       func() any { return new(mcp.CallToolParamsRaw) },
	"prompts/list":                     func() any { return new(mcp.ListPromptsParams) },
	"prompts/get":                      func() any { return new(mcp.GetPromptParams) },
	"resources/list":                   func() any { return new(mcp.ListResourcesParams) },
	"resources/templates/list":         func() any { return new(mcp.ListResourceTemplatesParams) },
	"resources/read":                   func() any { return new(mcp.ReadResourceParams) },
	"resources/subscribe":              func() any { return new(mcp.SubscribeParams) },
	"resources/unsubscribe":            func() any { return new(mcp.UnsubscribeParams) },
	"logging/setLevel":                 func() any { return new(mcp.SetLoggingLevelParams) },
	"completion/complete":              func() any { return new(mcp.CompleteParams) },
	"notifications/initialized":        func() any { return new(mcp.InitializedParams) },
	"notifications/cancelled":          func() any { return new(mcp.CancelledParams) },
	"notifications/progress":           func() any { return new(mcp.ProgressNotificationParams) },
	"notifications/roots/list_changed": func() any { return new(mcp.RootsListChangedParams) },
}

// paramsRequired are the methods the SDK refuses without params.
var paramsRequired = []string{"initialize", "tools/call", "logging/setLevel", "prompts/get", "resources/read",
	"resources/subscribe", "resources/unsubscribe", "completion/complete", "notifications/progress"}

// maxToolNameBytes caps a tools/call name: the specification's tool names are 1 to 128
// characters, and the SDK quotes an unknown name whole in its error.
const maxToolNameBytes = 128

// paramsProblem says what is wrong with the params of a request or notification for method,
// or "": present where the method needs them, a JSON object, and of the shape the SDK reads,
// each member of the type the SDK gives it. The message names the member as a JSON pointer
// and the kind of JSON value found there, never a Go type.
func paramsProblem(method string, params json.RawMessage) string {
	v := jsontext.Value(params)
	if len(params) == 0 || string(params) == "null" {
		if slices.Contains(paramsRequired, method) {
			return method + " needs params: a JSON object"
		}
		return ""
	}
	if !v.IsValid(jsontext.AllowDuplicateNames(true)) { // not from ParseMessage, which reads only JSON
		return method + " takes params as a JSON object"
	}
	if v.Kind() != '{' {
		return method + " takes params as a JSON object, not " + kindName(v.Kind())
	}
	newParams, known := paramTypes[method]
	if !known {
		return ""
	}
	if err := jsonv2.Unmarshal(params, newParams()); err != nil {
		return method + ": " + memberProblem(err)
	}
	if method == "tools/call" {
		var p struct {
			Name string `json:"name"`
		}
		_ = jsonv2.Unmarshal(params, &p) // read above
		if len(p.Name) > maxToolNameBytes {
			return method + `: params member "/name" is over ` + strconv.Itoa(maxToolNameBytes) + " bytes: no tool has such a name"
		}
	}
	return ""
}

// memberProblem turns an error of jsonv2.Unmarshal into a sentence of this package's own: the
// params member as a JSON pointer (quoted and capped) and the kind of value found there. The
// error's own text, which names Go types, is never used.
func memberProblem(err error) string {
	var sem *jsonv2.SemanticError
	var syn *jsontext.SyntacticError
	switch {
	case errors.As(err, &sem):
		where := "params member " + quoted(string(sem.JSONPointer))
		if sem.JSONPointer == "" {
			where = "params"
		}
		if sem.JSONKind == 0 {
			return where + " do not have the shape the method takes"
		}
		return where + " cannot be " + kindName(sem.JSONKind)
	case errors.As(err, &syn) && errors.Is(err, jsontext.ErrDuplicateName):
		return "params member " + quoted(string(syn.JSONPointer)) + " appears twice"
	case errors.As(err, &syn):
		return "params member " + quoted(string(syn.JSONPointer)) + " is not valid"
	}
	return "params do not have the shape the method takes"
}

// kindName names a JSON kind for a person: "a number", "an object".
func kindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 'f', 't':
		return "a boolean"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return "this value"
}
