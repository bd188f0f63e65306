package coerce

import (
	"errors"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Kind is what an argument holds.
type Kind uint8

const (
	// Integer is a positive integer id or count: 1 … Max.
	Integer Kind = iota + 1
	// PrefixedID is a string id with a fixed prefix, such as "usr_8f3a".
	PrefixedID
	// Boolean is true or false.
	Boolean
	// Text is a string: an id when it has a Pattern or an Enum (trimmed, then matched
	// exactly), text otherwise (taken as sent); MinLength and MaxLength bound either.
	Text
	// Number is a JSON number, whole or not, within MinNumber … MaxNumber; a digit string is
	// read as one under the same rule as an Integer's, and a boolean never is.
	Number
	// Array is a JSON array of Items, MinItems … MaxItems long.
	Array
	// Nested is a JSON object whose members are declared by Fields, as a Schema declares the
	// arguments: a member not declared is refused.
	Nested
)

// Field declares one argument.
type Field struct {
	Name        string
	Kind        Kind
	Description string
	// Optional fields may be left out; every other field is required.
	Optional bool
	// Max is an Integer's inclusive maximum.
	Max int64
	// Min is an Integer's inclusive minimum when HasMin is set; without it the minimum is 1.
	Min    int64
	HasMin bool
	// Prefix is a PrefixedID's fixed prefix, matched exactly and case-sensitively.
	Prefix string
	// Example is a valid value shown in hints ("17", "usr_8f3a"); it should come from real data.
	Example string
	// BoolStrings lets a Boolean take the strings "true" and "false". Off by default: a field opts
	// in only where a model is known to quote booleans and "false" can never mean anything else.
	BoolStrings bool
	// Pattern, Enum, MinLength and MaxLength constrain a Text. Pattern is matched against the
	// whole trimmed value; Enum lists the values it may take; lengths count characters (code
	// points), as JSON Schema does; MaxLength 0 means no bound.
	Pattern              *Pattern
	Enum                 []string
	MinLength, MaxLength int
	// MinNumber and MaxNumber bound a Number, as JSON number literals ("" for no bound);
	// ExclusiveMin and ExclusiveMax make the bound exclusive. They are compared exactly, as
	// decimals, never through a float.
	MinNumber, MaxNumber       string
	ExclusiveMin, ExclusiveMax bool
	// Items declares an Array's elements (its Name is not used); MinItems and MaxItems bound
	// the array's length, MaxItems 0 meaning no bound.
	Items              *Field
	MinItems, MaxItems int
	// Fields declares a Nested object's members.
	Fields []Field

	// enumSet indexes a long Enum, built by NewDispatcher: a call is one lookup, whatever the
	// enum's length.
	enumSet map[string]bool
}

// minIndexedEnum is the length from which an Enum is looked up in a set rather than scanned.
const minIndexedEnum = 16

// indexed returns fields copied, each long Enum (at any depth) with its set: the dispatcher's
// own copy, so the caller's declaration is never written to.
func indexed(fields []Field) []Field {
	out := append([]Field(nil), fields...)
	for i := range out {
		f := &out[i]
		if len(f.Enum) >= minIndexedEnum {
			f.enumSet = make(map[string]bool, len(f.Enum))
			for _, e := range f.Enum {
				f.enumSet[e] = true
			}
		}
		if f.Items != nil {
			f.Items = &indexed([]Field{*f.Items})[0]
		}
		f.Fields = indexed(f.Fields)
	}
	return out
}

// inEnum reports whether s is one of f's Enum.
func (f *Field) inEnum(s string) bool {
	if f.enumSet != nil {
		return f.enumSet[s]
	}
	for _, e := range f.Enum {
		if e == s {
			return true
		}
	}
	return false
}

// min is an Integer's inclusive minimum.
func (f *Field) min() int64 {
	if f.HasMin {
		return f.Min
	}
	return 1
}

// isID reports whether f's value is an id, trimmed and matched exactly: a PrefixedID, or a
// Text with a Pattern or an Enum.
func (f *Field) isID() bool {
	return f.Kind == PrefixedID || f.Kind == Text && (f.Pattern != nil || len(f.Enum) > 0)
}

// quotedExample is the field's example as JSON: quoted for the string kinds.
func (f *Field) quotedExample() string {
	if f.Kind == PrefixedID || f.Kind == Text {
		return string(appendQuoted(nil, f.Example))
	}
	return f.Example
}

// Schema declares a tool's argument object. Keys not declared are always rejected.
type Schema struct {
	Fields []Field
}

// IntField declares a required positive integer 1 … max.
func IntField(name string, max int64, example, description string) Field {
	return Field{Name: name, Kind: Integer, Max: max, Example: example, Description: description}
}

// IDField declares a required string id with a fixed prefix.
func IDField(name, prefix, example, description string) Field {
	return Field{Name: name, Kind: PrefixedID, Prefix: prefix, Example: example, Description: description}
}

// BoolField declares an optional boolean.
func BoolField(name, description string) Field {
	return Field{Name: name, Kind: Boolean, Optional: true, Example: "true", Description: description}
}

// maxIDSuffix bounds the part of a PrefixedID after its prefix.
const maxIDSuffix = 64

// check reports a declaration mistake; schemas are checked once, when a dispatcher is built.
func (s Schema) check() error { return checkFields(s.Fields) }

func checkFields(fields []Field) error {
	seen := map[string]bool{}
	for _, f := range fields {
		if err := f.checkCompound(); err != nil {
			return err
		}
		switch {
		case f.Name == "":
			return errors.New("coerce: a field has no name")
		case seen[f.Name]:
			return errors.New("coerce: field " + quotedName(f.Name) + " declared twice")
		case f.Kind == Integer && f.Max < f.min():
			return errors.New("coerce: integer field " + quotedName(f.Name) + " needs Max >= its minimum")
		case f.Kind == Text && (f.MinLength < 0 || f.MaxLength < 0 || f.MaxLength > 0 && f.MaxLength < f.MinLength):
			return errors.New("coerce: string field " + quotedName(f.Name) + " has lengths that no value fits")
		case f.Kind == PrefixedID && f.Prefix == "":
			return errors.New("coerce: id field " + quotedName(f.Name) + " needs a Prefix")
		case f.Kind < Integer || f.Kind > Nested:
			return errors.New("coerce: field " + quotedName(f.Name) + " has no kind")
		}
		seen[f.Name] = true
	}
	return nil
}

// quotedName is a declared name as an error message quotes it: a tool's declaration can come from
// a person's text (a table's own tool), so the name is cut and its control characters escaped.
func quotedName(name string) string { return string(appendQuoted(nil, Cut(name, maxGotBytes))) }

func (s Schema) index(name []byte) int { return indexField(s.Fields, name) }

// names lists the declared fields for hints: "job_id" or "user_id, job_id".
func (s Schema) names() string {
	var b strings.Builder
	for i, f := range s.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.Name)
	}
	return b.String()
}

// JSONSchema renders the schema as the JSON Schema a model is shown, indented. It describes the
// canonical types only: coercion is a tolerance of the runtime, not part of the contract.
func (s Schema) JSONSchema() []byte {
	v := jsontext.Value(s.CompactJSONSchema())
	if err := v.Indent(jsontext.WithIndent("  ")); err != nil {
		panic("coerce: JSONSchema built invalid JSON: " + err.Error()) // a bug in this file, not input
	}
	return append(v, '\n')
}

// CompactJSONSchema is JSONSchema on one line, without white space: for a reader that lays it
// out itself (the page does, without linking jsontext's encoder).
func (s Schema) CompactJSONSchema() []byte {
	return appendObjectSchema(nil, s.Fields)
}

// appendObjectSchema appends the schema of an object whose members are fields: the arguments,
// or a Nested field.
func appendObjectSchema(b []byte, fields []Field) []byte {
	b = append(b, `{"type":"object","properties":{`...)
	for i := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendQuoted(b, fields[i].Name)
		b = append(b, ':')
		b = appendFieldSchema(b, &fields[i])
	}
	b = append(b, `},"required":[`...)
	n := 0
	for _, f := range fields {
		if !f.Optional {
			if n > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(b, f.Name)
			n++
		}
	}
	return append(b, `],"additionalProperties":false}`...)
}

// appendFieldSchema appends one field's schema: its type, its constraints, its description and
// its example.
func appendFieldSchema(b []byte, f *Field) []byte {
	switch f.Kind {
	case Integer:
		b = append(b, `{"type":"integer","minimum":`...)
		b = strconv.AppendInt(b, f.min(), 10)
		b = append(b, `,"maximum":`...)
		b = strconv.AppendInt(b, f.Max, 10)
	case Text:
		b = appendTextSchema(append(b, '{'), f)
	case PrefixedID:
		b = append(b, `{"type":"string","pattern":`...)
		b = appendQuoted(b, "^"+regexpQuote(f.Prefix)+"[A-Za-z0-9]{1,"+strconv.Itoa(maxIDSuffix)+"}$")
	case Boolean:
		b = append(b, `{"type":"boolean"`...)
	default:
		b = appendCompoundSchema(b, f)
	}
	if f.Description != "" {
		b = append(b, `,"description":`...)
		b = appendQuoted(b, f.Description)
	}
	if f.Example != "" {
		b = append(b, `,"examples":[`...)
		b = append(b, f.quotedExample()...)
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendTextSchema appends a Text field.s type and constraints.
func appendTextSchema(b []byte, f *Field) []byte {
	b = append(b, `"type":"string"`...)
	if f.MinLength > 0 {
		b = append(b, `,"minLength":`...)
		b = strconv.AppendInt(b, int64(f.MinLength), 10)
	}
	if f.MaxLength > 0 {
		b = append(b, `,"maxLength":`...)
		b = strconv.AppendInt(b, int64(f.MaxLength), 10)
	}
	if f.Pattern != nil {
		b = append(b, `,"pattern":`...)
		b = appendQuoted(b, f.Pattern.String())
	}
	if len(f.Enum) > 0 {
		b = append(b, `,"enum":[`...)
		for i, e := range f.Enum {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendQuoted(b, e)
		}
		b = append(b, ']')
	}
	return b
}

func regexpQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
