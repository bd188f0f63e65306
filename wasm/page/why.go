package page

// The Why disclosure of a result: the steps of its call (coerce.Trace) in plain words, each led by
// the name of the rule that took it and pointing at where the page explains that rule: a
// coercion's switch, or the lesson note about it.

import (
	"strconv"

	"coerceplayground/coerce"
	"github.com/go-json-experiment/json/jsontext"
)

// WhyStep is one line of a Why disclosure.
type WhyStep struct {
	// Rule names the step in plain words ("Trim spaces", "Strict JSON parse").
	Rule string
	// Target is the id of the element that explains the rule: a switch or a lesson note card.
	Target string
	// Text says what the step found, with the value before and after a rule changed it.
	Text string
	// OK is false for the one step that decided an error code.
	OK bool
}

// whyRule is a step name's rule and target. One table: the vocabulary of docs/trace.md.
var whyRules = map[string]struct{ rule, target string }{
	"parse":       {"Strict JSON parse", "note-02-never-coerced"},
	"lookup":      {"Look-up", "note-04-valid-json-still-wrong"},
	"keys":        {"Known arguments", "note-05-errors-are-interface"},
	"type":        {"JSON type", "note-02-never-coerced"},
	"trim":        {"Trim spaces", "switch-trim"},
	"digits":      {"Digit strings", "switch-digit_strings"},
	"bool_string": {"true/false strings", "switch-bool_strings"},
	"range":       {"Range", "note-04-valid-json-still-wrong"},
	"match":       {"Id shape", "note-01-narrow-map"},
	"handler":     {"Handler", "note-05-errors-are-interface"},
}

// Why turns a trace into the lines of its Why disclosure, in order.
func Why(t coerce.Trace) []WhyStep {
	out := make([]WhyStep, len(t))
	for i, s := range t {
		r, ok := whyRules[s.Name]
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
		}
		out[i] = WhyStep{Rule: r.rule, Target: r.target, Text: text, OK: s.OK}
	}
	return out
}

// WhyTargets lists every id a Why line can point at, for the test that each one exists.
func WhyTargets() []string {
	var ids []string
	for _, r := range whyRules {
		ids = append(ids, r.target)
	}
	return ids
}

// Mispredicted reports whether a result's Why opens by itself: the row had a prediction and
// the code was not it.
func Mispredicted(want, code string) bool { return want != "" && want != code }

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
// nil; any other text stays the text.
func jsonScalar(text string) any {
	switch text {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	if n, err := strconv.ParseFloat(text, 64); err == nil {
		return n
	}
	if u := unquote(jsontext.Value(text)); u != "" || text == `""` {
		return u
	}
	return text
}
