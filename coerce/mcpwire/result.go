package mcpwire

import "coerceplayground/coerce"

// The _meta keys of a CallToolResult. "coerce/" is the prefix the MCP specification leaves to
// an implementation for its own keys; a client loop reads these instead of parsing the text.
const (
	// MetaCode is the observation's code: "ok" or one of the catalog's six.
	MetaCode = "coerce/code"
	// MetaField is the argument an error is about, when there is one.
	MetaField = "coerce/field"
	// MetaDecision is the budget's decision: continue, retry, stop or handoff.
	MetaDecision = "coerce/decision"
	// MetaReason is the decision's reason, a sentence for a person reading the log.
	MetaReason = "coerce/reason"
)

// IsError reports whether a result with code has isError set: every code but "ok". A bad
// argument is a tool error the model can fix, so it is never a JSON-RPC error.
func IsError(code coerce.Code) bool { return code != coerce.OK }

// MetaMember is one _meta member; all of ours are strings.
type MetaMember struct{ Key, Value string }

// Meta returns the _meta members of the answer to o, in order: code, field (when o has one),
// decision and reason. v is the verdict of the session's budget on o.
func Meta(o coerce.Outcome, v coerce.Verdict) []MetaMember {
	m := make([]MetaMember, 0, 4)
	m = append(m, MetaMember{MetaCode, string(o.Code)})
	if o.Field != "" {
		m = append(m, MetaMember{MetaField, o.Field})
	}
	return append(m, MetaMember{MetaDecision, string(v.Decision)}, MetaMember{MetaReason, v.Reason})
}

// Result returns the CallToolResult for o as compact JSON, members in the order the Go SDK
// writes them: _meta, content (one text item holding the observation), structuredContent (the
// observation itself) and isError (present only when true). o.Observation must be the
// dispatcher's: exactly one JSON object.
func Result(o coerce.Outcome, v coerce.Verdict) []byte {
	b := make([]byte, 0, 2*len(o.Observation)+256)
	b = append(b, `{"_meta":{`...)
	for i, m := range Meta(o, v) {
		if i > 0 {
			b = append(b, ',')
		}
		b = coerce.String(m.Key).AppendJSON(b)
		b = append(b, ':')
		b = coerce.String(m.Value).AppendJSON(b)
	}
	b = append(b, `},"content":[{"type":"text","text":`...)
	b = coerce.String(string(o.Observation)).AppendJSON(b)
	b = append(b, `}],"structuredContent":`...)
	b = append(b, o.Observation...)
	if IsError(o.Code) {
		b = append(b, `,"isError":true`...)
	}
	return append(b, '}')
}
