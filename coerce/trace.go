package coerce

import "strconv"

// Step is one step of a traced call ([Dispatcher.CallTraced]). Name is one word of a fixed
// vocabulary, in the order a call takes them:
//
//   - parse: the strict JSON parse of the whole argument text (syntax, duplicate keys, nesting
//     depth, UTF-8, size, trailing data).
//   - lookup: finding what the call names: the tool itself before anything else (invalid_args when
//     there is no such tool), and, after the handler ran, the record (the handler's not_found).
//   - keys: unknown arguments, and missing required ones.
//   - type: the JSON kind of one argument (booleans are checked first: true is not job 1).
//   - trim: surrounding ASCII white space taken off a string.
//   - digits: a string of ASCII digits read as an integer ("42" → 42); no leading zeros.
//   - bool_string: the string "true" or "false" read as a boolean, only on a field that opts in.
//   - range: an integer within 1 … the field's maximum.
//   - match: an id's shape after trimming: its prefix, matched exactly, then letters and digits;
//     or a Text field's length, enum and pattern.
//   - handler: the handler's run: ok, denied, a timeout, a panic or a plain error.
//
// A call that ends ok has every step ok. A call that ends in an error has exactly one step that
// is not ok, and it is the last: the one that decided the observation's code and field. The
// steps of a call that could not be parsed are that one failing parse step.
type Step struct {
	Name string
	OK   bool
	// Field is the argument the step is about, as the observation names it; "" for the call.
	Field string
	// Detail says what the step found, in a short plain sentence.
	Detail string
	// Before and After are the value before and after a rule changed it, as JSON text (`" 42 "`,
	// `"42"`, `42`), redacted and cut exactly as got is. Before alone is the offending value of a
	// failing step (the observation's got); both are empty when there is nothing to show.
	Before, After string
	// Loosened marks a step taken by a loosened reading ([Loosening]), never by the lesson's rules.
	Loosened bool
}

// Trace is the steps of one call, in order.
type Trace []Step

// stepID names a step without a string in the Error, so an untraced call carries one byte more.
type stepID uint8

const (
	stepNone stepID = iota
	stepParse
	stepLookup
	stepKeys
	stepType
	stepTrim
	stepDigits
	stepBoolString
	stepRange
	stepMatch
	stepHandler
)

func (s stepID) String() string {
	switch s {
	case stepParse:
		return "parse"
	case stepLookup:
		return "lookup"
	case stepKeys:
		return "keys"
	case stepType:
		return "type"
	case stepTrim:
		return "trim"
	case stepDigits:
		return "digits"
	case stepBoolString:
		return "bool_string"
	case stepRange:
		return "range"
	case stepMatch:
		return "match"
	case stepHandler:
		return "handler"
	}
	return ""
}

// JSON writes the trace as a JSON array of objects with the members step, ok, field (when set),
// detail, before and after (when set): the text a page puts in an attribute or a log line.
func (t Trace) JSON() []byte { return t.AppendJSON(make([]byte, 0, 128*len(t)+2)) }

// AppendJSON appends the trace's JSON (as JSON writes it) to b and returns the result: a page
// that writes many traces into one buffer (10,000 result rows) allocates none of its own.
func (t Trace) AppendJSON(b []byte) []byte {
	b = append(b, '[')
	for i := range t {
		if i > 0 {
			b = append(b, ',')
		}
		s := &t[i]
		b = append(b, `{"step":`...)
		b = appendQuoted(b, s.Name)
		b = append(b, `,"ok":`...)
		b = strconv.AppendBool(b, s.OK)
		if s.Field != "" {
			b = append(b, `,"field":`...)
			b = appendQuoted(b, s.Field)
		}
		b = append(b, `,"detail":`...)
		b = appendQuoted(b, s.Detail)
		// Before and After are JSON texts built by gotJSON or traceString; safeGot keeps a
		// value that is not one (it cannot happen) from breaking the array.
		if s.Before != "" {
			b = append(b, `,"before":`...)
			b = append(b, safeGot(s.Field, s.Before)...)
		}
		if s.After != "" {
			b = append(b, `,"after":`...)
			b = append(b, safeGot(s.Field, s.After)...)
		}
		if s.Loosened {
			b = append(b, `,"loosened":true`...)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// tracer collects a call's steps. Every method is a no-op on a nil tracer, and callers that
// build a detail or a value check for nil first, so an untraced call does no work for it.
type tracer struct {
	steps Trace
	// reach is the loosenings whose reading the call reached ([Dispatcher.CallReach]).
	reach LooseSet
}

func (tr *tracer) ok(step stepID, field, detail string) {
	if tr != nil {
		tr.steps = append(tr.steps, Step{Name: step.String(), OK: true, Field: field, Detail: detail})
	}
}

// changed records a rule that changed a value; before and after are JSON texts, already safe.
func (tr *tracer) changed(step stepID, field, detail, before, after string) {
	if tr != nil {
		tr.steps = append(tr.steps, Step{Name: step.String(), OK: true, Field: field, Detail: detail, Before: before, After: after})
	}
}

// fail ends the trace with the step that decided e. A parse failure replaces every step before
// it: the parse covers the whole text, and a syntax error anywhere wins over what was found on
// the way.
func (tr *tracer) fail(e *Error, detail string) {
	if tr == nil {
		return
	}
	step := e.step
	if step == stepNone {
		step = stepHandler
		if e.Code == NotFound {
			step = stepLookup
		}
	}
	if step == stepParse {
		tr.steps = tr.steps[:0]
	}
	if detail == "" {
		detail = e.Hint
	}
	if detail == "" {
		detail = string(e.Code)
	}
	tr.steps = append(tr.steps, Step{Name: step.String(), Field: e.Field, Detail: detail, Before: e.Got})
}

// traceString is a string value as a trace shows it: as got would echo it, quoted.
func traceString(field string, s []byte) string {
	return string(appendQuoted(nil, gotString(field, string(s))))
}

// traceInt is an integer as a trace shows it: redacted in a field named like a credential.
func traceInt(field string, n int64) string {
	if isSecretField(field) {
		return `"` + redacted + `"`
	}
	return strconv.FormatInt(n, 10)
}
