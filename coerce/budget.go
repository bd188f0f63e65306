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

// Verdict is a decision with the reason a person can read, and the count behind it.
type Verdict struct {
	Decision Decision
	// Reason says in plain words why: which code, how many times, which cap.
	Reason string
	// Count is how many outcomes of this kind (code, and field where the catalog counts per
	// field) the conversation has had, this one included; Cap is the catalog's cap it was held
	// against (the entry's ToolCap when that one was passed). Both are zero for ok and for a
	// loop that had already ended.
	Count, Cap int
	// Per is what Count counts over: "field" (the tool's field), "tool" (every field of the
	// tool, for the entry's ToolCap) or "conversation"; "" when Count is zero.
	Per string
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
	subject := string(o.Code)
	switch entry.Per {
	case perField:
		key.field = o.Field
		f := Cut(o.Field, maxGotBytes)
		if f == "" {
			f = "the arguments"
		}
		subject += " on " + f
	case perConversation:
		key.tool = "" // guessing ids on another tool is still guessing
	}
	b.counts[key]++
	n := b.counts[key]
	if entry.ToolCap > 0 {
		// A model can name a new field each time (an unknown key, a repeated key), so the
		// tool's count over all fields is capped as a whole too.
		all := budgetKey{tool: o.Tool, code: o.Code, field: "\x00every field"}
		b.counts[all]++
		if b.counts[all] > entry.ToolCap {
			v := Verdict{Decision: entry.OnCap, Count: b.counts[all], Cap: entry.ToolCap, Per: perTool,
				Reason: string(o.Code) + " " + strconv.Itoa(b.counts[all]) + " times on " + Cut(o.Tool, maxGotBytes) + ": " + onCapWords(entry.OnCap)}
			b.final = &v
			return v
		}
	}
	if n <= entry.Cap {
		return Verdict{Decision: Retry, Count: n, Cap: entry.Cap, Per: entry.Per, Reason: subject + ": " + entry.Retrying}
	}
	v := Verdict{Decision: entry.OnCap, Count: n, Cap: entry.Cap, Per: entry.Per, Reason: subject + " " + entry.Capped}
	b.final = &v
	return v
}

// onCapWords says what a decision at a cap means for the people involved.
func onCapWords(d Decision) string {
	if d == Handoff {
		return "stop and hand off to a person"
	}
	return "stop and tell the user"
}
