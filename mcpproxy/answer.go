package mcpproxy

import (
	"encoding/json"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answerCap is the cap of every observation the proxy writes: the library's default.
const answerCap = coerce.DefaultCap

// withNext returns obs, an error observation, within answerCap with the member "next": n
// added last when n is not "": what the loop does now that the budget is spent. An observation
// that would not fit is encoded again with a shorter hint (coerce's own rule: got goes first,
// then the hint's tail), so the code, field and next always stay.
func withNext(obs []byte, n string) []byte {
	member := ""
	if n != "" {
		member = `,"next":"` + n + `"`
	}
	if len(obs)+len(member) > answerCap {
		if e, ok := readObservation(obs); ok {
			obs = e.Observation(answerCap - len(member))
		}
	}
	if member == "" || len(obs) == 0 || obs[len(obs)-1] != '}' {
		return obs
	}
	out := make([]byte, 0, len(obs)+len(member))
	out = append(out, obs[:len(obs)-1]...)
	out = append(out, member...)
	return append(out, '}')
}

// readObservation reads an error observation back into the coerce.Error that writes it.
func readObservation(obs []byte) (*coerce.Error, bool) {
	var o struct {
		Error              string          `json:"error"`
		Field              string          `json:"field"`
		Hint               string          `json:"hint"`
		Got                json.RawMessage `json:"got"`
		RetryAfter         int64           `json:"retry_after"`
		RequiredPermission string          `json:"required_permission"`
		CorrelationID      string          `json:"correlation_id"`
	}
	if json.Unmarshal(obs, &o) != nil || o.Error == "" {
		return nil, false
	}
	return &coerce.Error{Code: coerce.Code(o.Error), Field: o.Field, Hint: o.Hint, Got: string(o.Got),
		RetryAfter: o.RetryAfter, RequiredPermission: o.RequiredPermission, CorrelationID: o.CorrelationID}, true
}

// ownResult is the CallToolResult of an observation the proxy wrote: as mcpserve answers,
// the observation as the one text content and as structuredContent, the verdict in _meta.
func ownResult(o coerce.Outcome, v coerce.Verdict) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Meta:              meta(o, v),
		Content:           []mcp.Content{&mcp.TextContent{Text: string(o.Observation)}},
		StructuredContent: json.RawMessage(o.Observation),
		IsError:           mcpwire.IsError(o.Code),
	}
}

// passedResult is the upstream's ok result as it came, with the verdict added to its _meta.
func passedResult(res *mcp.CallToolResult, o coerce.Outcome, v coerce.Verdict) *mcp.CallToolResult {
	c := *res
	m := mcp.Meta{}
	for k, x := range res.Meta {
		m[k] = x
	}
	for k, x := range meta(o, v) {
		m[k] = x
	}
	c.Meta = m
	return &c
}

func meta(o coerce.Outcome, v coerce.Verdict) mcp.Meta {
	m := mcp.Meta{}
	for _, kv := range mcpwire.Meta(o, v) {
		m[kv.Key] = kv.Value
	}
	return m
}

// upstreamError is the observation of an upstream's isError result, and the upstream's text
// (scrubbed) for the log. An upstream that answers coerce observations itself (its
// structuredContent's error is a catalog code) keeps its code, field, hint and the rest, its
// hint scrubbed and the whole capped again; any other error is internal_error with a
// correlation id, its hint the upstream's text with stack traces cut and credentials redacted.
func upstreamError(res *mcp.CallToolResult, newID func() string) (*coerce.Error, string) {
	text := scrub(upstreamText(res), maxUpstreamText)
	if b, err := json.Marshal(res.StructuredContent); err == nil {
		if e, ok := readObservation(b); ok {
			if _, known := coerce.Lookup(e.Code); known {
				e.Hint, e.Field = scrub(e.Hint, maxUpstreamText), capName(e.Field)
				e.CorrelationID = capName(e.CorrelationID)
				if e.Code == coerce.InternalError && e.CorrelationID == "" {
					e.CorrelationID = newID()
				}
				return e, text
			}
		}
	}
	e := &coerce.Error{Code: coerce.InternalError, CorrelationID: newID(), Hint: "the tool answered with an error: " + text}
	if text == "" {
		e.Hint = "the tool answered with an error and no text"
	}
	return e, text
}

// upstreamText joins the text contents of res, reading no more than scrub keeps.
func upstreamText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(t.Text[:min(len(t.Text), 4*maxUpstreamText)])
			if b.Len() > 4*maxUpstreamText {
				break
			}
		}
	}
	return b.String()
}
