package lesson

// Switches are the coercion switches a lesson can turn: the zero value turns every coercion
// off; DefaultSwitches is the lesson as taught. Note files name them (try: switch trim …), so
// each has a name here, the one the page's controls also derive from.
type Switches struct {
	// TrimSpace and DigitStrings are coerce.Rules; BoolStrings opts refund's dry_run in to the
	// strings "true" and "false".
	TrimSpace, DigitStrings, BoolStrings bool
}

// DefaultSwitches: trimming and digit strings on, booleans from strings off.
func DefaultSwitches() Switches { return Switches{TrimSpace: true, DigitStrings: true} }

// SwitchNames names the switches, in the order they are shown.
func SwitchNames() []string { return []string{"trim", "digit_strings", "bool_strings"} }

// field is the named switch in sw, or nil for an unknown name.
func (sw *Switches) field(name string) *bool {
	switch name {
	case "trim":
		return &sw.TrimSpace
	case "digit_strings":
		return &sw.DigitStrings
	case "bool_strings":
		return &sw.BoolStrings
	}
	return nil
}

// With returns sw with the named switch set; ok is false for an unknown name.
func (sw Switches) With(name string, on bool) (_ Switches, ok bool) {
	f := sw.field(name)
	if f == nil {
		return sw, false
	}
	*f = on
	return sw, true
}

// On reports whether the named switch is on; an unknown name is off.
func (sw Switches) On(name string) bool {
	f := sw.field(name)
	return f != nil && *f
}

// BoolStringsField is a field that the bool_strings switch opts in to the strings "true" and
// "false": each tool's Build decides (refund's dry_run), so the page's words about the switch
// come from here instead of naming a tool.
type BoolStringsField struct {
	Tool  string
	Field string
}

// BoolStringsFields lists them, in tool order.
func BoolStringsFields() []BoolStringsField {
	on := Switches{BoolStrings: true}
	var out []BoolStringsField
	for _, t := range NewLab(LabConfig{Switches: &on}).d.Tools() {
		for _, f := range t.Schema.Fields {
			if f.BoolStrings {
				out = append(out, BoolStringsField{t.Name, f.Name})
			}
		}
	}
	return out
}
