package mcpserve

import (
	"strconv"
	"unicode/utf8"
)

// The caps on what a protocol error may carry back to a client: a value it sent (a method or
// tool name, a member name, a JSON pointer) is quoted to at most maxQuotedBytes of its own, and
// a whole message to at most maxMessageBytes. Bad input of any size gets an answer of a few
// hundred bytes.
const (
	maxQuotedBytes  = 128
	maxMessageBytes = 512
)

// quoted is s as a Go-syntax quoted string (control characters and invalid UTF-8 escaped), cut
// to maxQuotedBytes on a UTF-8 boundary with the cut marked and the full length given.
func quoted(s string) string {
	if len(s) <= maxQuotedBytes {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:utf8Cut(s, maxQuotedBytes)]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// capped is msg cut to maxMessageBytes on a UTF-8 boundary, the cut marked.
func capped(msg string) string {
	if len(msg) <= maxMessageBytes {
		return msg
	}
	const mark = "… (truncated)"
	return msg[:utf8Cut(msg, maxMessageBytes-len(mark))] + mark
}

// utf8Cut is the largest n <= limit such that s[:n] ends on a rune boundary.
func utf8Cut(s string, limit int) int {
	if limit >= len(s) {
		return len(s)
	}
	n := limit
	for n > 0 && n > limit-utf8.UTFMax && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}
