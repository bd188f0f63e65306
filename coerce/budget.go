package coerce

import "strconv"

// Decision is what the runtime does after an observation. The model does not get to choose.
type Decision string

const (
	// Continue: the call succeeded; the conversation goes on.
	Continue Decision = "continue"
	// Retry: the model (or, for rate_limited and timeout, the runtime) may call again.
	Retry Decision = "retry"
	// Stop: the loop ends here and the user is told why; nobody retries.
	Stop Decision = "stop"
	// Handoff: the loop ends and a person takes over, with the conversation so far.
	Handoff Decision = "handoff"
)

// Verdict is a decision with the reason a person can read.
type Verdict struct {
	Decision Decision
	Reason   string
}

// Budget is one conversation's retry budget. It counts error outcomes per (tool, field) for
// invalid_args and per (tool, code) for the rest, and answers by the catalog's caps. Once it has
// said stop or hand off, it keeps saying so: the loop is over. Not safe for concurrent use; a
// conversation is sequential.
type Budget struct {
	counts map[budgetKey]int
	final  *Verdict
}

type budgetKey struct {
	tool, field string
	code        Code
}

// NewBudget returns an empty budget for a new conversation.
func NewBudget() *Budget { return &Budget{counts: map[budgetKey]int{}} }

// Observe feeds one outcome and returns what the runtime does next.
func (b *Budget) Observe(o Outcome) Verdict {
	if b.final != nil {
		return Verdict{Decision: b.final.Decision, Reason: "the loop already ended: " + b.final.Reason}
	}
	if o.Code == OK {
		return Verdict{Decision: Continue, Reason: "ok: the model goes on"}
	}
	entry, ok := Lookup(o.Code)
	if !ok {
		v := Verdict{Decision: Handoff, Reason: "a code outside the catalog is a bug: hand off"}
		b.final = &v
		return v
	}
	key := budgetKey{tool: o.Tool, code: o.Code}
	switch o.Code {
	case InvalidArgs:
		key.field = o.Field
	case NotFound:
		key.tool = "" // per conversation: guessing ids on another tool is still guessing
	}
	b.counts[key]++
	n := b.counts[key]
	if o.Code == InvalidArgs {
		// A model can name a new field each time (an unknown key, a repeated key), so the
		// tool's invalid_args are also capped as a whole.
		all := budgetKey{tool: o.Tool, code: o.Code, field: "\x00every field"}
		b.counts[all]++
		if b.counts[all] > entry.ToolCap {
			v := Verdict{Decision: entry.OnCap, Reason: "invalid_args " + strconv.Itoa(b.counts[all]) + " times on " + o.Tool + ": stop and hand off to a person"}
			b.final = &v
			return v
		}
	}
	if n <= entry.Cap {
		return Verdict{Decision: Retry, Reason: retryReason(o, n, entry.Cap)}
	}
	v := Verdict{Decision: entry.OnCap, Reason: capReason(o, entry)}
	b.final = &v
	return v
}

func retryReason(o Outcome, n, capN int) string {
	switch o.Code {
	case InvalidArgs:
		f := o.Field
		if f == "" {
			f = "the arguments"
		}
		return "invalid_args on " + f + ": the model may fix it once, following the hint"
	case NotFound:
		return "not_found: one more try with an id from the hint, no guessing"
	case RateLimited:
		return "rate_limited: the runtime waits retry_after seconds, then retries"
	case Timeout:
		return "timeout: the runtime retries once with the same arguments"
	case InternalError:
		return "internal_error: the runtime retries once, later"
	}
	return "retry"
}

func capReason(o Outcome, e Entry) string {
	switch o.Code {
	case InvalidArgs:
		f := o.Field
		if f == "" {
			f = "the arguments"
		}
		return "invalid_args on " + f + " twice: stop and hand off to a person"
	case NotFound:
		return "not_found twice: hand off, do not guess ids"
	case Denied:
		return "denied: stop at once, never retried; tell the user which permission is missing"
	case RateLimited:
		return "rate_limited a third time: stop and tell the user to try later"
	case Timeout:
		return "timeout twice: hand off, do not loop on a slow dependency"
	case InternalError:
		return "internal_error twice: hand off with the correlation_id"
	}
	return string(e.OnCap)
}
