package main

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// A loose validator is one the ecosystem uses in coerce's place, configured as a tool builder
// would write the tool's published schema in it, with its lax coercions on. Each is evaluated
// on the raw argument text with its own rules (the parse it sits behind, then its coercion,
// then the schema's bounds), as measured in the peers' behaviour matrix the lesson cites:
//
//   - zod 4 z.coerce: z.object({…}).strict(), z.coerce.number().int().min(lo).max(hi) for an
//     integer, z.coerce.string() with the pattern and lengths for a string (z.enum for an enum),
//     z.coerce.boolean() for a boolean; after JSON.parse.
//   - ajv coerceTypes: the tool's JSON Schema (additionalProperties false) compiled by ajv 8
//     with coerceTypes: true; after JSON.parse.
//   - pydantic 2 lax: a model with extra="forbid", int with ge and le, str with the pattern
//     and lengths (a Literal for an enum), bool, Optional[…] = None for an optional field;
//     model_validate_json.
//   - pydantic 1 lax: the same model in pydantic 1 (conint, constr); parse_raw.
//
// Every one of them keeps the last of a repeated key, as JSON.parse, json.loads and
// pydantic-core's reader do. A pattern is matched as coerce matches it, the whole value (a
// JSON Schema pattern matches anywhere, so the validators may accept more than is counted).
type looseValidator struct {
	name string
	// field says whether the validator accepts v (nil: the key is missing) for f.
	field func(f looseField, v *jsontree.Node) bool
	// nullIsUnset: an optional field accepts null (pydantic's Optional[…] = None).
	nullIsUnset bool
}

var looseValidators = []looseValidator{
	{name: "zod 4 z.coerce", field: zodField},
	{name: "ajv coerceTypes", field: ajvField},
	{name: "pydantic 2 lax", field: pydantic2Field, nullIsUnset: true},
	{name: "pydantic 1 lax", field: pydantic1Field, nullIsUnset: true},
}

// looseSchema is a tool's schema as the validators read it, each enum made a set once, so
// judging a call costs the same whatever the enum's length.
type looseSchema struct {
	fields []looseField
	names  map[string]bool
}

// looseField is one field, its enum as a set (nil without an enum), and an array's items or a
// nested object's members as the validators read them.
type looseField struct {
	*coerce.Field
	enum   map[string]bool
	items  *looseField
	nested *looseSchema
}

func newLooseSchema(s coerce.Schema) *looseSchema { return looseFields(s.Fields) }

func looseFields(fields []coerce.Field) *looseSchema {
	ls := &looseSchema{names: map[string]bool{}}
	for i := range fields {
		ls.names[fields[i].Name] = true
		ls.fields = append(ls.fields, newLooseField(&fields[i]))
	}
	return ls
}

func newLooseField(cf *coerce.Field) looseField {
	f := looseField{Field: cf}
	if len(f.Enum) > 0 {
		f.enum = make(map[string]bool, len(f.Enum))
		for _, e := range f.Enum {
			f.enum[e] = true
		}
	}
	if f.Items != nil {
		items := newLooseField(f.Items)
		f.items = &items
	}
	if f.Kind == coerce.Nested {
		f.nested = looseFields(f.Fields)
	}
	return f
}

// looseReadable reports whether the validators are modelled for every field of s, at any
// depth: integers, numbers, ids, text, booleans, and arrays and objects of them. A tool with
// another kind is not evaluated, rather than guessed at.
func looseReadable(s coerce.Schema) bool { return readableFields(s.Fields) }

func readableFields(fields []coerce.Field) bool {
	for _, f := range fields {
		switch f.Kind {
		case coerce.Integer, coerce.Number, coerce.PrefixedID, coerce.Text, coerce.Boolean:
		case coerce.Array:
			if f.Items == nil || !readableFields([]coerce.Field{*f.Items}) {
				return false
			}
		case coerce.Nested:
			if !readableFields(f.Fields) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// accepts reports whether lv lets the call's raw argument text through to the handler.
func (lv looseValidator) accepts(s *looseSchema, raw string) bool {
	dec := jsontext.NewDecoder(bytes.NewReader([]byte(raw)), jsontext.AllowDuplicateNames(true))
	n, err := jsontree.Read(dec, 64)
	if err != nil {
		return false
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return false // more after the value: every parser refuses it
	}
	return lv.object(s, n)
}

// object reports whether lv takes n as an object of s's fields: the last of a repeated key
// counts, an undeclared key is refused (strict, additionalProperties false, extra forbid).
func (lv looseValidator) object(s *looseSchema, n *jsontree.Node) bool {
	if n == nil || n.Kind != '{' {
		return false // no validator here makes an object of anything else
	}
	last := make(map[string]*jsontree.Node, len(n.Keys))
	for i, k := range n.Keys {
		last[k] = n.Kids[i]
	}
	for k := range last {
		if !s.names[k] {
			return false
		}
	}
	for _, f := range s.fields {
		v, present := last[f.Name]
		if f.Optional && (!present || lv.nullIsUnset && v.Kind == 'n') {
			continue
		}
		if !lv.value(f, v) {
			return false
		}
	}
	return true
}

// value reports whether lv takes v (nil: missing) for f. Arrays and objects are never made of
// other values by these validators (ajv's coerceTypes: "array" would wrap one; true does not),
// so their elements and members are judged one by one.
func (lv looseValidator) value(f looseField, v *jsontree.Node) bool {
	switch f.Kind {
	case coerce.Array:
		if v == nil || v.Kind != '[' || len(v.Kids) < f.MinItems || f.MaxItems > 0 && len(v.Kids) > f.MaxItems {
			return false
		}
		for _, k := range v.Kids {
			if !lv.value(*f.items, k) {
				return false
			}
		}
		return true
	case coerce.Nested:
		return lv.object(f.nested, v)
	}
	return lv.field(f, v)
}

// lowest is an Integer field's minimum, as the schema publishes it.
func lowest(f looseField) int64 {
	if f.HasMin {
		return f.Min
	}
	return 1
}

// stringFits applies a string field's own checks, with length counted by count.
func stringFits(f looseField, s string, count func(string) int) bool {
	switch f.Kind {
	case coerce.PrefixedID:
		rest, ok := strings.CutPrefix(s, f.Prefix)
		return ok && len(rest) >= 1 && len(rest) <= 64 && strings.IndexFunc(rest, notAlnum) < 0
	case coerce.Text:
		if f.enum != nil && !f.enum[s] {
			return false
		}
		n := count(s)
		if n < f.MinLength || f.MaxLength > 0 && n > f.MaxLength {
			return false
		}
		return f.Pattern == nil || f.Pattern.Match(s)
	}
	return false
}

func notAlnum(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
}

// inRange reports whether a JavaScript number is a whole number within f's bounds.
func jsInRange(f looseField, x float64) bool {
	return !math.IsNaN(x) && !math.IsInf(x, 0) && x == math.Trunc(x) &&
		x >= float64(lowest(f)) && x <= float64(f.Max)
}

// pyInRange reports whether a Python int is within f's bounds.
func pyInRange(f looseField, n *big.Int) bool {
	return n != nil && n.IsInt64() && n.Int64() >= lowest(f) && n.Int64() <= f.Max
}

func zodField(f looseField, v *jsontree.Node) bool {
	switch f.Kind {
	case coerce.Integer:
		x := jsNumber(v)
		return jsInRange(f, x) && math.Abs(x) <= 1<<53-1 // .int() takes safe integers only
	case coerce.Number:
		return numberFits(f, jsNumber(v))
	case coerce.Boolean:
		return true // Boolean(x) is true or false for anything, "false" included
	}
	if len(f.Enum) > 0 { // z.enum does not coerce
		return v != nil && v.Kind == '"' && stringFits(f, v.Text, utf16Len)
	}
	return stringFits(f, jsString(v), utf16Len)
}

func ajvField(f looseField, v *jsontree.Node) bool {
	if v == nil {
		return false // required
	}
	switch f.Kind {
	case coerce.Integer:
		switch v.Kind {
		case '0', 't', 'f', 'n':
			return jsInRange(f, jsNumber(v))
		case '"': // coerced when the string is non-empty, == its number, and whole
			x := jsStringToNumber(v.Text)
			return v.Text != "" && jsInRange(f, x)
		}
		return false
	case coerce.Number:
		switch v.Kind {
		case '0', 't', 'f', 'n':
			return numberFits(f, jsNumber(v))
		case '"':
			return v.Text != "" && numberFits(f, jsStringToNumber(v.Text))
		}
		return false
	case coerce.Boolean:
		switch v.Kind {
		case 't', 'f', 'n':
			return true
		case '"':
			return v.Text == "true" || v.Text == "false"
		case '0':
			x := jsNumber(v)
			return x == 0 || x == 1
		}
		return false
	}
	var s string
	switch v.Kind {
	case '"', '0', 't', 'f':
		s = jsString(v)
	case 'n':
		s = "" // null becomes ""
	default:
		return false
	}
	return stringFits(f, s, utf8.RuneCountInString)
}

// numberFits reports whether x is finite and within a Number field's bounds, compared as the
// validators compare them: as floats.
func numberFits(f looseField, x float64) bool {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return false
	}
	if f.MinNumber != "" {
		lo, err := strconv.ParseFloat(f.MinNumber, 64)
		if err != nil || x < lo || f.ExclusiveMin && x == lo {
			return false
		}
	}
	if f.MaxNumber != "" {
		hi, err := strconv.ParseFloat(f.MaxNumber, 64)
		if err != nil || x > hi || f.ExclusiveMax && x == hi {
			return false
		}
	}
	return true
}
