package page

// The coercion-switches panel: each switch's before → after on the table, and the fixture
// that pins a changed row.

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// switchLabel is how the page names a switch (lesson.SwitchNames).
func switchLabel(name string) string {
	switch name {
	case "trim":
		return "trimming"
	case "digit_strings":
		return "digit strings → int"
	case "bool_strings":
		return `"true"/"false" → bool on ` + boolStringsNames()
	}
	return name
}

// WithSwitch returns sw with the named switch set; ok is false for an unknown name.
func WithSwitch(sw lesson.Switches, name string, on bool) (lesson.Switches, bool) {
	return sw.With(name, on)
}

// SwitchOn reports whether the named switch is on in sw.
func SwitchOn(sw lesson.Switches, name string) bool { return sw.On(name) }

// Change is a table row whose code a switch changed.
type Change struct {
	Row           int // index in the table
	Input         string
	Before, After coerce.Code
}

// Flip is what flipping a switch did to the table.
type Flip struct {
	Switch  string
	On      bool
	Changes []Change
	// Message is the sentence read out: what changed, or that nothing did and why.
	Message string
}

// FlipSwitch sets the named switch and re-runs the table. The table's codes from before the
// flip come from a scratch Lab (not counted in the session's metrics); the run after it is
// the page's run, counted like any other, and becomes the results.
func (s *State) FlipSwitch(name string, on bool) (f Flip, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
		}
	}()
	after, ok := WithSwitch(s.set.switches, name, on)
	if !ok {
		return Flip{}, msgError("no switch " + strconv.Quote(name))
	}
	before := s.scratch().Run(s.table)
	s.SetSwitches(after)
	if err := s.Run(); err != nil {
		return Flip{}, err
	}
	f = Flip{Switch: name, On: on}
	for i, r := range s.results {
		if i < len(before) && before[i].Code != r.Code {
			f.Changes = append(f.Changes, Change{Row: i, Input: r.Input, Before: before[i].Code, After: r.Code})
		}
	}
	f.Message = flipMessage(f, s.Tool())
	return f, nil
}

func flipMessage(f Flip, tool string) string {
	state := "off"
	if f.On {
		state = "on"
	}
	head := "Turned " + switchLabel(f.Switch) + " " + state + ": "
	if n := len(f.Changes); n > 0 {
		return head + plural(n, "row", "rows") + " of this table changed code. Add each as a fixture, so the table pins the new behaviour."
	}
	msg := head + "nothing changed on this table."
	bf, affected := boolStringsFieldOf(tool)
	switch {
	case f.Switch == "bool_strings" && !affected:
		msg += " This switch only affects " + boolStringsNames() + "; the table calls " + tool + "."
	case f.Switch == "bool_strings":
		msg += " Add a row such as " + boolStringsRow(bf) + permissionNote(tool) + " to see it."
	case f.Switch == "trim":
		msg += ` No row has spaces around a value; add one such as " 17 ".`
	case f.Switch == "digit_strings":
		msg += ` No row sends digits in a string; add one such as "17".`
	}
	return msg
}

// AddFixture appends the changed row with its new code as the expected one: the lesson's rule
// that each new coercion comes with a fixture that used to be rejected. It returns the new
// row's index, the index of an equal row already in the table, or -1 when the table is full.
func (s *State) AddFixture(c Change, f Flip) int {
	for i, r := range s.table.Rows {
		if i != c.Row && r.Input == c.Input && r.Want == c.After {
			return i
		}
	}
	state := "off"
	if f.On {
		state = "on"
	}
	return s.appendRow(lesson.Row{Input: c.Input, Want: c.After,
		Note: "fixture: with " + switchLabel(f.Switch) + " " + state + " it gives " + string(c.After) + " (was " + string(c.Before) + ")"})
}

// FixtureNote is what the switches panel says once change c was added as row i.
func FixtureNote(c Change, i int) string {
	return "Row " + strconv.Itoa(i+1) + " pins " + c.Input + " → " + string(c.After) + ". Press Run, Copy link or Export to keep it."
}

// EnsureRow makes the table hold a row calling tool with input, for a Try it target: an equal
// row already there is reused; a table of the same tool gets the row appended (want: its code
// now); otherwise the table is replaced by that one row (replaced is true, for an Undo).
func (s *State) EnsureRow(tool, input string) (row int, replaced bool) {
	if tool == "" {
		tool = lesson.DefaultTool
	}
	cur := s.scratch().RunRow(tool, lesson.Row{Input: input})
	r := lesson.Row{Input: input, Want: cur.Code}
	p, ok := placeRow(s.table, tool, r)
	if !ok { // a full table of the same tool
		p = Placed{Table: oneRowTable(tool, r), Row: 0, Added: true, Switched: true}
	}
	s.Place(p)
	return p.Row, p.Switched
}

// boolStringsNames names the fields the bool_strings switch affects: "refund's dry_run".
func boolStringsNames() string {
	var names []string
	for _, f := range lesson.BoolStringsFields() {
		names = append(names, f.Tool+"'s "+f.Field)
	}
	return strings.Join(names, " and ")
}

// boolStringsFieldOf is tool's field that the bool_strings switch affects, if it has one.
func boolStringsFieldOf(tool string) (lesson.BoolStringsField, bool) {
	for _, f := range lesson.BoolStringsFields() {
		if f.Tool == tool {
			return f, true
		}
	}
	return lesson.BoolStringsField{}, false
}

// boolStringsRow is an input for f's tool that sends f as the string "true", the other fields
// as their examples: {"job_id": 17, "amount_cents": 500, "dry_run": "true"}.
func boolStringsRow(f lesson.BoolStringsField) string {
	var b strings.Builder
	b.WriteByte('{')
	for _, t := range lesson.Tools() {
		if t.Name != f.Tool {
			continue
		}
		for i, fd := range t.Schema.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(fd.Name) + ": ")
			switch {
			case fd.Name == f.Field:
				b.WriteString(`"true"`)
			case fd.Kind == coerce.Integer:
				b.WriteString(fd.Example)
			default:
				b.WriteString(strconv.Quote(fd.Example))
			}
		}
	}
	b.WriteByte('}')
	return b.String()
}

// permissionNote is " (with <permission> granted)" for a tool that needs one.
func permissionNote(tool string) string {
	if p := lesson.PermissionOf(tool); p != "" {
		return " (with " + p + " granted)"
	}
	return ""
}
