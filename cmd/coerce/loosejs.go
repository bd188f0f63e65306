package main

import (
	"math"
	"strconv"
	"strings"
	"unicode"

	"coerceplayground/internal/jsontree"
)

// The JavaScript a zod or ajv validator runs on: JSON.parse hands it float64 numbers, and its
// coercions are Number(x), String(x) and the == comparison. Each function here is that
// language rule, written from ECMAScript's (StringToNumber, Number::toString, Array's
// toString), so a loose validator is evaluated on the argument as it would really see it.

// jsNumber is Number(v) for a value JSON.parse made; v nil is undefined.
func jsNumber(v *jsontree.Node) float64 {
	if v == nil {
		return math.NaN()
	}
	switch v.Kind {
	case 't':
		return 1
	case 'f', 'n':
		return 0
	case '0':
		f, _ := strconv.ParseFloat(v.Text, 64) // JSON.parse rounds as ParseFloat does; ±Inf past the range
		return f
	case '"', '[':
		return jsStringToNumber(jsString(v))
	}
	return math.NaN() // an object
}

// jsString is String(v) for a value JSON.parse made; v nil is undefined.
func jsString(v *jsontree.Node) string {
	if v == nil {
		return "undefined"
	}
	switch v.Kind {
	case '"':
		return v.Text
	case 't':
		return "true"
	case 'f':
		return "false"
	case 'n':
		return "null"
	case '0':
		return jsNumberString(jsNumber(v))
	case '[':
		parts := make([]string, len(v.Kids))
		for i, k := range v.Kids {
			if k.Kind != 'n' { // Array.prototype.join writes null as ""
				parts[i] = jsString(k)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// jsSpace is JavaScript's white space and line terminators, which StringToNumber trims.
func jsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x2028, 0x2029, 0xfeff:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}

// jsStringToNumber is ECMAScript's StringToNumber: trimmed; empty is 0; Infinity with a sign;
// 0x, 0o and 0b integers without one; otherwise a decimal literal, or NaN.
func jsStringToNumber(s string) float64 {
	s = strings.TrimFunc(s, jsSpace)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			return radixNumber(s[2:], 16)
		case 'o', 'O':
			return radixNumber(s[2:], 8)
		case 'b', 'B':
			return radixNumber(s[2:], 2)
		}
	}
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 {
		return math.NaN()
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	if !decimalLiteral(body) {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// radixNumber reads digits in base, rounding as JavaScript does past 2^53 (through float64).
func radixNumber(digits string, base int) float64 {
	f := 0.0
	for _, c := range digits {
		d, err := strconv.ParseUint(string(c), base, 8)
		if err != nil {
			return math.NaN()
		}
		f = f*float64(base) + float64(d)
	}
	return f
}

// decimalLiteral reports whether s is StrUnsignedDecimalLiteral: digits with an optional
// fraction (either side of the point may be empty, not both) and an optional exponent.
func decimalLiteral(s string) bool {
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		exp = strings.TrimLeft(exp, "+-")
		if len(exp) == 0 || !allDigits(exp) || strings.Count(s, "+")+strings.Count(s, "-") > 1 {
			return false
		}
	}
	whole, frac, _ := strings.Cut(mant, ".")
	return whole+frac != "" && allDigits(whole) && allDigits(frac)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// jsNumberString is Number::toString: the shortest digits, in plain notation from 1e-6 to 1e21
// and with an exponent ("1e+21", "1e-7") outside.
func jsNumberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+21, 1.5e-07
	mant, exp, _ := strings.Cut(s, "e")
	return mant + "e" + exp[:1] + strings.TrimLeft(exp[1:], "0")
}

// utf16Len is a JavaScript string's length: UTF-16 code units, as zod's min and max count.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xffff {
			n++
		}
	}
	return n
}
