package tooldef

import (
	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// Def is one tool declared as data, read and checked.
type Def struct {
	Name, Description string
	// Schema is the tool's arguments as coerce declares them, in the definition's order.
	Schema coerce.Schema
	// Records are the ids that exist, per field, in schema order; a field without records
	// takes any valid value.
	Records []Records
	// Permission is what a caller must hold for a valid call to be answered; "" for none.
	Permission string
	// Text is the definition as one compact JSON object, its members as they were given: what
	// a table and a link carry, and what Read reads back into the same Def.
	Text string
}

// Records are the ids of one field that exist: Ints for an integer field, IDs for a string one.
type Records struct {
	Field string
	Ints  []int64
	IDs   []string
}

// maxNameBytes bounds a tool's name, as MCP does (1 to 128 characters of A-Z, a-z, 0-9, _, -, .).
const maxNameBytes = 128

// toolMembers are the members of an MCP tool object besides name, description, inputSchema and
// x-coerce. None of them is about the arguments, so none changes how a call is coerced.
var toolMembers = []string{"title", "outputSchema", "annotations", "_meta", "icons", "execution"}

// tool reads one tool object at pointer ptr.
func (r reader) tool(t *jsontree.Node, ptr string) (Def, *Error) {
	var d Def
	fail := func(off int, p, msg string) (Def, *Error) { return Def{}, r.errAt(off, ptr+p, d.Name, msg) }
	if t.Kind != '{' {
		return fail(t.Start, "", "a tool is an object with a name and an inputSchema, not "+kindWord(t))
	}
	name, off := t.Member("name")
	if name == nil {
		return fail(t.Start, "", `the tool has no "name"`)
	}
	if name.Kind != '"' || !validName(name.Text) {
		return fail(off, "/name", "a tool's name is 1 to 128 characters of letters, digits, _, - and .")
	}
	d.Name = name.Text
	for i, k := range t.Keys {
		v, off := t.Kids[i], t.KeyOffsets[i]
		switch {
		case k == "name":
		case k == "description" || k == "title":
			if v.Kind != '"' {
				return fail(off, "/"+k, `"`+k+`" is `+kindWord(v)+", not a string")
			}
			if k == "description" {
				d.Description = v.Text
			}
		case k == "inputSchema":
			s, e := r.inputSchema(v, ptr+"/inputSchema", d.Name)
			if e != nil {
				return Def{}, e
			}
			d.Schema = s
		case k == "x-coerce": // read below, once the fields are known
		case contains(toolMembers, k):
		default:
			return fail(off, "/"+pointerToken(k), "a tool has no member "+quote(k)+"; its members are name, title, description, inputSchema, outputSchema, annotations, icons, execution, _meta and x-coerce")
		}
	}
	if s, _ := t.Member("inputSchema"); s == nil {
		return fail(t.Start, "", `the tool has no "inputSchema"`)
	}
	if x, off := t.Member("x-coerce"); x != nil {
		if e := r.extension(x, off, ptr+"/x-coerce", &d); e != nil {
			return Def{}, e
		}
	}
	if e := r.complete(t, ptr, &d); e != nil {
		return Def{}, e
	}
	text := appendCompact(nil, t)
	d.Text = string(text)
	return d, nil
}

// appendCompact writes n as compact JSON, members in their order: the definition's text as a
// table and a link carry it. (jsontext.Value.Compact would do it, but links jsontext's encoder
// into the page for this one use.)
func appendCompact(b []byte, n *jsontree.Node) []byte {
	switch n.Kind {
	case '{', '[':
		open, end := byte('{'), byte('}')
		if n.Kind == '[' {
			open, end = '[', ']'
		}
		b = append(b, open)
		for i, kid := range n.Kids {
			if i > 0 {
				b = append(b, ',')
			}
			if n.Kind == '{' {
				b, _ = jsontext.AppendQuote(b, n.Keys[i])
				b = append(b, ':')
			}
			b = appendCompact(b, kid)
		}
		return append(b, end)
	case '"':
		b, _ = jsontext.AppendQuote(b, n.Text)
		return b
	}
	return append(b, n.Text...)
}

func validName(s string) bool {
	if len(s) == 0 || len(s) > maxNameBytes {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
