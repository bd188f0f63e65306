package coerce

import "strconv"

// Trace explains v, the budget's verdict on outcome o, as steps a page shows the way it shows a
// call's trace. The steps are a vocabulary of their own (docs/trace.md, "The loop's steps"):
//
//   - code: which code came back, from which tool, on which field.
//   - count: how many outcomes of this kind the conversation has had against the catalog's cap,
//     and what the cap counts over. Only for a code the budget counted.
//   - decision: why the runtime does what it does next, in the catalog entry's words. The
//     decision itself is the verdict's (a page shows it beside the step, as a result's code).
//
// A verdict that lets the loop go on (continue, retry) has every step ok. A verdict that ends it
// (stop, hand off) has exactly one step that is not ok, and it is the last: the decision. The
// steps say nothing the verdict and the catalog do not: the count and cap are v's, the words
// the entry's. Nothing is built unless Trace is called; Observe is unchanged.
func (v Verdict) Trace(o Outcome) Trace {
	ends := v.Decision == Stop || v.Decision == Handoff
	// The outcome may come from anywhere (a transcript, a test): its names are cut as got is.
	code, field := Cut(string(o.Code), maxGotBytes), Cut(o.Field, maxGotBytes)
	answered := Cut(o.Tool, maxGotBytes) + " answered " + code
	if o.Tool == "" {
		answered = "the call answered " + code
	}
	t := Trace{{Name: "code", OK: true, Field: field, Detail: answered}}
	entry, _ := Lookup(o.Code)
	if v.Count > 0 {
		t = append(t, Step{Name: "count", OK: true, Field: field, Detail: countWords(o, v)})
	}
	var why string
	switch {
	case ends && v.Count == 0:
		// Nothing was counted: a code outside the catalog, or a loop that had already ended.
		// The budget's reason says which.
		why = v.Reason
	case o.Code == OK:
		why = "the call worked; the model goes on"
	case !ends:
		why = "within the cap, so a retry is allowed (" + entry.Retry + ")"
	case v.Cap == 0:
		why = string(o.Code) + " is never retried, so the loop ends (" + entry.Stop + ")"
	default:
		why = "the cap is passed, so the loop ends (" + entry.Stop + ")"
	}
	return append(t, Step{Name: "decision", OK: !ends, Detail: why})
}

// countWords says how many times v counted o's code against which cap, and over what.
func countWords(o Outcome, v Verdict) string {
	var over string
	switch v.Per {
	case perField:
		over = "counted per tool and field"
	case perTool:
		over = "counted per tool"
		if e, ok := Lookup(o.Code); ok && e.ToolCap == v.Cap && e.Per == perField {
			over = "counted over every field of the tool"
		}
	case perConversation:
		over = "counted over the whole conversation, every tool"
	}
	n := string(o.Code) + " " + times(v.Count)
	if v.Count <= v.Cap {
		return n + ", " + strconv.Itoa(v.Count) + " of the " + strconv.Itoa(v.Cap) + " the catalog allows, " + over
	}
	if v.Cap == 0 {
		return n + "; the catalog allows none, " + over
	}
	return n + ", over the catalog's cap of " + strconv.Itoa(v.Cap) + ", " + over
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}
