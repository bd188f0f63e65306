package coerce

import (
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// Rules are the coercion switches. Each one widens what is accepted by exactly one boring
// spelling, and each has a fixture that is rejected without it.
type Rules struct {
	// TrimSpace trims surrounding ASCII whitespace (space, tab, CR, LF, FF, VT) from string values
	// before they are read as digits or matched as ids: " 17 " → 17, " usr_8f3a " → "usr_8f3a".
	TrimSpace bool
	// DigitStrings accepts a string of ASCII digits 0-9 for an Integer: "17" → 17.
	DigitStrings bool
	// Loose is one reading a looser validator makes, for a classroom that shows what it lets
	// through (loosen.go); LooseNone, the zero value, everywhere else.
	Loose Loosening
}

// DefaultRules is the lesson's narrow map: trimming and digit strings on. Booleans from strings
// are a per-field opt-in ([Field.BoolStrings]), off by default.
func DefaultRules() Rules { return Rules{TrimSpace: true, DigitStrings: true} }

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func trimASCIISpace(s []byte) []byte {
	for len(s) > 0 && isASCIISpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isASCIISpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func allASCIIDigits(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseDigits reads ASCII digits as an int64; ok is false beyond int64.
func parseDigits(s []byte) (n int64, ok bool) {
	const max = 1<<63 - 1
	for _, c := range s {
		d := int64(c - '0')
		if n > (max-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	return n, true
}

// stringContent returns the text of a JSON string value, without allocating when it has no escapes.
func stringContent(raw jsontext.Value) ([]byte, bool) {
	inner := raw[1 : len(raw)-1]
	for _, c := range inner {
		if c == '\\' {
			s, err := jsontext.AppendUnquote(nil, raw)
			return s, err == nil
		}
	}
	return inner, true
}

// kindWord names a JSON value's type for a hint ("true", "null", "an array").
func kindWord(k jsontext.Kind) string {
	switch k {
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	case '[':
		return "an array"
	case '{':
		return "an object"
	case '"':
		return "a string"
	}
	return "a number"
}

func rangeHint(f *Field) string {
	return f.Name + " must be a whole number from " + strconv.FormatInt(f.min(), 10) + " to " + strconv.FormatInt(f.Max, 10) + ", like " + f.Example
}

func rangeDetail(f *Field) string {
	return "within " + strconv.FormatInt(f.min(), 10) + " to " + strconv.FormatInt(f.Max, 10)
}

// parseLiteral reads a JSON integer literal (digits, perhaps after a minus sign) as an int64;
// ok is false beyond int64.
func parseLiteral(lit []byte) (n int64, ok bool) {
	if lit[0] != '-' {
		return parseDigits(lit)
	}
	if string(lit) == "-9223372036854775808" {
		return -1 << 63, true
	}
	n, ok = parseDigits(lit[1:])
	return -n, ok
}

// coerceInt is the Integer rule: a JSON integer, or (with DigitStrings) a string of ASCII digits
// after trimming; then the minimum (1 unless declared) … Max. A digit string has no sign, so a
// negative value is only ever a JSON integer. Booleans are checked first: true is not job 1.
func coerceInt(f *Field, raw jsontext.Value, r Rules, tr *tracer) (int64, *Error) {
	if n, e, done := loosenInt(f, raw, r, tr); done {
		return n, e
	}
	bad := func(step stepID, hint string) (int64, *Error) { return 0, invalidAt(step, f.Name, hint) }
	switch k := raw.Kind(); k {
	case 't', 'f', 'n', '[', '{':
		if k == '[' || k == '{' {
			return bad(stepType, f.Name+" must be one number like "+f.Example+", not "+kindWord(k))
		}
		return bad(stepType, f.Name+" must be a number like "+f.Example+", not "+kindWord(k))
	case '0':
		lit := []byte(raw)
		for _, c := range lit {
			if c == '.' || c == 'e' || c == 'E' {
				return bad(stepType, f.Name+" must be a whole number written without a decimal point or exponent, like "+f.Example)
			}
		}
		tr.ok(stepType, f.Name, "a JSON integer")
		n, ok := parseLiteral(lit)
		if !ok || n < f.min() || n > f.Max {
			return bad(stepRange, rangeHint(f))
		}
		if tr != nil {
			tr.ok(stepRange, f.Name, rangeDetail(f))
		}
		return n, nil
	}
	// A JSON string.
	if !r.DigitStrings {
		return bad(stepType, f.Name+" must be a JSON number like "+f.Example+", not a string")
	}
	tr.ok(stepType, f.Name, "a JSON string, which may hold digits")
	s, ok := stringContent(raw)
	if !ok {
		return bad(stepDigits, f.Name+" must be digits only, like "+f.Example)
	}
	if r.TrimSpace {
		s = trimmed(f, raw, s, tr)
	}
	if len(trimASCIISpace(s)) == 0 {
		return bad(stepDigits, f.Name+" is empty; send a number like "+f.Example)
	}
	if !allASCIIDigits(s) {
		return bad(stepDigits, f.Name+" must be digits only, like "+f.Example+": no signs, spaces, decimal points, other scripts or words")
	}
	n, ok := parseDigits(s)
	inRange := ok && n >= f.min() && n <= f.Max
	if inRange && s[0] == '0' && len(s) > 1 {
		// "017" is 17 in decimal and 15 in octal parsers: never guess between them. The hint
		// shows the number, unless the field is named like a credential.
		send := strconv.FormatInt(n, 10)
		if isSecretField(f.Name) {
			send = "it without the leading zeros"
		}
		return bad(stepDigits, f.Name+" must not start with 0 (some parsers read that as octal); send "+send)
	}
	if ok && tr != nil {
		tr.changed(stepDigits, f.Name, "a digit string read as an integer", traceString(f.Name, s), traceInt(f.Name, n))
	}
	if !inRange {
		return bad(stepRange, rangeHint(f))
	}
	if tr != nil {
		tr.ok(stepRange, f.Name, rangeDetail(f))
	}
	return n, nil
}

// trimmed applies TrimSpace to the content s of the string raw, and traces it when it changed.
func trimmed(f *Field, raw jsontext.Value, s []byte, tr *tracer) []byte {
	t := trimASCIISpace(s)
	if tr != nil && len(t) != len(s) {
		tr.changed(stepTrim, f.Name, "surrounding white space removed", gotJSON(f.Name, raw), traceString(f.Name, t))
	}
	return t
}

// coerceID is the PrefixedID rule: a JSON string, trimmed, then the prefix and 1-64 letters or
// digits. The handler then matches it exactly: no case folding, no fuzzy lookup.
func coerceID(f *Field, raw jsontext.Value, r Rules, tr *tracer) (string, *Error) {
	shape := f.Name + " looks like \"" + f.Example + "\": " + f.Prefix + " then letters and digits"
	if k := raw.Kind(); k != '"' {
		return "", invalidAt(stepType, f.Name, f.Name+" is a string id like \""+f.Example+"\", not "+kindWord(k))
	}
	tr.ok(stepType, f.Name, "a JSON string")
	s, ok := stringContent(raw)
	if !ok {
		return "", invalidAt(stepMatch, f.Name, shape)
	}
	if r.TrimSpace {
		s = trimmed(f, raw, s, tr)
	}
	if len(trimASCIISpace(s)) == 0 {
		return "", invalidAt(stepMatch, f.Name, f.Name+" is empty; send an id like \""+f.Example+"\"")
	}
	rest := s
	if len(rest) < len(f.Prefix) || string(rest[:len(f.Prefix)]) != f.Prefix {
		return "", invalidAt(stepMatch, f.Name, shape)
	}
	rest = rest[len(f.Prefix):]
	if len(rest) == 0 || len(rest) > maxIDSuffix {
		return "", invalidAt(stepMatch, f.Name, shape)
	}
	for _, c := range rest {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", invalidAt(stepMatch, f.Name, shape)
		}
	}
	if tr != nil {
		tr.ok(stepMatch, f.Name, "the prefix "+strconv.Quote(f.Prefix)+" exactly, then letters and digits only")
	}
	return string(s), nil
}

// coerceBool is the Boolean rule: JSON true or false; the strings "true" and "false" only where
// the field opts in. Numbers are never booleans.
func coerceBool(f *Field, raw jsontext.Value, r Rules, tr *tracer) (bool, *Error) {
	switch raw.Kind() {
	case 't', 'f':
		tr.ok(stepType, f.Name, "a JSON boolean")
		return raw.Kind() == 't', nil
	case '"':
		if !f.BoolStrings {
			break
		}
		tr.ok(stepType, f.Name, "a JSON string, and this field takes \"true\" and \"false\"")
		if s, ok := stringContent(raw); ok {
			if r.TrimSpace {
				s = trimmed(f, raw, s, tr)
			}
			switch string(s) {
			case "true", "false":
				if tr != nil {
					tr.changed(stepBoolString, f.Name, "the string read as a boolean", traceString(f.Name, s), string(s))
				}
				return string(s) == "true", nil
			}
		}
		return false, invalidAt(stepBoolString, f.Name, f.Name+" must be true or false, as a JSON boolean without quotes")
	}
	if raw.Kind() == '"' {
		return false, invalidAt(stepType, f.Name, f.Name+" must be true or false, as a JSON boolean without quotes")
	}
	return false, invalidAt(stepType, f.Name, f.Name+" must be true or false, not "+kindWord(raw.Kind()))
}
