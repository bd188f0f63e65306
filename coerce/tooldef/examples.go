package tooldef

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// maxExampleBytes bounds an example coerce makes for an array or object argument from its
// parts' examples: enough for a hint, refused before it is built when the parts would pass it.
const maxExampleBytes = 4096

// valueText is a value the definition names (an example, a default) as checkValue takes it: a
// string's text for a string argument, the JSON text otherwise; ok is false for a value of
// another JSON type than the argument's.
func valueText(f *coerce.Field, v *jsontree.Node) (string, bool) {
	switch {
	case f.Kind == coerce.Text && v.Kind == '"':
		return v.Text, true
	case (f.Kind == coerce.Integer || f.Kind == coerce.Number) && v.Kind == '0',
		f.Kind == coerce.Boolean && (v.Kind == 't' || v.Kind == 'f'):
		return v.Text, true
	case f.Kind == coerce.Array && v.Kind == '[', f.Kind == coerce.Nested && v.Kind == '{':
		return string(appendCompact(nil, v)), true
	}
	return "", false
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
	s, ok := valueText(f, v.Kids[0])
	if !ok {
		return "the first example is " + kindWord(v.Kids[0]) + ", which this argument does not take"
	}
	f.Example = s
	return ""
}

// checkDefault checks an argument's default against the argument: coerce fills in no default
// (an argument left out is passed on left out, and the server applies its own), but a default
// the argument would refuse is a mistake in the definition.
func checkDefault(f *coerce.Field, d *jsontree.Node) string {
	v, ok := valueText(f, d)
	if !ok {
		return "the default is " + kindWord(d) + ", which this argument does not take"
	}
	if hint := checkValue(*f, v); hint != "" {
		return "the default " + quote(v) + " is not a value the argument takes: " + hint
	}
	return ""
}

// fillExample gives f, and every part of an array or object argument, an example for its
// hints when the definition gives none, and checks each part's example.
func fillExample(f *coerce.Field) string {
	switch f.Kind {
	case coerce.Array:
		if msg := fillExample(f.Items); msg != "" {
			return msg
		}
	case coerce.Nested:
		for i := range f.Fields {
			if msg := fillExample(&f.Fields[i]); msg != "" {
				return msg
			}
			if hint := checkValue(f.Fields[i], f.Fields[i].Example); hint != "" {
				return "the example " + quote(f.Fields[i].Example) + " of " + quote(f.Fields[i].Name) + " is not one it takes: " + hint
			}
		}
	}
	if f.Example != "" {
		return ""
	}
	s, msg := sample(f)
	f.Example = s
	return msg
}

// sample is an example for a field that has none, from its declaration, or why none can be
// made: an example from real data (examples, records) is better, and is used when there is one.
// A pattern's example is each atom at its least count, made only when that fits the field's
// maxLength, so it is never longer than the field takes (nor than the pattern's bound); an
// array's or object's is made of its parts' examples, within maxExampleBytes.
func sample(f *coerce.Field) (string, string) {
	switch f.Kind {
	case coerce.Integer:
		return strconv.FormatInt(min(max(1, f.Min), f.Max), 10), ""
	case coerce.Boolean:
		return "true", ""
	case coerce.Number:
		for _, v := range []string{"1", "0", "0.5", "-1", f.MinNumber, f.MaxNumber} {
			if v != "" && checkValue(*f, v) == "" {
				return v, ""
			}
		}
		return "", "coerce cannot make an example of " + f.Name + " for its hints; give examples from real data"
	case coerce.Array:
		return sampleArray(f)
	case coerce.Nested:
		return sampleObject(f)
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

var tooLong = "an example made of its parts' examples would be over " + strconv.Itoa(maxExampleBytes) + " bytes; give examples from real data"

func sampleArray(f *coerce.Field) (string, string) {
	n := max(1, f.MinItems)
	item := exampleJSON(f.Items)
	if (len(item)+1)*n > maxExampleBytes {
		return "", tooLong
	}
	return "[" + strings.Repeat(item+",", n-1) + item + "]", ""
}

func sampleObject(f *coerce.Field) (string, string) {
	var b []byte
	for _, m := range f.Fields {
		if m.Optional {
			continue
		}
		if len(b) > 0 {
			b = append(b, ',')
		}
		b, _ = jsontext.AppendQuote(b, m.Name)
		b = append(b, ':')
		b = append(b, exampleJSON(&m)...)
		if len(b) > maxExampleBytes {
			return "", tooLong
		}
	}
	return "{" + string(b) + "}", ""
}

// exampleJSON is a field's example as JSON text: quoted for a string.
func exampleJSON(f *coerce.Field) string {
	if f.Kind == coerce.Text {
		q, _ := jsontext.AppendQuote(nil, f.Example)
		return string(q)
	}
	return f.Example
}
