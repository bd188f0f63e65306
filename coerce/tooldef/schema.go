package tooldef

import (
	"math"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
)

// The keywords read, by where they stand. Annotations (title, description, $comment, $schema)
// change nothing about a call; every other keyword is honoured, or refuses the definition.
var (
	rootKeywords    = []string{"type", "properties", "required", "additionalProperties", "$schema", "title", "description", "$comment"}
	commonKeywords  = []string{"type", "description", "title", "$comment", "examples"}
	integerKeywords = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}
	stringKeywords  = []string{"pattern", "enum", "minLength", "maxLength"}
)

// refusals say why coerce cannot honour a keyword it knows of.
var refusals = map[string]string{
	"oneOf":             "coerce reads one type per argument; oneOf, anyOf, allOf and not are not supported",
	"anyOf":             "coerce reads one type per argument; oneOf, anyOf, allOf and not are not supported",
	"allOf":             "coerce reads one type per argument; oneOf, anyOf, allOf and not are not supported",
	"not":               "coerce reads one type per argument; oneOf, anyOf, allOf and not are not supported",
	"if":                "conditional schemas (if, then, else) are not supported",
	"then":              "conditional schemas (if, then, else) are not supported",
	"else":              "conditional schemas (if, then, else) are not supported",
	"$ref":              "references are not supported; write the argument's schema in place",
	"$defs":             "definitions are not supported; write each argument's schema in place",
	"definitions":       "definitions are not supported; write each argument's schema in place",
	"format":            "coerce does not check formats; give an id a pattern instead, or remove format",
	"default":           "coerce does not fill in defaults: the handler sees an argument left out as left out; remove default",
	"const":             "const is not supported; write an enum of one value",
	"multipleOf":        "multipleOf is not supported",
	"nullable":          "null is never an argument's value in coerce; leave the argument out of required instead",
	"patternProperties": "arguments are declared one by one under properties; patternProperties is not supported",
	"propertyNames":     "arguments are declared one by one under properties; propertyNames is not supported",
	"dependentRequired": "dependencies between arguments are not supported",
	"dependencies":      "dependencies between arguments are not supported",
}

// unsupported is the message for keyword k standing where it cannot.
func unsupported(k, where string) string {
	if why, ok := refusals[k]; ok {
		return k + " is not supported: " + why
	}
	return quote(k) + " is not a keyword coerce honours " + where
}

// inputSchema reads a tool's inputSchema into a coerce.Schema.
func (r reader) inputSchema(s *jsontree.Node, ptr, tool string) (coerce.Schema, *Error) {
	var out coerce.Schema
	fail := func(off int, p, msg string) (coerce.Schema, *Error) {
		return coerce.Schema{}, r.errAt(off, ptr+p, tool, msg)
	}
	if s.Kind != '{' {
		return fail(s.Start, "", "inputSchema is "+kindWord(s)+", not a JSON Schema object")
	}
	if t, off := s.Member("type"); t == nil || t.Kind != '"' || t.Text != "object" {
		if t == nil {
			off = s.Start
		}
		return fail(off, "/type", `an inputSchema is of "type": "object"`)
	}
	for i, k := range s.Keys {
		v, off := s.Kids[i], s.KeyOffsets[i]
		switch {
		case k == "additionalProperties":
			if v.Kind != 'f' {
				return fail(off, "/additionalProperties", "additionalProperties is not supported unless false: coerce always rejects arguments the schema does not declare")
			}
		case k == "properties":
			if v.Kind != '{' {
				return fail(off, "/properties", "properties is "+kindWord(v)+", not an object of arguments")
			}
			for j, name := range v.Keys {
				f, e := r.property(name, v.Kids[j], ptr+"/properties/"+pointerToken(name), tool)
				if e != nil {
					return coerce.Schema{}, e
				}
				out.Fields = append(out.Fields, f)
			}
		case k == "type", k == "required":
		case contains(rootKeywords, k):
			if (k == "title" || k == "description" || k == "$comment" || k == "$schema") && v.Kind != '"' {
				return fail(off, "/"+pointerToken(k), k+" is "+kindWord(v)+", not a string")
			}
		default:
			return fail(off, "/"+pointerToken(k), unsupported(k, "on an inputSchema; it reads type, properties, required and additionalProperties: false"))
		}
	}
	if req, off := s.Member("required"); req != nil {
		if e := r.required(req, off, ptr+"/required", tool, &out); e != nil {
			return coerce.Schema{}, e
		}
	} else {
		for i := range out.Fields {
			out.Fields[i].Optional = true
		}
	}
	return out, nil
}

// required marks the required fields; every other one is optional.
func (r reader) required(req *jsontree.Node, off int, ptr, tool string, s *coerce.Schema) *Error {
	if req.Kind != '[' {
		return r.errAt(off, ptr, tool, "required is "+kindWord(req)+", not an array of argument names")
	}
	for i := range s.Fields {
		s.Fields[i].Optional = true
	}
	for i, n := range req.Kids {
		p := ptr + "/" + strconv.Itoa(i)
		if n.Kind != '"' {
			return r.errAt(n.Start, p, tool, "required lists "+kindWord(n)+"; it lists argument names")
		}
		j := index(s.Fields, n.Text)
		switch {
		case j < 0:
			return r.errAt(n.Start, p, tool, "required names "+quote(n.Text)+", which is not among the properties")
		case !s.Fields[j].Optional:
			return r.errAt(n.Start, p, tool, "required names "+quote(n.Text)+" twice")
		}
		s.Fields[j].Optional = false
	}
	return nil
}

func index(fields []coerce.Field, name string) int {
	for i := range fields {
		if fields[i].Name == name {
			return i
		}
	}
	return -1
}

// property reads one argument's schema.
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
				return fail(p.KeyOffsets[i], "/"+pointerToken(k), unsupported(k, ""))
			}
		}
		return fail(p.Start, "", "the argument "+quote(name)+" has no type; coerce reads integer, string and boolean arguments")
	}
	var own []string
	switch {
	case t.Kind == '"' && t.Text == "integer":
		f.Kind, f.HasMin, f.Min, f.Max, own = coerce.Integer, true, math.MinInt64, math.MaxInt64, integerKeywords
	case t.Kind == '"' && t.Text == "string":
		f.Kind, own = coerce.Text, stringKeywords
	case t.Kind == '"' && t.Text == "boolean":
		f.Kind = coerce.Boolean
	case t.Kind == '[':
		return fail(off, "/type", "a list of types is not supported; coerce reads one type per argument: integer, string or boolean")
	case t.Kind == '"' && t.Text == "number":
		return fail(off, "/type", `"number" is not supported: coerce takes whole numbers only; declare "integer"`)
	default:
		return fail(off, "/type", "arguments of type "+typeWord(t)+" are not supported; coerce reads integer, string and boolean arguments")
	}
	for i, k := range p.Keys {
		v, off := p.Kids[i], p.KeyOffsets[i]
		q := "/" + pointerToken(k)
		var msg string
		switch {
		case contains(integerKeywords, k) && f.Kind == coerce.Integer:
			msg = bound(&f, k, v)
		case contains(stringKeywords, k) && f.Kind == coerce.Text:
			msg = r.textKeyword(&f, k, v)
		case k == "examples":
			msg = example(&f, v)
		case k == "description" || k == "title" || k == "$comment":
			if v.Kind != '"' {
				msg = k + " is " + kindWord(v) + ", not a string"
			}
			if k == "description" {
				f.Description = v.Text
			}
		case k == "type":
		case contains(integerKeywords, k) || contains(stringKeywords, k) || (k == "enum" && f.Kind != coerce.Text):
			msg = k + " is not supported on " + typeWord(t) + " arguments"
		default:
			msg = unsupported(k, "on an argument; it reads "+strings.Join(append(append([]string(nil), commonKeywords...), own...), ", "))
		}
		if msg != "" {
			return fail(off, q, msg)
		}
	}
	if f.Kind == coerce.Integer && f.Min > f.Max {
		return fail(p.Start, "", "no whole number is within its minimum and maximum")
	}
	if f.Kind == coerce.Text && f.MaxLength > 0 && f.MinLength > f.MaxLength {
		return fail(p.Start, "", "minLength is above maxLength: no value fits")
	}
	return f, nil
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
