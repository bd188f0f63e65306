package tooldef

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
)

// The keywords read, by where they stand. Annotations (title, description, $comment, $schema,
// examples, default) change nothing about a call; every other keyword is honoured, or the tool
// is refused with the keyword named (Error.Keyword).
var (
	rootKeywords    = []string{"type", "properties", "required", "additionalProperties", "$schema", "title", "description", "$comment"}
	commonKeywords  = []string{"type", "description", "title", "$comment", "examples", "default"}
	integerKeywords = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}
	stringKeywords  = []string{"pattern", "enum", "minLength", "maxLength"}
	arrayKeywords   = []string{"items", "minItems", "maxItems"}
	objectKeywords  = []string{"properties", "required", "additionalProperties"}
)

// dialects are the $schema values read: the drafts whose keywords above mean the same.
var dialects = []string{
	"http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema",
	"https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
	"http://json-schema.org/draft-06/schema#",
}

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
	"const":             "const is not supported; write an enum of one value",
	"multipleOf":        "multipleOf is not supported",
	"nullable":          "null is never an argument's value in coerce; leave the argument out of required instead",
	"patternProperties": "arguments are declared one by one under properties; patternProperties is not supported",
	"propertyNames":     "arguments are declared one by one under properties; propertyNames is not supported",
	"dependentRequired": "dependencies between arguments are not supported",
	"dependencies":      "dependencies between arguments are not supported",
	"uniqueItems":       "coerce does not compare an array's items; uniqueItems is not supported",
	"prefixItems":       "coerce reads arrays whose items all have one schema; prefixItems is not supported",
	"contains":          "coerce reads arrays whose items all have one schema; contains is not supported",
}

// unsupported is the refusal of keyword k standing where it cannot: the Error names k.
func (r reader) unsupported(off int, ptr, tool, k, where string) *Error {
	msg := quote(k) + " is not a keyword coerce honours " + where
	if why, ok := refusals[k]; ok {
		msg = k + " is not supported: " + why
	}
	e := r.errAt(off, ptr, tool, msg)
	e.Keyword = coerce.Cut(k, maxQuoted)
	return e
}

// inputSchema reads a tool's inputSchema into a coerce.Schema.
func (r reader) inputSchema(s *jsontree.Node, ptr, tool string) (coerce.Schema, *Error) {
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
		case contains(objectKeywords, k), k == "type":
		case k == "$schema" && v.Kind == '"' && !contains(dialects, v.Text):
			e := r.errAt(off, ptr+"/$schema", tool, "the dialect "+quote(v.Text)+" is not one coerce reads; it reads draft-06, draft-07, 2019-09 and 2020-12")
			e.Keyword = "$schema"
			return coerce.Schema{}, e
		case contains(rootKeywords, k):
			if v.Kind != '"' {
				return fail(off, "/"+pointerToken(k), k+" is "+kindWord(v)+", not a string")
			}
		default:
			return coerce.Schema{}, r.unsupported(off, ptr+"/"+pointerToken(k), tool, k, "on an inputSchema; it reads type, properties, required and additionalProperties: false")
		}
	}
	fields, e := r.object(s, ptr, tool)
	return coerce.Schema{Fields: fields}, e
}

// object reads the members an object schema declares (the inputSchema's, or an object
// argument's): properties, required, and additionalProperties, which may only be false, as
// coerce refuses undeclared members anyway. The other keywords are the caller's.
func (r reader) object(s *jsontree.Node, ptr, tool string) ([]coerce.Field, *Error) {
	var out []coerce.Field
	if a, off := s.Member("additionalProperties"); a != nil && a.Kind != 'f' {
		e := r.errAt(off, ptr+"/additionalProperties", tool, "additionalProperties is not supported unless false: coerce always rejects members the schema does not declare")
		e.Keyword = "additionalProperties"
		return nil, e
	}
	if v, off := s.Member("properties"); v != nil {
		if v.Kind != '{' {
			return nil, r.errAt(off, ptr+"/properties", tool, "properties is "+kindWord(v)+", not an object of arguments")
		}
		for j, name := range v.Keys {
			f, e := r.property(name, v.Kids[j], ptr+"/properties/"+pointerToken(name), tool)
			if e != nil {
				return nil, e
			}
			out = append(out, f)
		}
	}
	for i := range out {
		out[i].Optional = true
	}
	if req, off := s.Member("required"); req != nil {
		if e := r.required(req, off, ptr+"/required", tool, out); e != nil {
			return nil, e
		}
	}
	return out, nil
}

// required marks the required fields; every other one is optional.
func (r reader) required(req *jsontree.Node, off int, ptr, tool string, fields []coerce.Field) *Error {
	if req.Kind != '[' {
		return r.errAt(off, ptr, tool, "required is "+kindWord(req)+", not an array of argument names")
	}
	for i, n := range req.Kids {
		p := ptr + "/" + strconv.Itoa(i)
		if n.Kind != '"' {
			return r.errAt(n.Start, p, tool, "required lists "+kindWord(n)+"; it lists argument names")
		}
		j := index(fields, n.Text)
		switch {
		case j < 0:
			return r.errAt(n.Start, p, tool, "required names "+quote(n.Text)+", which is not among the properties")
		case !fields[j].Optional:
			return r.errAt(n.Start, p, tool, "required names "+quote(n.Text)+" twice")
		}
		fields[j].Optional = false
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
