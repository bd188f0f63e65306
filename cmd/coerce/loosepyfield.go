package main

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
)

// pydantic2Field is pydantic 2's lax mode on JSON input: an int from an integer, a whole float,
// a boolean or a string it reads as an int; a str only from a string; a bool from the values
// its conversion table lists.
func pydantic2Field(f looseField, v *jsontree.Node) bool {
	if v == nil {
		return false // required
	}
	switch f.Kind {
	case coerce.Integer:
		// 17.0 and 1e1 are whole and read; 17.5 is refused
		whole := func(fl float64) bool { return fl == math.Trunc(fl) }
		return pyInRange(f, pyInt(v, whole, pydantic2IntString))
	case coerce.Number:
		return numberFits(f, pyFloat(v, pydantic2FloatString))
	case coerce.Boolean:
		return pyBool(v)
	}
	return v.Kind == '"' && stringFits(f, v.Text, utf8.RuneCountInString)
}

// pydantic1Field is pydantic 1's lax mode after json.loads: an int is int(v) for a bool, a
// number (a float truncated toward zero) or a string (Python's int(), any script's digits); a
// str takes numbers and booleans as str() writes them; a bool as in pydantic 2.
func pydantic1Field(f looseField, v *jsontree.Node) bool {
	if v == nil || v.Kind == 'n' {
		return false
	}
	switch f.Kind {
	case coerce.Integer:
		every := func(float64) bool { return true } // int(17.5) is 17
		return pyInRange(f, pyInt(v, every, pyIntString))
	case coerce.Number:
		return numberFits(f, pyFloat(v, pyFloatString))
	case coerce.Boolean:
		return pyBool(v)
	}
	if len(f.Enum) > 0 { // a Literal compares values: only the string itself
		return v.Kind == '"' && stringFits(f, v.Text, utf8.RuneCountInString)
	}
	var s string
	switch v.Kind {
	case '"':
		s = v.Text
	case 't':
		s = "True"
	case 'f':
		s = "False"
	case '0':
		lit, fl, isInt := pyIntLiteral(v.Text)
		if isInt {
			s = lit.String()
		} else {
			s = pyRepr(fl)
		}
	default:
		return false
	}
	return stringFits(f, s, utf8.RuneCountInString)
}

// pyInt is a pydantic's lax int of v: an integer as it is, a float it takes (takes) cut toward
// zero, a boolean as 0 or 1, a string as fromString reads it; nil for anything else.
func pyInt(v *jsontree.Node, takes func(float64) bool, fromString func(string) (*big.Int, bool)) *big.Int {
	switch v.Kind {
	case '0':
		lit, fl, isInt := pyIntLiteral(v.Text)
		if isInt {
			return lit
		}
		if takes(fl) {
			return pyFloatInt(fl)
		}
	case 't', 'f':
		return big.NewInt(boolInt(v.Kind == 't'))
	case '"':
		n, _ := fromString(v.Text)
		return n
	}
	return nil
}

// pyFloat is a pydantic's lax float of v: a number, a boolean as 0 or 1, a string as
// fromString reads it; NaN (refused by numberFits) for anything else.
func pyFloat(v *jsontree.Node, fromString func(string) (float64, bool)) float64 {
	switch v.Kind {
	case '0':
		f, _ := strconv.ParseFloat(v.Text, 64)
		return f
	case 't', 'f':
		return float64(boolInt(v.Kind == 't'))
	case '"':
		if f, ok := fromString(v.Text); ok {
			return f
		}
	}
	return math.NaN()
}

// pyBool reports whether both pydantics take v as a bool: true, false, a number equal to 0 or
// 1, or one of pyBoolWord's words.
func pyBool(v *jsontree.Node) bool {
	switch v.Kind {
	case 't', 'f':
		return true
	case '0':
		return pyZeroOrOne(v.Text)
	case '"':
		return pyBoolWord(v.Text)
	}
	return false
}

// pyBoolWord reports whether both pydantics read s as a bool: 0, 1 and the words f, n, no,
// off, false, t, y, on, yes, true, in any case, nothing trimmed. (No letter outside ASCII
// lowers into one of these words: only the Kelvin sign lowers into ASCII, to k.)
func pyBoolWord(s string) bool {
	switch strings.ToLower(s) {
	case "0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes":
		return true
	}
	return false
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// pyZeroOrOne reports whether a JSON number equals 0 or 1 in Python (1.0 == 1).
func pyZeroOrOne(lit string) bool {
	n, fl, isInt := pyIntLiteral(lit)
	if isInt {
		return n.IsInt64() && (n.Int64() == 0 || n.Int64() == 1)
	}
	return fl == 0 || fl == 1
}
