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

// Entry is one line of the error catalog: what a code means and what the agent loop does about
// it. Adding a code is adding one entry: the budget's decisions, the committed catalog files and
// the documentation's table all derive from it.
type Entry struct {
	Code Code
	// Meaning says in one sentence what happened.
	Meaning string
	// Retry says who may retry and how.
	Retry string
	// Stop says when the loop must stop and who takes over.
	Stop string
	// Hint says what the hint of an observation with this code must mention.
	Hint string
	// Cap is how many observations with this code one conversation may receive, counted per
	// Per, before the runtime stops retrying. Zero means none: the first one stops the loop.
	Cap int
	// Per is what Cap counts over: "field" (per tool and field), "tool" or "conversation".
	Per string
	// ToolCap, when above zero, caps the code over all of a tool's fields too, so a model that
	// names a new unknown key each time is stopped as well.
	ToolCap int
	// OnCap is the decision once the cap is passed: [Stop] or [Handoff].
	OnCap Decision
	// Retrying and Capped are the budget's reasons, written after the code (and "on" the field
	// when Per is "field"): "invalid_args on job_id: " + Retrying, "invalid_args on job_id " +
	// Capped.
	Retrying, Capped string
}

// What an [Entry]'s Cap counts over.
const (
	perField        = "field"
	perTool         = "tool"
	perConversation = "conversation"
)

// catalog is the error catalog, in a fixed order.
var catalog = [...]Entry{
	{Code: InvalidArgs, Cap: 1, Per: perField, ToolCap: 3, OnCap: Handoff,
		Meaning:  "the arguments are not valid: broken JSON, an unknown or missing argument, a wrong type or a value out of range",
		Retry:    "the model, once per field, after fixing the argument the hint names",
		Stop:     "a second invalid_args on the same field, or a fourth on the tool: stop and hand off to a person",
		Hint:     "the field, what a valid value looks like with an example, and never the raw input; \"017\" is rejected (leading zeros read as octal in some parsers): send 17",
		Retrying: "the model may fix it once, following the hint",
		Capped:   "twice: stop and hand off to a person"},
	{Code: NotFound, Cap: 1, Per: perConversation, OnCap: Handoff,
		Meaning:  "the arguments are valid but name nothing that exists",
		Retry:    "the model, once, with an id taken from the hint or from an earlier result, never a guess",
		Stop:     "a second not_found in the conversation: hand off, the data is not there",
		Hint:     "what valid ids look like, with real examples taken from the data",
		Retrying: "one more try with an id from the hint, no guessing",
		Capped:   "twice: hand off, do not guess ids"},
	{Code: Denied, Cap: 0, Per: perTool, OnCap: Stop,
		Meaning: "the caller lacks a permission the call needs",
		Retry:   "nobody: the model cannot grant itself a permission",
		Stop:    "at once; tell the user which permission is missing",
		Hint:    "the required_permission and who can grant it",
		Capped:  "at once: stop, never retried; tell the user which permission is missing"},
	{Code: RateLimited, Cap: 2, Per: perTool, OnCap: Stop,
		Meaning:  "the tool or the service behind it is taking too many calls",
		Retry:    "the runtime, after retry_after seconds, not the model",
		Stop:     "a third rate_limited from the same tool (two waits spent): stop and tell the user to try later",
		Hint:     "retry_after in seconds",
		Retrying: "the runtime waits retry_after seconds, then retries",
		Capped:   "a third time: stop and tell the user to try later"},
	{Code: Timeout, Cap: 1, Per: perTool, OnCap: Handoff,
		Meaning:  "the tool did not finish in time; it may or may not have acted",
		Retry:    "the runtime, once, with the same arguments",
		Stop:     "a second timeout: hand off; do not loop on a slow dependency",
		Hint:     "that the call may or may not have taken effect when it changes data",
		Retrying: "the runtime retries once with the same arguments",
		Capped:   "twice: hand off, do not loop on a slow dependency"},
	{Code: InternalError, Cap: 1, Per: perTool, OnCap: Handoff,
		Meaning:  "the tool failed: a bug or an outage, not the model's fault",
		Retry:    "the runtime, once, later",
		Stop:     "a second internal_error: hand off with the correlation_id",
		Hint:     "try later, and the correlation_id to quote in a report",
		Retrying: "the runtime retries once, later",
		Capped:   "twice: hand off with the correlation_id"},
}

// Catalog returns the error catalog in its fixed order: the six error codes, not "ok". The slice
// is a copy; changing it changes nothing else.
func Catalog() []Entry { return append([]Entry(nil), catalog[:]...) }

// Lookup returns the catalog entry of code, and false for a code outside the catalog, "ok"
// included: a code that is neither "ok" nor found here is a bug.
func Lookup(code Code) (Entry, bool) {
	for i := range catalog {
		if catalog[i].Code == code {
			return catalog[i], true
		}
	}
	return Entry{}, false
}

// Catalog returns the entries of every code a dispatcher can give for t, in catalog order:
// invalid_args, timeout and internal_error, which any call may end in, and the codes t declares.
// It is the catalog a tool is committed with, beside its schema.
func (t Tool) Catalog() []Entry {
	var out []Entry
	for _, e := range catalog {
		if e.Code == InvalidArgs || e.Code == Timeout || e.Code == InternalError || declares(t.Codes, e.Code) {
			out = append(out, e)
		}
	}
	return out
}

// CatalogJSON renders entries as an indented JSON array, one object per entry with the members
// code, retry, stop, hint, cap, tool_cap (when set) and on_cap: the file a tool's catalog is
// committed as, CatalogJSON(tool.Catalog()), beside its schema.
func CatalogJSON(entries []Entry) []byte {
	b := []byte{'['}
	for i, e := range entries {
		if i > 0 {
			b = append(b, ',')
		}
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
