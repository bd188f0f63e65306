package tooldef

import (
	"errors"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
)

// maxLengthBound bounds minLength and maxLength: an argument is at most the dispatcher's input.
const maxLengthBound = coerce.DefaultMaxInputBytes

// textKeyword reads pattern, enum, minLength or maxLength into a Text field.
func (r reader) textKeyword(f *coerce.Field, k string, v *jsontree.Node) string {
	switch k {
	case "pattern":
		if v.Kind != '"' {
			return "pattern is " + kindWord(v) + ", not a string"
		}
		p, err := coerce.CompilePattern(v.Text)
		var pe *coerce.PatternError
		if errors.As(err, &pe) {
			return "the pattern " + quote(v.Text) + " is outside what coerce matches, " + pe.Error() + "; coerce reads ^…$ around literal characters, [classes], \\d, \\w and . with ?, *, +, {n} and {n,m}"
		}
		f.Pattern = p
	case "enum":
		if v.Kind != '[' || len(v.Kids) == 0 {
			return "enum must be a non-empty array of strings"
		}
		seen := make(map[string]bool, len(v.Kids)) // one lookup per value: a long enum reads in linear time
		for _, e := range v.Kids {
			switch {
			case e.Kind != '"':
				return "enum lists " + kindWord(e) + "; on a string argument it lists strings"
			case strings.TrimSpace(e.Text) != e.Text || e.Text == "":
				return "the enum value " + quote(e.Text) + " can never match: values are trimmed of white space before they are matched"
			case seen[e.Text]:
				return "enum lists " + quote(e.Text) + " twice"
			}
			seen[e.Text] = true
			f.Enum = append(f.Enum, e.Text)
		}
	case "minLength", "maxLength":
		n, ok := intLiteral(v)
		if !ok || n < 0 || n > maxLengthBound {
			return k + " must be a whole number from 0 to " + strconv.Itoa(maxLengthBound)
		}
		if k == "minLength" {
			f.MinLength = int(n)
		} else if f.MaxLength = int(n); n == 0 {
			return "maxLength 0 lets only the empty string through; remove the argument instead"
		}
	}
	return ""
}

// example takes an argument's first example for its hints: it is checked, with the records,
// once the field is complete (complete).
func example(f *coerce.Field, v *jsontree.Node) string {
	if v.Kind != '[' {
		return "examples is " + kindWord(v) + ", not an array"
	}
	if len(v.Kids) == 0 {
		return ""
	}
	e := v.Kids[0]
	switch {
	case f.Kind == coerce.Integer && e.Kind == '0',
		f.Kind == coerce.Text && e.Kind == '"',
		f.Kind == coerce.Boolean && (e.Kind == 't' || e.Kind == 'f'):
		f.Example = e.Text
		return ""
	}
	return "the first example is " + kindWord(e) + ", which this argument does not take"
}

// sample is an example for a field that has none, from its declaration, or why none can be
// made: an example from real data (examples, records) is better, and is used when there is one.
// A pattern's example is each atom at its least count, made only when that fits the field's
// maxLength, so it is never longer than the field takes (nor than the pattern's bound).
func sample(f *coerce.Field) (string, string) {
	switch f.Kind {
	case coerce.Integer:
		return strconv.FormatInt(min(max(1, f.Min), f.Max), 10), ""
	case coerce.Boolean:
		return "true", ""
	}
	switch {
	case len(f.Enum) > 0:
		return f.Enum[0], ""
	case f.Pattern != nil:
		n := f.Pattern.ShortestLength()
		if f.MaxLength > 0 && n > f.MaxLength || n < f.MinLength {
			return "", "the shortest value the pattern describes is " + strconv.Itoa(n) + " characters long, outside " + f.Name + "'s minLength and maxLength, so coerce cannot make an example for its hints; give examples from real data"
		}
		return f.Pattern.Sample(), ""
	}
	n := max(f.MinLength, 4)
	if f.MaxLength > 0 {
		n = min(n, f.MaxLength)
	}
	return strings.Repeat("x", n), ""
}
