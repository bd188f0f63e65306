package coerce

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
	// OnCap is the decision once the cap is reached: [Stop] or [Handoff].
	OnCap Decision
}

// Catalog is the error catalog, in a fixed order. It is returned fresh so callers cannot change
// the package's copy.
func Catalog() []Entry {
	return []Entry{
		{Code: InvalidArgs, Cap: 1, OnCap: Handoff,
			Retry: "the model, once per field, after fixing the argument the hint names",
			Stop:  "a second invalid_args on the same field: stop and hand off to a person",
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
			Stop:  "after 2 rate-limited calls of a tool: stop and tell the user to try later",
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
