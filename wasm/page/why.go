package page

// The Why disclosure of a result: the steps of its call (coerce.Trace) in plain words, each led by
// the name of the rule that took it and pointing at where the page explains that rule: a
// coercion's switch, or the lesson note about it. The loop panel's steps (coerce.Verdict.Trace)
// and the vendor responses (coerce.HTTPNormalizer.NormalizeTraced) are explained the same way,
// their rules leading to the code's catalog entry or the lesson note.

import (
	"strconv"

	"coerceplayground/coerce"
	"github.com/go-json-experiment/json/jsontext"
)

// WhyStep is one line of a Why disclosure.
type WhyStep struct {
	// Rule names the step in plain words ("Trim spaces", "Strict JSON parse").
	Rule string
	// Target is the id of the element that explains the rule: a switch, a lesson note card, or a
	// code's entry in the catalog panel (catalogID). Alt is where to go when Target is not on the
	// page: the catalog panel lists the table's tool's codes, not every code.
	Target, Alt string
	// Text says what the step found, with the value before and after a rule changed it.
	Text string
	// OK is false for the one step that decided an error code (or ended the loop).
	OK bool
}

// whyRule is a step name's rule and target. catalog sends the reader to the code's catalog
// entry first, and to target when the catalog panel does not list the code.
type whyRule struct {
	name, rule, target string
	catalog            bool
}

// whyRules is the one table of the rules: the vocabularies of docs/trace.md (a call's steps,
// the loop's steps, a vendor response's steps), whose names do not overlap. An array rather
// than a map: the linker writes it as data, where a map literal is code that builds the map
// at start (6.8 KB of app.wasm for these 17 entries).
var whyRules = [...]whyRule{
	{"parse", "Strict JSON parse", "note-02-never-coerced", false},
	{"lookup", "Look-up", "note-04-valid-json-still-wrong", false},
	{"keys", "Known arguments", "note-05-errors-are-interface", false},
	{"type", "JSON type", "note-02-never-coerced", false},
	{"trim", "Trim spaces", "switch-trim", false},
	{"digits", "Digit strings", "switch-digit_strings", false},
	{"bool_string", "true/false strings", "switch-bool_strings", false},
	{"range", "Range", "note-04-valid-json-still-wrong", false},
	{"match", "Id shape", "note-01-narrow-map", false},
	{"handler", "Handler", "note-05-errors-are-interface", false},

	{"code", "Code", "note-05-errors-are-interface", true},
	{"count", "Retry cap", "note-07-retry-caps", true},
	{"decision", "Decision", "note-07-retry-caps", false},

	{"status", "HTTP status", "note-06-http-status", false},
	{"retry_after", "Retry-After", "note-06-http-status", true},
	{"correlation_id", "Request id", "note-06-http-status", true},
	{"body", "Body left out", "note-06-http-status", false},
}

// ruleFor is the rule of the step named name.
func ruleFor(name string) (whyRule, bool) {
	for _, r := range whyRules {
		if r.name == name {
			return r, true
		}
	}
	return whyRule{}, false
}

// catalogID is the id of code's entry in the catalog panel.
func catalogID(code coerce.Code) string { return "catalog-" + string(code) }

// WhyFor is Why for a trace whose outcome is code: the rules that concern the code (the loop's
// code and count, a vendor's retry_after and correlation_id) lead to its catalog entry.
func WhyFor(t coerce.Trace, code coerce.Code) []WhyStep {
	out := make([]WhyStep, len(t))
	for i, s := range t {
		r, ok := ruleFor(s.Name)
		if !ok {
			r.rule = s.Name
		}
		text := s.Detail
		if s.Field != "" {
			text = s.Field + ": " + text
		}
		switch {
		case s.Before != "" && s.After != "":
			text += " (" + s.Before + " → " + s.After + ")"
		case s.Before != "":
			text += " (got " + s.Before + ")"
		case s.After != "":
			text += " (→ " + s.After + ")"
		}
		out[i] = WhyStep{Rule: r.rule, Target: r.target, Text: text, OK: s.OK}
		if _, listed := coerce.Lookup(coerce.Code(code)); r.catalog && listed {
			out[i].Target, out[i].Alt = catalogID(code), r.target
		}
	}
	return out
}

// Mispredicted reports whether a result's Why opens by itself: the row had a prediction and
// the code was not it.
func Mispredicted(want, code coerce.Code) bool { return want != "" && want != code }

// traceMessage is a trace as a postMessage carries it: the array data-trace holds, as values
// (before and after are the JSON values, as in coerce.Trace.JSON).
func traceMessage(t coerce.Trace) []any {
	out := make([]any, len(t))
	for i, s := range t {
		m := map[string]any{"step": s.Name, "ok": s.OK, "detail": s.Detail}
		if s.Field != "" {
			m["field"] = s.Field
		}
		if s.Before != "" {
			m["before"] = jsonScalar(s.Before)
		}
		if s.After != "" {
			m["after"] = jsonScalar(s.After)
		}
		out[i] = m
	}
	return out
}

// jsonScalar is JSON text as a Go value postMessage can carry: a string, number, boolean or
// nil; any other text (a fraction, an object) stays the text.
func jsonScalar(text string) any {
	switch text {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	// Integers only: strconv.ParseFloat would add some 5 KiB to the page. A fraction or an
	// exponent stays its text.
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return n
	}
	if u := unquote(jsontext.Value(text)); u != "" || text == `""` {
		return u
	}
	return text
}
