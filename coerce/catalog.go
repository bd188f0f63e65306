package coerce

import (
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// Code names an outcome. The zero value is not a code.
type Code string

// The codes. OK is the code of a successful call; the other six are the error catalog.
const (
	OK            Code = "ok"
	InvalidArgs   Code = "invalid_args"
	NotFound      Code = "not_found"
	Denied        Code = "denied"
	RateLimited   Code = "rate_limited"
	Timeout       Code = "timeout"
	InternalError Code = "internal_error"
)

// Entry is one line of the error catalog: what a code means for the agent loop.
type Entry struct {
	Code Code
	// Retry says who may retry and how.
	Retry string
	// Stop says when the loop must stop and who takes over.
	Stop string
	// Hint says what the hint of an observation with this code must mention.
	Hint string
	// Cap is how many observations with this code one conversation may receive (per field for
	// invalid_args, per tool otherwise) before the runtime stops retrying. Zero means none:
	// the first one stops the loop.
	Cap int
	// ToolCap, for invalid_args only, caps the tool's invalid_args over all fields, so a model
	// that names a new unknown key each time is stopped too.
	ToolCap int
	// OnCap is the decision once the cap is reached: [Stop] or [Handoff].
	OnCap Decision
}

// Catalog is the error catalog, in a fixed order. It is returned fresh so callers cannot change
// the package's copy.
func Catalog() []Entry {
	return []Entry{
		{Code: InvalidArgs, Cap: 1, ToolCap: 3, OnCap: Handoff,
			Retry: "the model, once per field, after fixing the argument the hint names",
			Stop:  "a second invalid_args on the same field, or a fourth on the tool: stop and hand off to a person",
			Hint:  "the field, what a valid value looks like with an example, and never the raw input; \"017\" is rejected (leading zeros read as octal in some parsers): send 17"},
		{Code: NotFound, Cap: 1, OnCap: Handoff,
			Retry: "the model, once, with an id taken from the hint or from an earlier result, never a guess",
			Stop:  "a second not_found in the conversation: hand off, the data is not there",
			Hint:  "what valid ids look like, with real examples taken from the data"},
		{Code: Denied, Cap: 0, OnCap: Stop,
			Retry: "nobody: the model cannot grant itself a permission",
			Stop:  "at once; tell the user which permission is missing",
			Hint:  "the required_permission and who can grant it"},
		{Code: RateLimited, Cap: 2, OnCap: Stop,
			Retry: "the runtime, after retry_after seconds, not the model",
			Stop:  "a third rate_limited from the same tool (two waits spent): stop and tell the user to try later",
			Hint:  "retry_after in seconds"},
		{Code: Timeout, Cap: 1, OnCap: Handoff,
			Retry: "the runtime, once, with the same arguments",
			Stop:  "a second timeout: hand off; do not loop on a slow dependency",
			Hint:  "that the call may or may not have taken effect when it changes data"},
		{Code: InternalError, Cap: 1, OnCap: Handoff,
			Retry: "the runtime, once, later",
			Stop:  "a second internal_error: hand off with the correlation_id",
			Hint:  "try later, and the correlation_id to quote in a report"},
	}
}

// Lookup returns the catalog entry of code, and false for "ok" or a code outside the catalog.
func Lookup(code Code) (Entry, bool) {
	for _, e := range Catalog() {
		if e.Code == code {
			return e, true
		}
	}
	return Entry{}, false
}

// Known reports whether code is "ok" or in the catalog: anything else is a bug.
func Known(code Code) bool {
	switch code {
	case OK, InvalidArgs, NotFound, Denied, RateLimited, Timeout, InternalError:
		return true
	}
	return false
}

// CatalogJSON renders the catalog entries of codes (all of them when none are given), in catalog
// order and indented: the file a tool's catalog is committed as, beside its schema.
func CatalogJSON(codes ...Code) []byte {
	b := []byte{'['}
	n := 0
	for _, e := range Catalog() {
		if len(codes) > 0 && !declares(codes, e.Code) {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, `{"code":`...)
		b = appendQuoted(b, string(e.Code))
		b = append(b, `,"retry":`...)
		b = appendQuoted(b, e.Retry)
		b = append(b, `,"stop":`...)
		b = appendQuoted(b, e.Stop)
		b = append(b, `,"hint":`...)
		b = appendQuoted(b, e.Hint)
		b = append(b, `,"cap":`...)
		b = strconv.AppendInt(b, int64(e.Cap), 10)
		if e.ToolCap > 0 {
			b = append(b, `,"tool_cap":`...)
			b = strconv.AppendInt(b, int64(e.ToolCap), 10)
		}
		b = append(b, `,"on_cap":`...)
		b = appendQuoted(b, string(e.OnCap))
		b = append(b, '}')
	}
	b = append(b, ']')
	v := jsontext.Value(b)
	if err := v.Indent(jsontext.WithIndent("  ")); err != nil {
		panic("coerce: CatalogJSON built invalid JSON: " + err.Error()) // a bug in this file, not input
	}
	return append(v, '\n')
}

// ToolCodes lists every code a dispatcher can give for t, in catalog order: invalid_args, the
// codes its handler declares, timeout and internal_error.
func ToolCodes(t Tool) []Code {
	var out []Code
	for _, e := range Catalog() {
		if e.Code == InvalidArgs || e.Code == Timeout || e.Code == InternalError || declares(t.Codes, e.Code) {
			out = append(out, e.Code)
		}
	}
	return out
}
