package page

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// Entry is one code of the error catalog, as the page lists it.
type Entry struct {
	Code coerce.Code
	// Fields are the entry's other members in catalog order, values as text.
	Fields []Field
}

// Field is one member of a catalog entry.
type Field struct {
	Key, Value string
}

// memberLabel is how the page names a catalog member; unknown members keep their
// key, so a new catalog column shows up without a code change.
func memberLabel(key string) string {
	switch key {
	case "retry":
		return "Who may retry"
	case "stop":
		return "When to stop"
	case "hint":
		return "The hint gives"
	case "cap":
		return "Retries allowed"
	case "on_cap":
		return "After that"
	}
	return key
}

// Catalog lists the named classroom tool's error catalog as the page shows it, drawn from the
// tool's declaration: the same entries its catalog file, what the model is shown, is written
// from. Nil for an unknown tool.
func Catalog(tool string) []Entry {
	for _, t := range lesson.Tools() {
		if t.Name == tool {
			return entries(t.Catalog())
		}
	}
	return nil
}

// RowCodes are the codes a row's expected code (or prediction) is chosen from, as the editor's
// select offers them: "ok" and the codes of the table's tool's catalog (its own tool's, for a
// declared one), which are all the tool can answer. A code a row already holds that the tool
// cannot answer (a table imported or linked so) is offered too, so the select shows the row's
// value instead of passing it off as not predicted. In the order of lesson.Codes.
func (s *State) RowCodes() []coerce.Code {
	var catalog []coerce.Entry
	if d, ok := s.ownDef(); ok {
		catalog = d.Tool(nil).Catalog()
	} else {
		for _, t := range lesson.Tools() {
			if t.Name == s.Tool() {
				catalog = t.Catalog()
			}
		}
	}
	var out []coerce.Code
	for _, c := range lesson.Codes() {
		if c == coerce.OK || s.rowHolds(c) || declaresCode(catalog, c) {
			out = append(out, c)
		}
	}
	return out
}

// rowHolds reports whether a row of the table expects code.
func (s *State) rowHolds(code coerce.Code) bool {
	for _, r := range s.table.Rows {
		if r.Want == code {
			return true
		}
	}
	return false
}

func declaresCode(catalog []coerce.Entry, code coerce.Code) bool {
	for _, e := range catalog {
		if e.Code == code {
			return true
		}
	}
	return false
}

// entries gives each catalog entry's members in the catalog file's order and wording.
func entries(catalog []coerce.Entry) []Entry {
	out := make([]Entry, len(catalog))
	for i, e := range catalog {
		f := []Field{{"retry", e.Retry}, {"stop", e.Stop}, {"hint", e.Hint}, {"cap", strconv.Itoa(e.Cap)}}
		if e.ToolCap > 0 {
			f = append(f, Field{"tool_cap", strconv.Itoa(e.ToolCap)})
		}
		out[i] = Entry{Code: e.Code, Fields: append(f, Field{"on_cap", string(e.OnCap)})}
	}
	return out
}
