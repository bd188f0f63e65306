package coerce

import (
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// DefaultCap is the byte cap of a tool's observations unless it sets its own.
const DefaultCap = 1024

// MinCap is the smallest cap a tool may set: room for any error code with a correlation id.
const MinCap = 128

// appendOK appends {"ok":true,...result} when that is one well-formed object within limit bytes,
// and otherwise says why not (fault, "" when it is): see [resultWriter].
func appendOK(dst []byte, r Result, limit int) (_ []byte, fault string) {
	w := resultWriter{dst: append(dst, `{"ok":true`...), limit: limit}
	if w.members(r, 0, true) {
		w.dst = append(w.dst, '}')
		w.room(0)
	}
	return w.dst, w.fault
}

// appendError appends the error observation with the fixed key order:
// error, field, hint, got, retry_after, required_permission, correlation_id.
func appendError(dst []byte, e *Error) []byte {
	dst = append(dst, `{"error":`...)
	dst = appendQuoted(dst, string(e.Code))
	if e.Field != "" {
		dst = append(dst, `,"field":`...)
		dst = appendQuoted(dst, e.Field)
	}
	if e.Hint != "" {
		dst = append(dst, `,"hint":`...)
		dst = appendQuoted(dst, e.Hint)
	}
	if e.Got != "" {
		dst = append(dst, `,"got":`...)
		dst = append(dst, e.Got...)
	}
	if e.RetryAfter > 0 {
		dst = append(dst, `,"retry_after":`...)
		dst = strconv.AppendInt(dst, e.RetryAfter, 10)
	}
	if e.RequiredPermission != "" {
		dst = append(dst, `,"required_permission":`...)
		dst = appendQuoted(dst, e.RequiredPermission)
	}
	if e.CorrelationID != "" {
		dst = append(dst, `,"correlation_id":`...)
		dst = appendQuoted(dst, e.CorrelationID)
	}
	return append(dst, '}')
}

// encodeError returns e's observation within capBytes, giving up the least useful parts first:
// got, then the hint's tail, then the field's tail, then the tails of required_permission and
// correlation_id (only a handler or NewID gone wrong makes those long). The code always stays.
//
// e.Got must already be safe (built by gotJSON, WithGot or safeGot).
func encodeError(e *Error, capBytes int) []byte {
	out := appendError(make([]byte, 0, 256), e)
	if len(out) <= capBytes {
		return out
	}
	short := *e
	short.Got = ""
	out = appendError(out[:0], &short)
	for len(out) > capBytes {
		over := len(out) - capBytes
		switch {
		case short.Hint != "":
			short.Hint = cutBy(short.Hint, over)
		case len(short.Field) > 16:
			short.Field = cutBy(short.Field, over)
		case short.RequiredPermission != "":
			short.RequiredPermission = cutBy(short.RequiredPermission, over)
		case short.CorrelationID != "":
			short.CorrelationID = cutBy(short.CorrelationID, over)
		default:
			return appendError(out[:0], &Error{Code: short.Code})
		}
		out = appendError(out[:0], &short)
	}
	return out
}

// safeGot makes a Got that may have been set by hand rather than with WithGot (by a handler, or
// on an Error built by a caller) safe to encode. It returns got as the JSON text of one scalar, as gotJSON would echo it: valid JSON
// strings and literals are redacted and cut; anything else is echoed as a (redacted, cut) string.
func safeGot(field, got string) string {
	if v := jsontext.Value(got); v.IsValid() {
		if s := gotJSON(field, v); s != "" {
			return s
		}
	}
	return string(appendQuoted(nil, gotString(field, got)))
}

// cutBy shortens s by at least over bytes plus room for the cut mark (escaping can make the
// encoded form longer than s, so callers loop), or empties it when little would remain.
func cutBy(s string, over int) string {
	n := len(s) - over - len(cutMark)
	if n < 8 {
		return ""
	}
	return Cut(s, n+len(cutMark))
}
