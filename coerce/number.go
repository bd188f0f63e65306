package coerce

import (
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// decimal is a JSON number read exactly: the value is 0.digits × 10^exp, with digits free of
// leading and trailing zeros (empty for zero). Bounds are compared as decimals, so 0.1 + 0.2
// is never near 0.3 and no float parser is linked into the page.
type decimal struct {
	neg    bool
	digits string
	exp    int
}

// maxExponent saturates an exponent: beyond it every number compares as ±infinite or zero, as
// it would in any float, and an exponent of a million digits is read without overflow.
const maxExponent = 1 << 30

// parseDecimal reads a JSON number literal; ok is false for text that is not one.
func parseDecimal(lit []byte) (d decimal, ok bool) {
	i := 0
	if i < len(lit) && lit[i] == '-' {
		d.neg = true
		i++
	}
	var mant []byte
	point, seenDigit := 0, false
	for ; i < len(lit) && (lit[i] >= '0' && lit[i] <= '9' || lit[i] == '.'); i++ {
		if lit[i] == '.' {
			if point != 0 || !seenDigit {
				return decimal{}, false
			}
			point = len(mant) + 1
			continue
		}
		seenDigit = true
		mant = append(mant, lit[i])
	}
	if !seenDigit {
		return decimal{}, false
	}
	intDigits := len(mant)
	if point != 0 {
		intDigits = point - 1
	}
	exp := 0
	if i < len(lit) && (lit[i] == 'e' || lit[i] == 'E') {
		e, ok := parseExponent(lit[i+1:])
		if !ok {
			return decimal{}, false
		}
		exp, i = e, len(lit)
	}
	if i != len(lit) {
		return decimal{}, false
	}
	lead := 0
	for lead < len(mant) && mant[lead] == '0' {
		lead++
	}
	end := len(mant)
	for end > lead && mant[end-1] == '0' {
		end--
	}
	d.digits = string(mant[lead:end])
	d.exp = clampExp(intDigits - lead + exp)
	if d.digits == "" {
		d.neg, d.exp = false, 0
	}
	return d, true
}

func parseExponent(s []byte) (int, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = min(n*10+int(c-'0'), maxExponent)
	}
	if neg {
		n = -n
	}
	return n, true
}

func clampExp(e int) int { return max(-maxExponent, min(e, maxExponent)) }

// cmpDecimal is -1, 0 or 1 as a is less than, equal to or more than b.
func cmpDecimal(a, b decimal) int {
	switch {
	case a.neg != b.neg && (a.digits != "" || b.digits != ""):
		if a.neg {
			return -1
		}
		return 1
	case a.neg:
		return -cmpMagnitude(a, b)
	}
	return cmpMagnitude(a, b)
}

func cmpMagnitude(a, b decimal) int {
	switch {
	case a.digits == "" || b.digits == "":
		return cmpInt(len(a.digits), len(b.digits))
	case a.exp != b.exp:
		return cmpInt(a.exp, b.exp)
	}
	for i := 0; i < len(a.digits) && i < len(b.digits); i++ {
		if a.digits[i] != b.digits[i] {
			return cmpInt(int(a.digits[i]), int(b.digits[i]))
		}
	}
	return cmpInt(len(a.digits), len(b.digits))
}

func cmpInt(x, y int) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// numberRange says a Number field's bounds for a hint: "a number from 1 to 10".
func numberRange(f *Field) string {
	lo, hi := "from ", " to "
	if f.ExclusiveMin {
		lo = "above "
	}
	if f.ExclusiveMax {
		hi = " and below "
	}
	switch {
	case f.MinNumber != "" && f.MaxNumber != "":
		return "a number " + lo + f.MinNumber + hi + f.MaxNumber
	case f.MinNumber != "":
		if f.ExclusiveMin {
			return "a number above " + f.MinNumber
		}
		return "a number of at least " + f.MinNumber
	case f.MaxNumber != "":
		if f.ExclusiveMax {
			return "a number below " + f.MaxNumber
		}
		return "a number of at most " + f.MaxNumber
	}
	return "a number"
}

// inNumberRange reports whether d is within f's bounds (checked valid by checkCompound).
func inNumberRange(f *Field, d decimal) bool {
	if lo, ok := parseDecimal([]byte(f.MinNumber)); ok {
		if c := cmpDecimal(d, lo); c < 0 || c == 0 && f.ExclusiveMin {
			return false
		}
	}
	if hi, ok := parseDecimal([]byte(f.MaxNumber)); ok {
		if c := cmpDecimal(d, hi); c > 0 || c == 0 && f.ExclusiveMax {
			return false
		}
	}
	return true
}

// coerceNumber is the Number rule: a JSON number, or (with DigitStrings) a string of ASCII
// digits after trimming, exactly as an Integer takes one: "17" is 17, while "1.5", "-1" and
// "1e3" in quotes are refused. A boolean is never a number. It returns the number's JSON
// literal: as sent, or the digits read from the string.
func coerceNumber(f *Field, raw jsontext.Value, r Rules, tr *tracer) (string, *Error) {
	bad := func(step stepID, hint string) (string, *Error) { return "", invalidAt(step, f.Name, hint) }
	like := ", like " + f.Example
	var lit []byte
	switch k := raw.Kind(); k {
	case '0':
		lit = raw
		tr.ok(stepType, f.Name, "a JSON number")
	case '"':
		if !r.DigitStrings {
			return bad(stepType, f.Name+" must be a JSON number"+like+", not a string")
		}
		s, ok := stringContent(raw)
		if ok && r.TrimSpace {
			s = trimmed(f, raw, s, tr)
		}
		n, ok2 := parseDigits(s)
		if !ok || !allASCIIDigits(s) || !ok2 || s[0] == '0' && len(s) > 1 {
			return bad(stepDigits, f.Name+" must be a JSON number"+like+"; a string is read only when it is digits alone, without a leading 0")
		}
		lit = strconv.AppendInt(nil, n, 10)
		if tr != nil {
			tr.changed(stepDigits, f.Name, "a digit string read as a number", traceString(f.Name, s), string(lit))
		}
	case 't', 'f':
		return bad(stepType, f.Name+" must be a number"+like+"; true and false are never numbers")
	default:
		return bad(stepType, f.Name+" must be one number"+like+", not "+kindWord(k))
	}
	d, ok := parseDecimal(lit)
	if !ok || !inNumberRange(f, d) {
		return bad(stepRange, f.Name+" must be "+numberRange(f)+like)
	}
	if tr != nil {
		tr.ok(stepRange, f.Name, "within the range: "+numberRange(f))
	}
	return string(lit), nil
}
