package tooldef

import (
	"bytes"
	"context"
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// maxRecords bounds the ids a definition lists, over all its fields.
const maxRecords = 10000

// extension reads "x-coerce" into d (its schema read already), then gives every field its
// example and checks the values the definition names (examples, enums, records) against the
// fields, through the dispatcher: a record the tool itself would refuse is a mistake.
func (r reader) extension(x *jsontree.Node, off int, ptr string, d *Def) *Error {
	fail := func(off int, p, msg string) *Error { return r.errAt(off, ptr+p, d.Name, msg) }
	if x.Kind != '{' {
		return fail(off, "", "x-coerce is "+kindWord(x)+", not an object")
	}
	for i, k := range x.Keys {
		v, off := x.Kids[i], x.KeyOffsets[i]
		var e *Error
		switch k {
		case "records":
			e = r.records(v, off, ptr+"/records", d)
		case "boolStrings":
			e = r.boolStrings(v, off, ptr+"/boolStrings", d)
		case "permission":
			if v.Kind != '"' || !validName(v.Text) {
				e = fail(off, "/permission", "permission is a name of 1 to 128 letters, digits, _, - and .")
			}
			d.Permission = v.Text
		default:
			e = fail(off, "/"+pointerToken(k), "x-coerce has no member "+quote(k)+"; its members are records, boolStrings and permission")
		}
		if e != nil {
			return e
		}
	}
	return nil
}

func (r reader) records(v *jsontree.Node, off int, ptr string, d *Def) *Error {
	if v.Kind != '{' {
		return r.errAt(off, ptr, d.Name, "records is "+kindWord(v)+`, not an object of fields and their ids: {"job_id": [17, 42]}`)
	}
	total := 0
	for i, name := range v.Keys {
		ids, p := v.Kids[i], ptr+"/"+pointerToken(name)
		fail := func(off int, msg string) *Error { return r.errAt(off, p, d.Name, msg) }
		j := index(d.Schema.Fields, name)
		if j < 0 {
			return fail(v.KeyOffsets[i], "records names "+quote(name)+", which is not among the properties")
		}
		f := &d.Schema.Fields[j]
		if f.Kind != coerce.Integer && f.Kind != coerce.Text {
			return fail(v.KeyOffsets[i], "records are ids, of an integer or string argument; "+name+" is neither")
		}
		if ids.Kind != '[' || len(ids.Kids) == 0 {
			return fail(v.KeyOffsets[i], "the records of "+name+" are a non-empty array of its ids")
		}
		rec := Records{Field: name}
		for k, id := range ids.Kids {
			if total++; total > maxRecords {
				return fail(id.Start, "a definition lists at most "+strconv.Itoa(maxRecords)+" records")
			}
			if msg := rec.add(f, id); msg != "" {
				return r.errAt(id.Start, p+"/"+strconv.Itoa(k), d.Name, msg)
			}
		}
		d.Records = append(d.Records, rec)
	}
	return nil
}

// add appends one id to rec: a number for an integer field, a string for a string one.
func (rec *Records) add(f *coerce.Field, id *jsontree.Node) string {
	if f.Kind == coerce.Integer {
		n, ok := intLiteral(id)
		if !ok {
			return "the ids of " + f.Name + " are whole numbers, as the argument is an integer"
		}
		rec.Ints = append(rec.Ints, n)
		return ""
	}
	if id.Kind != '"' {
		return "the ids of " + f.Name + " are strings, as the argument is a string"
	}
	rec.IDs = append(rec.IDs, id.Text)
	return ""
}

func (r reader) boolStrings(v *jsontree.Node, off int, ptr string, d *Def) *Error {
	if v.Kind != '[' {
		return r.errAt(off, ptr, d.Name, "boolStrings is "+kindWord(v)+", not an array of boolean argument names")
	}
	for i, n := range v.Kids {
		j := -1
		if n.Kind == '"' {
			j = index(d.Schema.Fields, n.Text)
		}
		if j < 0 || d.Schema.Fields[j].Kind != coerce.Boolean {
			return r.errAt(n.Start, ptr+"/"+strconv.Itoa(i), d.Name, "boolStrings lists the boolean arguments that take \"true\" and \"false\"; this is not one")
		}
		d.Schema.Fields[j].BoolStrings = true
	}
	return nil
}

// complete gives each field of d its example (the first of examples, else the first record,
// else one made from its declaration) and checks that every example, enum value and record is
// a value the field takes: what the definition names must exist.
//
// Each value is checked once against the field without its enum, and the example and records
// are looked up in an index of the enum: a long enum with many records reads in linear time.
func (r reader) complete(t *jsontree.Node, ptr string, d *Def) *Error {
	for i := range d.Schema.Fields {
		f := &d.Schema.Fields[i]
		fail := func(msg string) *Error {
			return r.errAt(t.Start, ptr+"/inputSchema/properties/"+pointerToken(f.Name), d.Name, msg)
		}
		rec := d.recordsOf(f.Name)
		if f.Example == "" && rec != nil {
			f.Example = rec.first()
		}
		if msg := fillExample(f); msg != "" {
			return fail(msg)
		}
		plain := *f
		plain.Enum = nil
		for _, v := range f.Enum {
			if hint := checkValue(plain, v); hint != "" {
				return fail("the enum value " + quote(v) + " is not one " + f.Name + " takes: " + hint)
			}
		}
		in := make(map[string]bool, len(f.Enum))
		for _, v := range f.Enum {
			in[v] = true
		}
		values := []string{f.Example}
		if rec != nil {
			values = append(values, rec.all()...)
		}
		for _, v := range values {
			hint := checkValue(plain, v)
			if hint == "" && len(in) > 0 && !in[v] {
				hint = f.Name + " must be one of its enum's values, exactly"
			}
			if hint != "" {
				return fail("the value " + quote(v) + " that the definition names for " + f.Name + " is not one it takes: " + hint)
			}
		}
	}
	return nil
}

func (d *Def) recordsOf(field string) *Records {
	for i := range d.Records {
		if d.Records[i].Field == field {
			return &d.Records[i]
		}
	}
	return nil
}

func (rec *Records) first() string {
	if len(rec.Ints) > 0 {
		return strconv.FormatInt(rec.Ints[0], 10)
	}
	return rec.IDs[0]
}

func (rec *Records) all() []string {
	out := append([]string(nil), rec.IDs...)
	for _, n := range rec.Ints {
		out = append(out, strconv.FormatInt(n, 10))
	}
	return out
}

// checkValue runs v (a number's digits, a boolean's word, or a string's text) through a
// dispatcher holding only f, and returns the hint of its refusal, or "" when f takes it as it
// is: a string must come through unchanged, not merely after trimming.
func checkValue(f coerce.Field, v string) string {
	f.Optional, f.BoolStrings = false, false
	raw := v
	if f.Kind == coerce.Text {
		q, _ := jsontext.AppendQuote(nil, v)
		raw = string(q)
	}
	var got string
	tool := coerce.Tool{Name: "check", Schema: coerce.Schema{Fields: []coerce.Field{f}},
		Handler: func(_ context.Context, a coerce.Args) (coerce.Result, error) {
			got = a.ID(f.Name)
			return nil, nil
		}}
	disp, err := coerce.NewDispatcher(coerce.Config{}, tool)
	if err != nil {
		return "the argument's declaration is not one coerce can run"
	}
	args, _ := jsontext.AppendQuote(nil, f.Name)
	o := disp.Call(context.Background(), "check", append(append(append([]byte{'{'}, args...), ':'), raw+"}"...))
	switch {
	case o.Code != coerce.OK:
		return hintOf(o.Observation)
	case f.Kind == coerce.Text && got != v:
		return "it has white space around it, which is trimmed from what a caller sends"
	}
	return ""
}

// hintOf is the hint of an error observation.
func hintOf(obs []byte) string {
	dec := jsontext.NewDecoder(bytes.NewReader(obs))
	hint := "it is not valid"
	jsontree.Members(dec, func(name string) error {
		if name == "hint" {
			if s, ok := jsontree.String(dec); ok {
				hint = s
			}
			return nil
		}
		return dec.SkipValue()
	})
	return hint
}
