package mcpwire

import "coerceplayground/coerce"

// Exchange is one tools/call on the wire, as JSON-RPC text.
type Exchange struct {
	// Request is the tools/call request; nil when the arguments cannot travel (see
	// [Arguments]): no client sends it, so no server answers.
	Request []byte
	// Response is the server's JSON-RPC response holding the [Result]; nil when Request is.
	Response []byte
}

// Call returns the exchange of one call with id: raw sent to tool, o the dispatcher's outcome
// for raw, v the verdict of the session's budget on o. A call shown on its own is the first of
// its session: v is coerce.NewBudget().Observe(o).
func Call(id int64, tool string, raw []byte, o coerce.Outcome, v coerce.Verdict) Exchange {
	req, ok := Request(id, tool, raw)
	if !ok {
		return Exchange{}
	}
	return Exchange{Request: req, Response: Response(id, Result(o, v))}
}
