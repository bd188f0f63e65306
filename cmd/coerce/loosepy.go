package main

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Python a pydantic validator runs on: json.loads (v1) and pydantic-core's own reader (v2)
// keep JSON integers exact and read other numbers as float; v1's lax int is Python's int(),
// v2's is pydantic-core's stricter string reading. Each function here is one such rule.

// pySpace is what Python's str.strip() removes: Unicode white space and the separators
// U+001C to U+001F.
func pySpace(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }

// pyIntString is Python's int(s) in base 10: stripped, an optional sign, then decimal digits of
// any script, with single underscores between digits. ok is false where int() raises.
func pyIntString(s string) (*big.Int, bool) {
	return parseUnderscored(strings.TrimFunc(s, pySpace), true)
}

// pydantic2IntString is pydantic-core's lax reading of a string as an int: stripped, an
// optional sign, ASCII digits with single underscores between them, and optionally a point
// followed by zeros only ("17.0", as measured); no exponent, no other script.
func pydantic2IntString(s string) (*big.Int, bool) {
	s = strings.TrimFunc(s, pySpace)
	if whole, frac, ok := strings.Cut(s, "."); ok {
		if frac == "" || strings.Trim(frac, "0") != "" {
			return nil, false
		}
		s = whole
	}
	return parseUnderscored(s, false)
}

// parseUnderscored reads an optionally signed run of decimal digits with single underscores
// between digits; anyScript takes every Unicode decimal digit (Nd), as Python's int() does.
func parseUnderscored(s string, anyScript bool) (*big.Int, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return nil, false
	}
	var digits strings.Builder
	for _, r := range s {
		if digits.Len() > 40 {
			return nil, false // past any bound a field has (int64): refused, and big.Int is spared a million digits
		}
		switch {
		case r == '_':
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case anyScript && unicode.Is(unicode.Nd, r):
			digits.WriteByte(byte('0' + digitValue(r)))
		default:
			return nil, false
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	if ok && neg {
		n.Neg(n)
	}
	return n, ok
}

// digitValue is the value of a Unicode decimal digit: Nd digits come in runs of ten from zero.
func digitValue(r rune) int {
	start := r
	for unicode.Is(unicode.Nd, start-1) {
		start--
	}
	return int(r-start) % 10
}

// pyIntLiteral is a JSON number as Python reads it: an integer literal exactly (isInt), any
// other as a float.
func pyIntLiteral(lit string) (n *big.Int, f float64, isInt bool) {
	if !strings.ContainsAny(lit, ".eE") {
		n, ok := new(big.Int).SetString(lit, 10)
		return n, 0, ok
	}
	f, _ = strconv.ParseFloat(lit, 64)
	return nil, f, false
}

// pyFloatInt is int(f): toward zero; nil for an infinity (int() raises).
func pyFloatInt(f float64) *big.Int {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil
	}
	n, _ := new(big.Float).SetFloat64(math.Trunc(f)).Int(nil)
	return n
}

// pyRepr is str(f) for a float: the shortest digits, plain from 1e-4 up to 1e16 with ".0" when
// whole, and with an exponent of at least two digits outside ("1e+16", "1.5e-05").
func pyRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if f == 0 || x >= -4 && x < 16 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	digits := strings.TrimLeft(exp[1:], "0")
	if len(digits) < 2 {
		digits = strings.Repeat("0", 2-len(digits)) + digits
	}
	return mant + "e" + exp[:1] + digits
}

// pyFloatString is Python's float(s) on a decimal: stripped, an optional sign, digits of any
// script with single underscores between digits, an optional fraction and exponent. The
// spellings inf and nan, which float() also reads, count as refused: whether a bound lets them
// through was not measured, and a report must not claim more than it knows.
func pyFloatString(s string) (float64, bool) { return decimalFloat(s, true) }

// pydantic2FloatString is pydantic-core's lax reading of a string as a float: stripped, then an
// ASCII decimal with an optional sign, fraction and exponent (inf and nan refused, as above).
func pydantic2FloatString(s string) (float64, bool) { return decimalFloat(s, false) }

func decimalFloat(s string, python bool) (float64, bool) {
	s = strings.TrimFunc(s, pySpace)
	var b strings.Builder
	prev := rune(0)
	for i, r := range s {
		switch {
		case r == '_' && python:
			next, _ := utf8.DecodeRuneInString(s[i+1:])
			if !isDigitRune(prev) || !isDigitRune(next) {
				return 0, false
			}
		case r >= '0' && r <= '9' || strings.ContainsRune("+-.eE", r):
			b.WriteRune(r)
		case python && unicode.Is(unicode.Nd, r):
			b.WriteByte(byte('0' + digitValue(r)))
		default:
			return 0, false
		}
		prev = r
	}
	lit := b.String()
	if !decimalLiteral(strings.TrimLeft(lit, "+-")) || len(lit)-len(strings.TrimLeft(lit, "+-")) > 1 {
		return 0, false
	}
	f, err := strconv.ParseFloat(lit, 64)
	return f, err == nil
}

func isDigitRune(r rune) bool { return unicode.Is(unicode.Nd, r) }
