package coerce

import (
	"context"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// Loosening names one reading that a looser validator makes and the lesson refuses: a boolean
// read as 1, "0x11" read as 17, an unknown key dropped. A Dispatcher whose [Rules] carry one
// runs the same parse, coercion, handler and trace as any other, with that one reading loosened,
// so a classroom can show what a peer such as zod's z.coerce.number() or Go's encoding/json
// would have done with the same call. The zero value, LooseNone, is the lesson as taught; no
// production dispatcher sets another.
//
// Each loosening models the peer as measured, end to end: where the peer has no bound after its
// reading (Go's encoding/json leaves a null int at 0 and the lookup then says not_found), the
// loosened reading skips the range step too, so that it answers differently from the lesson on
// some input rather than being refused by a later check.
type Loosening uint8

// The loosenings, one per reading. Their names (String) are stable: the lesson's mutants name them.
const (
	LooseNone Loosening = iota
	// LooseBoolAsNumber reads true as 1 and false as 0, then checks the range.
	LooseBoolAsNumber
	// LooseNullAsZero reads null as 0 with no range check, as a decoder into an int does.
	LooseNullAsZero
	// LooseMissingAsZero reads a missing integer argument as 0 with no range check.
	LooseMissingAsZero
	// LooseEmptyAsZero reads the empty string as 0 with no range check.
	LooseEmptyAsZero
	// LooseFloatStrings reads a string holding a whole decimal ("17.0", "1e1") as that integer.
	LooseFloatStrings
	// LooseFloatLiterals reads a JSON number with a fraction or exponent but a whole value
	// (17.0, 1e1) as that integer.
	LooseFloatLiterals
	// LooseTruncate reads any JSON number toward zero: 17.5 → 17.
	LooseTruncate
	// LooseNoLowerBound accepts 0 and negative JSON integers: no minimum.
	LooseNoLowerBound
	// LooseOctal reads a digit string with a leading 0 as octal: "017" → 15.
	LooseOctal
	// LooseHex reads "0x11" as 17.
	LooseHex
	// LooseUnicodeDigits reads decimal digits of any script: "１７" → 17.
	LooseUnicodeDigits
	// LooseFloat64Wrap reads a JSON integer through float64 and converts it to int64 with no
	// bound, as mapstructure does: 9223372036854775807 → -9223372036854775808.
	LooseFloat64Wrap
	// LooseUnderscores drops underscores between digits: "1_7" → 17.
	LooseUnderscores
	// LooseInnerSpace drops white space inside a digit string: "1 7" → 17.
	LooseInnerSpace
	// LoosePlusSign reads "+17" as 17.
	LoosePlusSign
	// LooseDropUnknown drops unknown arguments silently.
	LooseDropUnknown
	// LooseFoldKeys matches an argument's name case-insensitively: "JOB_ID" is job_id.
	LooseFoldKeys
	// LooseLastDuplicate lets a repeated key through, the last value winning.
	LooseLastDuplicate
	looseCount
)

var looseNames = [looseCount]string{
	"", "bool_as_number", "null_as_zero", "missing_as_zero", "empty_as_zero", "float_strings",
	"float_literals", "truncate", "no_lower_bound", "octal", "hex", "unicode_digits",
	"float64_wrap", "underscores", "inner_space", "plus_sign", "drop_unknown", "fold_keys",
	"last_duplicate",
}

// String is the loosening's stable name ("bool_as_number"); "" for LooseNone.
func (l Loosening) String() string {
	if l < looseCount {
		return looseNames[l]
	}
	return ""
}

// Loosenings lists every loosening but LooseNone, in declaration order.
func Loosenings() []Loosening {
	out := make([]Loosening, 0, looseCount-1)
	for l := LooseBoolAsNumber; l < looseCount; l++ {
		out = append(out, l)
	}
	return out
}

// LooseningNamed returns the loosening called name.
func LooseningNamed(name string) (Loosening, bool) {
	for l := LooseBoolAsNumber; l < looseCount; l++ {
		if looseNames[l] == name {
			return l, true
		}
	}
	return LooseNone, false
}

// A LooseSet is a set of loosenings.
type LooseSet uint32

// Has reports whether l is in the set.
func (s LooseSet) Has(l Loosening) bool { return s&(1<<l) != 0 }

func (s LooseSet) with(l Loosening) LooseSet { return s | 1<<l }

// CallReach is CallTraced on a dispatcher without a loosening, that also returns the loosenings
// the call reached: those whose reading would have applied to one of its values or keys. A
// dispatcher loosened by any other answers this call exactly as this one did (it takes the same
// steps up to the point where its own reading would apply, and never gets there), so a hunt runs
// a row only on the mutants in reach. A call refused at the parse reaches LooseLastDuplicate,
// whatever the reason: a repeated key is one.
func (d *Dispatcher) CallReach(ctx context.Context, tool string, raw []byte) (Outcome, Trace, LooseSet) {
	tr := &tracer{steps: make(Trace, 0, 8)}
	o := d.dispatch(ctx, tool, raw, tr)
	if len(tr.steps) == 1 && tr.steps[0].Name == "parse" && !tr.steps[0].OK {
		tr.reach = tr.reach.with(LooseLastDuplicate)
	}
	return o, tr.steps, tr.reach
}

// intReach is the set of Integer loosenings whose reading applies to raw: each one's loosened
// reading tried, untraced.
func intReach(f *Field, raw jsontext.Value, r Rules) LooseSet {
	var s LooseSet
	for l := LooseBoolAsNumber; l < looseCount; l++ {
		r.Loose = l
		if _, _, done := loosenInt(f, raw, r, nil); done {
			s = s.with(l)
		}
	}
	return s
}

// loosened records a step that a loosened rule took: ok, with the value before and after.
func (tr *tracer) loosened(step stepID, field, detail, before, after string) {
	if tr != nil {
		tr.steps = append(tr.steps, Step{Name: step.String(), OK: true, Field: field, Detail: detail, Before: before, After: after, Loosened: true})
	}
}

// loosenInt is the Integer rule's loosened reading, tried before the lesson's own: done is false
// when the loosening does not apply to raw, and the lesson's rule then reads it as always.
func loosenInt(f *Field, raw jsontext.Value, r Rules, tr *tracer) (n int64, e *Error, done bool) {
	if r.Loose == LooseNone {
		if tr != nil {
			tr.reach |= intReach(f, raw, r)
		}
		return 0, nil, false
	}
	k := raw.Kind()
	switch r.Loose {
	case LooseBoolAsNumber:
		if k == 't' || k == 'f' {
			if k == 't' {
				n = 1
			}
			return looseRanged(f, raw, n, "a boolean read as a number", tr)
		}
	case LooseNullAsZero:
		if k == 'n' {
			return looseUnbounded(f, raw, 0, "null read as 0, and no bound checked after it", tr)
		}
	case LooseFloatLiterals, LooseTruncate:
		if k == '0' && !isIntegerLiteral(raw) {
			n, ok := looseDecimal(raw, r.Loose == LooseTruncate)
			if ok {
				return looseRanged(f, raw, n, "a number with a decimal point or exponent read as an integer", tr)
			}
		}
	case LooseNoLowerBound:
		if k == '0' && isIntegerLiteral(raw) {
			if n, ok := parseLiteral(raw); ok && n < f.min() {
				return looseUnbounded(f, raw, n, "an integer below the minimum accepted", tr)
			}
		}
	case LooseFloat64Wrap:
		if k == '0' && isIntegerLiteral(raw) {
			fl, err := strconv.ParseFloat(string(raw), 64)
			exact, ok := parseLiteral(raw)
			if n := float64ToInt64(fl); err == nil && (!ok || n != exact || n < f.min() || n > f.Max) {
				return looseUnbounded(f, raw, n, "an integer read through float64, then converted to int64", tr)
			} // the same value within range: the lesson's reading applies

		}
	default:
		if k == '"' {
			return loosenIntString(f, raw, r, tr)
		}
	}
	return 0, nil, false
}

// loosenIntString is the loosened reading of a string for an Integer field.
func loosenIntString(f *Field, raw jsontext.Value, r Rules, tr *tracer) (int64, *Error, bool) {
	s, ok := stringContent(raw)
	if !ok {
		return 0, nil, false
	}
	if r.TrimSpace {
		s = trimASCIISpace(s)
	}
	var n int64
	switch r.Loose {
	case LooseEmptyAsZero:
		if len(s) == 0 {
			return looseUnbounded(f, raw, 0, "the empty string read as 0, and no bound checked after it", tr)
		}
		return 0, nil, false
	case LooseFloatStrings:
		if allASCIIDigits(s) {
			return 0, nil, false
		}
		n, ok = looseDecimal(s, false)
	case LooseOctal:
		if len(s) < 2 || s[0] != '0' || !allASCIIDigits(s) {
			return 0, nil, false
		}
		n, ok = parseBase(s[1:], 8)
	case LooseHex:
		if len(s) < 3 || s[0] != '0' || s[1] != 'x' && s[1] != 'X' {
			return 0, nil, false
		}
		n, ok = parseBase(s[2:], 16)
	case LooseUnicodeDigits:
		n, ok = unicodeDigits(s)
	case LooseUnderscores, LooseInnerSpace:
		n, ok = digitsWithout(s, r.Loose == LooseInnerSpace)
	case LoosePlusSign:
		if len(s) < 2 || s[0] != '+' || !allASCIIDigits(s[1:]) {
			return 0, nil, false
		}
		n, ok = parseDigits(s[1:])
	default:
		return 0, nil, false
	}
	if !ok {
		return 0, nil, false
	}
	return looseRanged(f, raw, n, "the string "+r.Loose.detail(), tr)
}

// detail says what a string loosening read, for the trace.
func (l Loosening) detail() string {
	switch l {
	case LooseFloatStrings:
		return "read as a decimal number with a whole value"
	case LooseOctal:
		return "read as octal because it starts with 0"
	case LooseHex:
		return "read as hexadecimal"
	case LooseUnicodeDigits:
		return "read with digits of another script"
	case LooseUnderscores:
		return "read with the underscores between its digits dropped"
	case LooseInnerSpace:
		return "read with the white space inside it dropped"
	}
	return "read with its plus sign"
}

// looseRanged traces the loosened reading raw → n, then checks the field's range as the lesson does.
func looseRanged(f *Field, raw jsontext.Value, n int64, detail string, tr *tracer) (int64, *Error, bool) {
	if tr != nil {
		tr.loosened(stepType, f.Name, detail, gotJSON(f.Name, raw), traceInt(f.Name, n))
	}
	if n < f.min() || n > f.Max {
		return 0, invalidAt(stepRange, f.Name, rangeHint(f)), true
	}
	if tr != nil {
		tr.ok(stepRange, f.Name, rangeDetail(f))
	}
	return n, nil, true
}

// looseUnbounded traces the loosened reading raw → n and keeps n unchecked, as a decoder
// that has no bounds does.
func looseUnbounded(f *Field, raw jsontext.Value, n int64, detail string, tr *tracer) (int64, *Error, bool) {
	if tr != nil {
		tr.loosened(stepType, f.Name, detail, gotJSON(f.Name, raw), traceInt(f.Name, n))
	}
	return n, nil, true
}

func isIntegerLiteral(lit []byte) bool {
	for _, c := range lit {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// looseDecimal reads a JSON number literal's value as an int64: whole values only, or any value
// toward zero when truncate is set; ok is false for other text and beyond int64.
func looseDecimal(lit []byte, truncate bool) (int64, bool) {
	d, ok := parseDecimal(lit)
	if !ok || d.exp > 19 {
		return 0, false
	}
	whole := d.digits
	if d.exp < len(whole) {
		if !truncate {
			return 0, false
		}
		whole = whole[:max(d.exp, 0)]
	}
	for len(whole) < d.exp {
		whole += "0"
	}
	if whole == "" {
		return 0, true
	}
	n, ok := parseDigits([]byte(whole))
	if d.neg {
		n = -n
	}
	return n, ok
}

// parseBase reads s, digits of base 8 or 16 only, as an int64.
func parseBase(s []byte, base int) (int64, bool) {
	n, err := strconv.ParseInt(string(s), base, 64)
	return n, err == nil && len(s) > 0 && s[0] != '+' && s[0] != '-'
}

// unicodeDigits reads a string of decimal digits of any script, at least one of them not ASCII,
// as Python's int() does. A digit's value is its offset in its block of ten.
func unicodeDigits(s []byte) (int64, bool) {
	var n int64
	other := false
	for len(s) > 0 {
		c, size := utf8.DecodeRune(s)
		s = s[size:]
		if !unicode.IsDigit(c) {
			return 0, false
		}
		other = other || c >= utf8.RuneSelf
		zero := c
		for c-zero < 9 && unicode.IsDigit(zero-1) {
			zero--
		}
		d := int64(c-zero) % 10
		if n > (math.MaxInt64-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	return n, other
}

// digitsWithout reads ASCII digits with underscores (or, when spaces is set, ASCII white space)
// between them dropped; ok only when something was dropped.
func digitsWithout(s []byte, spaces bool) (int64, bool) {
	kept := make([]byte, 0, len(s))
	for i, c := range s {
		sep := c == '_' && !spaces || spaces && isASCIISpace(c)
		if sep && i > 0 && i < len(s)-1 {
			continue
		}
		kept = append(kept, c)
	}
	if len(kept) == len(s) || !allASCIIDigits(kept) {
		return 0, false
	}
	return parseDigits(kept)
}

// float64ToInt64 converts as Go does on amd64: a value out of int64's range becomes its minimum.
func float64ToInt64(f float64) int64 {
	if f != f || f >= math.MaxInt64 || f < math.MinInt64 {
		return math.MinInt64
	}
	return int64(f)
}

// resetDecoder points a pooled decoder at b; only a LooseLastDuplicate dispatcher's decoder lets
// a repeated key through, and no other pays for the option.
func (d *Dispatcher) resetDecoder(st *decoderState) {
	if d.rules.Loose == LooseLastDuplicate {
		st.dec.Reset(&st.b, jsontext.AllowDuplicateNames(true))
		return
	}
	st.dec.Reset(&st.b)
}
