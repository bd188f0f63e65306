package coerce

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// A Number, an Array or a Nested field holds a value that is kept as the JSON text of its
// coerced form: what a handler, or an upstream server behind a proxy, is given. An error deep
// inside one names its place as a JSON Pointer from the arguments ("/entities/0/entityType"),
// while an argument itself is named bare ("entities"), as every other field is.

// checkCompound reports a declaration mistake in a Number, an Array or a Nested field.
func (f *Field) checkCompound() error {
	switch f.Kind {
	case Number:
		for _, lit := range []string{f.MinNumber, f.MaxNumber} {
			if _, ok := parseDecimal([]byte(lit)); lit != "" && !ok {
				return errors.New("coerce: number field " + quotedName(f.Name) + " has a bound that is not a JSON number")
			}
		}
	case Array:
		switch {
		case f.Items == nil:
			return errors.New("coerce: array field " + quotedName(f.Name) + " needs Items")
		case f.MinItems < 0 || f.MaxItems < 0 || f.MaxItems > 0 && f.MaxItems < f.MinItems:
			return errors.New("coerce: array field " + quotedName(f.Name) + " has lengths that no array fits")
		}
		return checkFields([]Field{withName(*f.Items, f.Name+"[]")})
	case Nested:
		return checkFields(f.Fields)
	}
	return nil
}

func withName(f Field, name string) Field {
	f.Name = name
	return f
}

// appendCompoundSchema appends a Number's, an Array's or a Nested field's type and constraints,
// leaving its object open for the description and example.
func appendCompoundSchema(b []byte, f *Field) []byte {
	switch f.Kind {
	case Number:
		b = append(b, `{"type":"number"`...)
		b = appendBound(b, "minimum", "exclusiveMinimum", f.MinNumber, f.ExclusiveMin)
		b = appendBound(b, "maximum", "exclusiveMaximum", f.MaxNumber, f.ExclusiveMax)
	case Array:
		b = append(b, `{"type":"array","items":`...)
		b = appendFieldSchema(b, f.Items)
		if f.MinItems > 0 {
			b = append(b, `,"minItems":`...)
			b = strconv.AppendInt(b, int64(f.MinItems), 10)
		}
		if f.MaxItems > 0 {
			b = append(b, `,"maxItems":`...)
			b = strconv.AppendInt(b, int64(f.MaxItems), 10)
		}
	case Nested:
		b = appendObjectSchema(b, f.Fields)
		b = b[:len(b)-1]
	}
	return b
}

func appendBound(b []byte, name, exclusive, lit string, excl bool) []byte {
	if lit == "" {
		return b
	}
	if excl {
		name = exclusive
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return append(b, lit...)
}

// compoundReader coerces one Array or Nested argument, raw, element by element, writing the
// coerced JSON text to out. It walks the schema, so it recurses no deeper than the schema
// does; the argument's own depth was bounded when it was read.
type compoundReader struct {
	dec   *jsontext.Decoder
	rules Rules
	tr    *tracer
	out   []byte
}

// coerceCompound coerces an Array or Nested argument and returns its coerced JSON text.
func coerceCompound(f *Field, raw jsontext.Value, r Rules, tr *tracer) (string, *Error) {
	c := compoundReader{dec: jsontext.NewDecoder(bytes.NewReader(raw)), rules: r, tr: tr, out: make([]byte, 0, len(raw))}
	if e := c.value(f, f.Name, "/"+escapeToken(f.Name)); e != nil {
		return "", e
	}
	return string(c.out), nil
}

// value reads one value of field f at pointer ptr, named name in errors: the argument's bare
// name at the top, its pointer below.
func (c *compoundReader) value(f *Field, name, ptr string) *Error {
	k := c.dec.PeekKind()
	switch {
	case f.Kind == Array && k == '[':
		return c.array(f, name, ptr)
	case f.Kind == Nested && k == '{':
		return c.object(f, name, ptr)
	}
	raw, err := c.dec.ReadValue()
	if err != nil {
		return invalidAt(stepParse, "", "the arguments are not valid JSON")
	}
	g := withName(*f, name)
	v, e := coerceScalar(&g, raw, c.rules, c.tr)
	if e != nil {
		if e.Got == "" {
			e.Got = gotJSON(name, raw)
		}
		return e
	}
	c.out = append(c.out, v...)
	return nil
}

// coerceScalar coerces a value for a field of any kind that is not an array or object where
// one was sent: every scalar kind's rule, or the type error of an Array or Nested field.
func coerceScalar(f *Field, raw jsontext.Value, r Rules, tr *tracer) ([]byte, *Error) {
	switch f.Kind {
	case Integer:
		n, e := coerceInt(f, raw, r, tr)
		return strconv.AppendInt(nil, n, 10), e
	case PrefixedID:
		s, e := coerceID(f, raw, r, tr)
		return appendQuoted(nil, s), e
	case Text:
		s, e := coerceText(f, raw, r, tr)
		return appendQuoted(nil, s), e
	case Boolean:
		b, e := coerceBool(f, raw, r, tr)
		return strconv.AppendBool(nil, b), e
	case Number:
		s, e := coerceNumber(f, raw, r, tr)
		return []byte(s), e
	}
	what := "an array"
	if f.Kind == Nested {
		what = "an object"
	}
	return nil, invalidAt(stepType, f.Name, f.Name+" must be "+what+" like "+f.Example+", not "+kindWord(raw.Kind()))
}

func (c *compoundReader) array(f *Field, name, ptr string) *Error {
	c.dec.ReadToken()
	c.out = append(c.out, '[')
	n := 0
	for c.dec.PeekKind() != ']' {
		if f.MaxItems > 0 && n == f.MaxItems {
			return invalidAt(stepMatch, name, name+" holds at most "+strconv.Itoa(f.MaxItems)+" items")
		}
		if n > 0 {
			c.out = append(c.out, ',')
		}
		p := ptr + "/" + strconv.Itoa(n)
		if e := c.value(f.Items, p, p); e != nil {
			return e
		}
		n++
	}
	c.dec.ReadToken()
	if n < f.MinItems {
		return invalidAt(stepMatch, name, name+" holds at least "+strconv.Itoa(f.MinItems)+" items, like "+f.Example)
	}
	c.out = append(c.out, ']')
	return nil
}

func (c *compoundReader) object(f *Field, name, ptr string) *Error {
	c.dec.ReadToken()
	c.out = append(c.out, '{')
	seen := make([]bool, len(f.Fields))
	for first := true; c.dec.PeekKind() != '}'; first = false {
		key, err := c.dec.ReadValue()
		if err != nil {
			return invalidAt(stepParse, "", "the arguments are not valid JSON")
		}
		k, _ := stringContent(key)
		i := indexField(f.Fields, k)
		if i < 0 {
			return invalidAt(stepKeys, ptr+"/"+escapeToken(fieldLabel(string(k))), "unknown member; "+name+" takes only "+fieldNames(f.Fields))
		}
		if !first {
			c.out = append(c.out, ',')
		}
		c.out = appendQuoted(c.out, f.Fields[i].Name)
		c.out = append(c.out, ':')
		p := ptr + "/" + escapeToken(f.Fields[i].Name)
		if e := c.value(&f.Fields[i], p, p); e != nil {
			return e
		}
		seen[i] = true
	}
	c.dec.ReadToken()
	for i := range f.Fields {
		if !f.Fields[i].Optional && !seen[i] {
			return invalidAt(stepKeys, ptr+"/"+escapeToken(f.Fields[i].Name), f.Fields[i].Name+" is required in "+name+", like "+f.Example)
		}
	}
	c.out = append(c.out, '}')
	return nil
}

// escapeToken escapes one JSON Pointer reference token: ~ as ~0, / as ~1.
func escapeToken(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

func indexField(fields []Field, name []byte) int {
	for i := range fields {
		if fields[i].Name == string(name) {
			return i
		}
	}
	return -1
}

func fieldNames(fields []Field) string { return Schema{Fields: fields}.names() }
