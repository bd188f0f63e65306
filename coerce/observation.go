package coerce

import "strconv"

// DefaultCap is the byte cap of a tool's observations unless it sets its own.
const DefaultCap = 1024

// MinCap is the smallest cap a tool may set: room for any error code with a correlation id.
const MinCap = 128

// appendOK appends {"ok":true,...result}.
func appendOK(dst []byte, r Result) []byte {
	dst = append(dst, `{"ok":true`...)
	for _, m := range r {
		dst = append(dst, ',')
		dst = appendQuoted(dst, m.Key)
		dst = append(dst, ':')
		dst = m.Value.appendJSON(dst)
	}
	return append(dst, '}')
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
// got, then the hint's tail, then the field's tail. Code and correlation id always stay.
func encodeError(e *Error, capBytes int) []byte {
	out := appendError(make([]byte, 0, 256), e)
	if len(out) <= capBytes {
		return out
	}
	short := *e
	short.Got = ""
	out = appendError(out[:0], &short)
	for len(out) > capBytes && (short.Hint != "" || len(short.Field) > 16) {
		over := len(out) - capBytes
		switch {
		case short.Hint != "":
			short.Hint = cutBy(short.Hint, over)
		default:
			short.Field = cutBy(short.Field, over)
		}
		out = appendError(out[:0], &short)
	}
	return out
}

// cutBy shortens s by at least over bytes plus room for the cut mark (escaping can make the
// encoded form longer than s, so callers loop), or empties it when little would remain.
func cutBy(s string, over int) string {
	n := len(s) - over - len(CutMark)
	if n < 8 {
		return ""
	}
	return Cut(s, n+len(CutMark))
}
