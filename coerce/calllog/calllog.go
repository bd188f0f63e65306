// Package calllog is the log line of one proxied tool call: what `coerce proxy` writes on
// standard error for every call and what `coerce report` reads back. One type, one writer and
// one reader, so the two commands cannot disagree about the format.
//
// A line is one JSON object, never the call's arguments:
//
//		{"time":"2026-12-04T17:30:00.123Z","session":"s1","tool":"get_job","field":"job_id",
//		 "code":"ok","rules":[{"field":"job_id","rule":"digits"}],"upstream_ms":1.25}
//
//	  - time: when the call was answered, RFC 3339 in UTC with milliseconds.
//	  - session: the downstream session the call came in on (a budget is kept per session).
//	  - tool: the tool named by the call, as the caller sent it (cut to MaxText bytes).
//	  - field: the observation's field, when it names one (a JSON pointer or an argument name).
//	  - code: "ok" or a code of the catalog (coerce.Catalog).
//	  - rules: the coercion rules that changed an argument on the way (the trace's step names:
//	    trim, digits, bool_string), each with its field; absent when none did.
//	  - rules_more: how many rules were applied beyond the MaxRules written; absent when none.
//	  - upstream_ms: how long the upstream took, in milliseconds; absent when the call was
//	    answered without reaching the upstream.
//
// Every string is cut to MaxText bytes on a UTF-8 boundary, with the cut marked, so a 10 MB tool
// or field name cannot make a 10 MB log line.
package calllog

import (
	"time"

	"coerceplayground/coerce"
)

// Line is one call as logged.
type Line struct {
	Time    time.Time
	Session string
	Tool    string
	Field   string
	Code    coerce.Code
	// Rules are the coercions applied, in the order the call took them.
	Rules []Applied
	// RulesMore counts the rules applied that a written line leaves out (beyond MaxRules).
	RulesMore int
	// Forwarded is true when the call reached the upstream; Upstream is how long it took.
	Forwarded bool
	Upstream  time.Duration
}

// Applied is one coercion rule that changed one argument.
type Applied struct {
	Field string
	Rule  string
}

// MaxText bounds every string of a line, cut mark included.
const MaxText = 256

// MaxRules bounds how many rules a line lists; the rest are counted in rules_more.
const MaxRules = 16

// MaxBytes bounds a log that Read takes at once.
const MaxBytes = 64 << 20

// RulesOf returns the coercion rules a call's trace applied: each step that changed a value
// (it has both a before and an after), with its field, in order.
func RulesOf(tr coerce.Trace) []Applied {
	var rules []Applied
	for _, s := range tr {
		if s.OK && s.After != "" && s.Before != s.After {
			rules = append(rules, Applied{Field: s.Field, Rule: s.Name})
		}
	}
	return rules
}
