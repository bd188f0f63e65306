package mcpserve

import (
	"context"
	"slices"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// protocolVersions are the protocol versions this server negotiates and accepts in the
// MCP-Protocol-Version header, newest first: the versions whose sessions begin with initialize.
// 2026-07-28 is left out because the SDK serves it only on a stateless handler, and ours keeps
// sessions (a session's budget follows its Mcp-Session-Id).
var protocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// ProtocolVersions returns the protocol versions the server negotiates, newest first. The one
// list serves initialize (through the options NewServer sets) and the header check of the HTTP
// handler.
func ProtocolVersions() []string { return slices.Clone(protocolVersions) }

// logLevels are the levels of logging/setLevel (the syslog severities of RFC 5424, as the
// specification's LoggingLevel lists them).
//
//lint:ignore SA1019 the versions this server negotiates (to 2025-11-25) still have it; SEP-2577 deprecates it from 2026-07-28
var logLevels = []mcp.LoggingLevel{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// clientRequests are the request methods a client may send under the versions above that the
// SDK answers (the specification's ClientRequest, less tasks/*, which the SDK does not serve).
// Any other method is -32601 before it reaches the SDK, which would answer it with a plain-text
// HTTP 400.
var clientRequests = []string{
	"initialize", "ping", "tools/list", "tools/call", "prompts/list", "prompts/get",
	"resources/list", "resources/templates/list", "resources/read", "resources/subscribe",
	"resources/unsubscribe", "logging/setLevel", "completion/complete",
}

// clientNotifications are the notifications a client may send that the SDK handles; others are
// accepted and dropped, as JSON-RPC asks of a notification nobody handles.
var clientNotifications = []string{
	"notifications/initialized", "notifications/cancelled", "notifications/progress",
	"notifications/roots/list_changed",
}

// NewServer returns an SDK server that negotiates [ProtocolVersions] only and answers two
// requests the SDK lets through as the specification says: a logging/setLevel with a level
// that is not one of the eight is -32602 (the SDK sets any string), and a second initialize
// on a session is -32600 (the SDK answers JSON-RPC code 0).
func NewServer(impl *mcp.Implementation, opts *mcp.ServerOptions) *mcp.Server {
	var o mcp.ServerOptions
	if opts != nil {
		o = *opts
	}
	o.SupportedProtocolVersions = ProtocolVersions()
	s := mcp.NewServer(impl, &o)
	s.AddReceivingMiddleware(checkRequests)
	return s
}

// checkRequests is the receiving middleware of NewServer.
func checkRequests(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "logging/setLevel":
			//lint:ignore SA1019 the versions this server negotiates (to 2025-11-25) still have it; SEP-2577 deprecates it from 2026-07-28
			if p, ok := req.GetParams().(*mcp.SetLoggingLevelParams); ok && !slices.Contains(logLevels, p.Level) {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
					Message: "level " + strconv.Quote(string(p.Level)) + " is not one of debug, info, notice, warning, error, critical, alert, emergency"}
			}
		case "initialize":
			if ss, ok := req.GetSession().(*mcp.ServerSession); ok && ss.InitializeParams() != nil {
				return nil, errInitialized
			}
		}
		return next(ctx, method, req)
	}
}

// errInitialized answers a second initialize on a session.
var errInitialized = &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "the session is already initialized: initialize is sent once, as a session's first request"}

// checkRequest is what the server decides about a request or notification before the SDK sees
// it, on every transport: pass it on (pass), answer it with perr (-32601 for a request of a
// method no client sends, -32602 for params of the wrong shape), or drop it (neither: a
// notification nobody handles or with bad params, which JSON-RPC never answers). Responses pass.
func checkRequest(m *Message) (pass bool, perr *ProtocolError) {
	switch {
	case !m.HasMethod:
		return true, nil
	case m.IsNotification():
		return slices.Contains(clientNotifications, m.Method) && paramsProblem(m.Method, m.Params) == "", nil
	case !slices.Contains(clientRequests, m.Method):
		return false, &ProtocolError{Code: jsonrpcMethodNotFound, Message: "method " + quoted(m.Method) + " is not one this server answers", ID: m.ID}
	}
	if problem := paramsProblem(m.Method, m.Params); problem != "" {
		return false, &ProtocolError{Code: jsonrpcInvalidParams, Message: "invalid params: " + problem, ID: m.ID}
	}
	return true, nil
}
