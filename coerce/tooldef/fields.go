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
	case "minLength":
		return count(&f.MinLength, k, v, "")
	case "maxLength":
		return count(&f.MaxLength, k, v, "the empty string")
	}
	return ""
}

// count reads a length bound (minLength, maxItems, …) into n: a whole number from 0 to
// maxLengthBound, the dispatcher's input limit. A maximum of 0 (empty names what alone it would
// let through) is refused: the argument would be pointless.
func count(n *int, k string, v *jsontree.Node, empty string) string {
	c, ok := intLiteral(v)
	if !ok || c < 0 || c > maxLengthBound {
		return k + " must be a whole number from 0 to " + strconv.Itoa(maxLengthBound)
	}
	if *n = int(c); c == 0 && empty != "" {
		return k + " 0 lets only " + empty + " through; remove the argument instead"
	}
	return ""
}
