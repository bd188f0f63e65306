package coerce

import (
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// maxGotBytes bounds the text of got (and of a field name taken from the input), cut mark included.
const maxGotBytes = 64

// cutMark ends a value that was cut to fit: it is visible to the model and to a person.
const cutMark = "…"

// redacted replaces a value that must not be echoed.
const redacted = "[redacted]"

// isSecretField reports whether a field is named like one that carries credentials.
func isSecretField(name string) bool {
	n := strings.ReplaceAll(strings.ToLower(name), "-", "_")
	// The name parts of fields whose values are never echoed, whatever they hold.
	secretFieldWords := [...]string{"token", "secret", "password", "passwd", "api_key", "apikey", "authorization", "credential", "private_key", "cookie"}
	for _, w := range secretFieldWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// looksLikeCredential reports whether s holds something shaped like a credential anywhere in it:
// a bearer token, Stripe, GitHub, Slack or AWS keys, a JWT or a PEM block. Wherever a model pasted
// one, echoing it back would copy it into another log.
func looksLikeCredential(s string) bool {
	for _, p := range [...]string{"sk_live_", "sk_test_", "rk_live_", "rk_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "-----BEGIN"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	if hasBearer(s) {
		return true
	}
	nextDot := -2 // the first '.' at or after i: -2 not looked for yet, -1 none left
	// Each case starts with one byte compare, so most bytes cost one switch: a handler's 10 MB
	// hint is scanned in a tenth of a second, not a third.
	for i := 0; i+5 <= len(s); i++ {
		switch c := s[i]; {
		case c == 'x' && strings.HasPrefix(s[i:], "xox") && (s[i+3] >= 'a' && s[i+3] <= 'z') && s[i+4] == '-':
			// xox?-: Slack's bot, user, app, refresh (xoxe-) and legacy tokens; new letters appear.
			return true
		case c == 'A' && (strings.HasPrefix(s[i:], "AKIA") || strings.HasPrefix(s[i:], "ASIA")) && upperAlnumRun(s[i+4:]) >= 16:
			return true
		case c == 'e' && strings.HasPrefix(s[i:], "eyJ"):
			// Every "eyJ" before the same dot shares it: look it up once, not once per "eyJ"
			// (64 KiB of "eyJ" took 33 ms).
			if nextDot != -1 && nextDot < i {
				if nextDot = strings.IndexByte(s[i:], '.'); nextDot >= 0 {
					nextDot += i
				}
			}
			if nextDot > i+3 && strings.HasPrefix(s[nextDot+1:], "eyJ") {
				return true
			}
		}
	}
	return false
}

func upperAlnumRun(s string) int {
	n := 0
	for n < len(s) && (s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return n
}

// hasBearer reports whether s holds "bearer" (any case) followed by ASCII whitespace: an
// Authorization value pasted with a tab or a line break after the scheme is still a token.
func hasBearer(s string) bool {
	const word = "bearer"
	for i := 0; i+len(word) < len(s); i++ {
		if s[i]|0x20 == 'b' && strings.EqualFold(s[i:i+len(word)], word) && isASCIISpace(s[i+len(word)]) {
			return true
		}
	}
	return false
}

// Cut shortens s to at most max bytes, cut mark included, on a UTF-8 boundary.
func Cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	n := max - len(cutMark)
	if n < 0 {
		n = 0
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + cutMark
}

// echo is what may be shown of text the package did not write itself (a value from the input, a
// key, a handler's hint or permission): "[redacted]" when it holds anything shaped like a
// credential, and otherwise the text cut to max bytes. Every such text passes through it, so
// got, field, hint and required_permission are redacted the same way.
func echo(s string, max int) string {
	if looksLikeCredential(s) {
		return redacted
	}
	return Cut(s, max)
}

// gotString is what may be echoed of a string value in field: redacted or cut.
func gotString(field, value string) string {
	if isSecretField(field) {
		return redacted
	}
	return echo(value, maxGotBytes)
}

// fieldLabel is how a field name not declared by the tool (an unknown or repeated key, a
// handler's field) is echoed.
func fieldLabel(name string) string { return echo(name, maxGotBytes) }

// gotJSON returns the JSON text of got for a raw argument value, or "" when echoing it would not
// help (arrays and objects: the hint says what was wrong with them).
func gotJSON(field string, raw jsontext.Value) string {
	switch raw.Kind() {
	case '"':
		s, err := jsontext.AppendUnquote(nil, raw)
		if err != nil {
			return ""
		}
		return string(appendQuoted(nil, gotString(field, string(s))))
	case '0', 't', 'f', 'n':
		if isSecretField(field) {
			return `"` + redacted + `"`
		}
		if len(raw) <= maxGotBytes {
			return string(raw)
		}
		return string(appendQuoted(nil, Cut(string(raw), maxGotBytes)))
	}
	return ""
}

// appendQuoted appends s as a JSON string. Invalid UTF-8 (which the parser never lets through)
// would come out as U+FFFD rather than break the observation.
//
// Plain printable ASCII, which is nearly every key and hint, is copied as it is: the bytes are
// the same as jsontext's, without its general path (a fifth of an ok call before this).
func appendQuoted(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			out, _ := jsontext.AppendQuote(dst, s)
			return out
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
