package tooldef

import (
	"math"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
)

// kinds are the argument types read, and the keywords each reads besides commonKeywords.
var kinds = map[string]struct {
	kind coerce.Kind
	own  []string
}{
	"integer": {coerce.Integer, integerKeywords},
	"number":  {coerce.Number, integerKeywords},
	"string":  {coerce.Text, stringKeywords},
	"boolean": {coerce.Boolean, nil},
	"array":   {coerce.Array, arrayKeywords},
	"object":  {coerce.Nested, objectKeywords},
}

// property reads one argument's schema (or an array's items, or an object argument's member).
func (r reader) property(name string, p *jsontree.Node, ptr, tool string) (coerce.Field, *Error) {
	f := coerce.Field{Name: name}
	fail := func(off int, q, msg string) (coerce.Field, *Error) {
		return coerce.Field{}, r.errAt(off, ptr+q, tool, msg)
	}
	if p.Kind != '{' {
		return fail(p.Start, "", "the argument "+quote(name)+" is "+kindWord(p)+", not a schema object")
	}
	t, off := p.Member("type")
	if t == nil {
		for i, k := range p.Keys {
			if _, known := refusals[k]; known {
				return coerce.Field{}, r.unsupported(p.KeyOffsets[i], ptr+"/"+pointerToken(k), tool, k, "")
			}
		}
		e := r.errAt(p.Start, ptr, tool, "the argument "+quote(name)+" has no type; coerce reads integer, number, string, boolean, array and object arguments")
		e.Keyword = "type"
		return coerce.Field{}, e
	}
	kind, ok := kinds[t.Text]
	if t.Kind == '[' {
		e := r.errAt(off, ptr+"/type", tool, "a list of types is not supported; coerce reads one type per argument")
		e.Keyword = "type"
		return coerce.Field{}, e
	}
	if t.Kind != '"' || !ok {
		e := r.errAt(off, ptr+"/type", tool, "arguments of type "+typeWord(t)+" are not supported; coerce reads one type per argument: integer, number, string, boolean, array or object")
		e.Keyword = "type"
		return coerce.Field{}, e
	}
	f.Kind = kind.kind
	if f.Kind == coerce.Integer {
		f.HasMin, f.Min, f.Max = true, math.MinInt64, math.MaxInt64
	}
	for i, k := range p.Keys {
		v, off := p.Kids[i], p.KeyOffsets[i]
		q := "/" + pointerToken(k)
		switch {
		case contains(commonKeywords, k):
			if msg := annotation(&f, k, v); msg != "" {
				return fail(off, q, msg)
			}
		case contains(kind.own, k):
			if msg := r.keyword(&f, k, v); msg != "" {
				return fail(off, q, msg)
			}
		default:
			return coerce.Field{}, r.unsupported(off, ptr+q, tool, k, "on "+typeWord(t)+" arguments; they read "+strings.Join(append(append([]string(nil), commonKeywords...), kind.own...), ", "))
		}
	}
	if e := r.children(&f, p, ptr, tool); e != nil {
		return coerce.Field{}, e
	}
	if msg := consistent(&f); msg != "" {
		return fail(p.Start, "", msg)
	}
	if d, off := p.Member("default"); d != nil {
		if msg := checkDefault(&f, d); msg != "" {
			return fail(off, "/default", msg)
		}
	}
	return f, nil
}

// annotation reads a keyword every argument may carry: the description and the first example
// are kept, the default is checked once the field is complete.
func annotation(f *coerce.Field, k string, v *jsontree.Node) string {
	switch k {
	case "examples":
		return example(f, v)
	case "description", "title", "$comment":
		if v.Kind != '"' {
			return k + " is " + kindWord(v) + ", not a string"
		}
		if k == "description" {
			f.Description = v.Text
		}
	}
	return ""
}

// keyword reads a keyword of the argument's own type.
func (r reader) keyword(f *coerce.Field, k string, v *jsontree.Node) string {
	switch f.Kind {
	case coerce.Integer:
		return bound(f, k, v)
	case coerce.Number:
		return numberBound(f, k, v)
	case coerce.Text:
		return r.textKeyword(f, k, v)
	case coerce.Array:
		switch k {
		case "minItems":
			return count(&f.MinItems, k, v, "")
		case "maxItems":
			return count(&f.MaxItems, k, v, "the empty array")
		}
	}
	return "" // items, and an object's keywords, are read by children
}

// children reads an array's items or an object argument's members.
func (r reader) children(f *coerce.Field, p *jsontree.Node, ptr, tool string) *Error {
	switch f.Kind {
	case coerce.Array:
		items, _ := p.Member("items")
		if items == nil {
			e := r.errAt(p.Start, ptr, tool, "an array argument needs items: coerce checks every element against one schema")
			e.Keyword = "items"
			return e
		}
		it, e := r.property("items", items, ptr+"/items", tool)
		if e != nil {
			return e
		}
		f.Items = &it
	case coerce.Nested:
		fields, e := r.object(p, ptr, tool)
		if e != nil {
			return e
		}
		f.Fields = fields
	}
	return nil
}

// consistent says why no value fits a field's bounds, or "".
func consistent(f *coerce.Field) string {
	switch {
	case f.Kind == coerce.Integer && f.Min > f.Max:
		return "no whole number is within its minimum and maximum"
	case f.Kind == coerce.Text && f.MaxLength > 0 && f.MinLength > f.MaxLength:
		return "minLength is above maxLength: no value fits"
	case f.Kind == coerce.Array && f.MaxItems > 0 && f.MinItems > f.MaxItems:
		return "minItems is above maxItems: no array fits"
	}
	return ""
}

// maxNumberBytes bounds a number's bound as written: a schema's bounds are short literals.
const maxNumberBytes = 64

// numberBound reads minimum, maximum and their exclusive forms into a Number's bounds, as the
// literals they are written as: coerce compares them exactly.
func numberBound(f *coerce.Field, k string, v *jsontree.Node) string {
	if v.Kind != '0' || len(v.Text) > maxNumberBytes {
		return k + " must be a JSON number of at most " + strconv.Itoa(maxNumberBytes) + " characters"
	}
	switch k {
	case "minimum", "exclusiveMinimum":
		if f.MinNumber != "" {
			return "give minimum or exclusiveMinimum, not both"
		}
		f.MinNumber, f.ExclusiveMin = v.Text, k == "exclusiveMinimum"
	default:
		if f.MaxNumber != "" {
			return "give maximum or exclusiveMaximum, not both"
		}
		f.MaxNumber, f.ExclusiveMax = v.Text, k == "exclusiveMaximum"
	}
	return ""
}

func typeWord(t *jsontree.Node) string {
	if t.Kind == '"' {
		return quote(t.Text)
	}
	return kindWord(t)
}

// bound reads minimum, maximum and their exclusive forms into an Integer's range.
func bound(f *coerce.Field, k string, v *jsontree.Node) string {
	n, ok := intLiteral(v)
	if !ok {
		return k + " must be a whole number within 64 bits, written without a decimal point or exponent"
	}
	switch k {
	case "minimum":
		f.Min = max(f.Min, n)
	case "maximum":
		f.Max = min(f.Max, n)
	case "exclusiveMinimum":
		if n == math.MaxInt64 {
			return "no whole number is above exclusiveMinimum"
		}
		f.Min = max(f.Min, n+1)
	case "exclusiveMaximum":
		if n == math.MinInt64 {
			return "no whole number is below exclusiveMaximum"
		}
		f.Max = min(f.Max, n-1)
	}
	return ""
}

// intLiteral reads a JSON integer literal within int64 (by hand: strconv.ParseInt would link
// more of strconv into the page).
func intLiteral(v *jsontree.Node) (int64, bool) {
	if v.Kind != '0' || strings.ContainsAny(v.Text, ".eE") {
		return 0, false
	}
	s, neg := strings.CutPrefix(v.Text, "-")
	var n uint64
	for i := 0; i < len(s); i++ {
		d := uint64(s[i] - '0')
		if n > (1<<64-1-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	switch {
	case neg && n <= 1<<63:
		return int64(-n), true
	case !neg && n < 1<<63:
		return int64(n), true
	}
	return 0, false
}
