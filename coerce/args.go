package coerce

// Args are a call's arguments after coercion: every declared field is of its kind and in range.
// Read them by field name; a name the schema does not declare reads as the zero value.
type Args struct {
	schema *Schema
	// inline holds the values of a schema with up to len(inline) fields, so an ordinary call
	// does not allocate for its arguments; vals is used beyond that. Args is passed by value,
	// so a handler may keep it after it returns.
	inline [4]argVal
	vals   []argVal
}

// slots returns where the values of a's schema go: inline for a small schema.
func (a *Args) slots() []argVal {
	n := len(a.schema.Fields)
	if n <= len(a.inline) {
		return a.inline[:n]
	}
	if a.vals == nil {
		a.vals = make([]argVal, n)
	}
	return a.vals
}

// argVal is one argument's coerced value: num for an Integer, yes for a Boolean, and str for a
// string, or for a Number, an Array or a Nested field the JSON text of its coerced value.
type argVal struct {
	set bool
	num int64
	str string
	yes bool
}

func (a Args) get(name string) argVal {
	if a.schema == nil {
		return argVal{}
	}
	for i := range a.schema.Fields {
		if a.schema.Fields[i].Name == name {
			if a.vals != nil {
				return a.vals[i]
			}
			return a.inline[i]
		}
	}
	return argVal{}
}

// Int returns an Integer argument.
func (a Args) Int(name string) int64 { return a.get(name).num }

// ID returns a PrefixedID or Text argument (an id trimmed, text as sent).
func (a Args) ID(name string) string { return a.get(name).str }

// Bool returns a Boolean argument; an optional one left out reads as false.
func (a Args) Bool(name string) bool { return a.get(name).yes }

// Value returns an argument of any kind as a JSON value, coerced: what a runtime passes on
// (a Number's literal, an Array's or a Nested field's JSON text with every element coerced).
// A name the schema does not declare, or an optional argument left out, reads as null.
func (a Args) Value(name string) Value {
	if a.schema == nil {
		return Value{}
	}
	i := a.schema.index([]byte(name))
	if i < 0 {
		return Value{}
	}
	v := a.get(name)
	if !v.set {
		return Value{}
	}
	switch a.schema.Fields[i].Kind {
	case Integer:
		return Int(v.num)
	case Boolean:
		return Bool(v.yes)
	case PrefixedID, Text:
		return String(v.str)
	}
	return Value{kind: 'j', str: v.str}
}

// Has reports whether an argument was sent (always true for required fields).
func (a Args) Has(name string) bool { return a.get(name).set }
