package page

import (
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// The lesson notes are cards beside the playground (lesson.Notes); each Try it button loads the
// row or panel that shows the card's claim. This file holds what the page says about a Try it
// and how a row target lands in the table; wasm/app draws the cards and runs them.

// tryKinds are the kinds of Try it target the page knows how to show, and the only kinds
// TryLabel can name.
var tryKinds = []string{"row", "panel", "loop", "http", "switch"}

// TryLabel is the text of a Try it button: what it loads and what the note says it shows, e.g.
// `Try "17" → ok` or `Try the loop: booleans → handoff`. It is "" for a kind the page does not
// know.
func TryLabel(t lesson.Try) string {
	switch t.Kind {
	case "row":
		return "Try " + toolPrefix(t.Tool) + t.Input + " → " + t.Claim
	case "panel":
		if n := embed.PanelName(t.Target); n != "" {
			return "Show " + n
		}
	case "loop":
		return "Try the loop: " + t.Target + " → " + t.Claim
	case "http":
		if t.Target == "deadline" {
			return "Try a vendor call past its deadline → " + t.Claim
		}
		return "Try a vendor's HTTP " + t.Target + " → " + t.Claim
	case "switch":
		return "Try the " + t.Target + " switch on " + t.Tool + ": " + t.Claim + " → " + t.After
	}
	return ""
}

// toolPrefix names the tool of a row target unless it is the default one.
func toolPrefix(tool string) string {
	if tool == "" || tool == lesson.DefaultTool {
		return ""
	}
	return tool + " "
}

// Placed is where a row target landed in the table.
type Placed struct {
	Table lesson.Table
	// Row is the index of the target's row in Table.
	Row int
	// Added is true when the row was appended; Switched when the table's tool had to change,
	// so Table holds that row alone (the page offers Undo).
	Added, Switched bool
}

// PlaceRow puts a row target in t: the first row with the same input when t calls the target's
// tool, else a new row expecting the note's claim, noted with the card's title. A table of
// another tool is replaced by a table of the target's tool holding just that row: mixing tools
// in one table is not possible, and keeping the old rows would run them against the wrong tool.
// ok is false when the table is full.
func PlaceRow(t lesson.Table, try lesson.Try, title string) (p Placed, ok bool) {
	return placeRow(t, try.Tool, lesson.Row{Input: try.Input, Want: coerce.Code(try.Claim), Note: "from the note: " + title})
}

// PlaceTry puts a row target in the table (PlaceRow, then Place); ok is false when the table is
// full.
func (s *State) PlaceTry(try lesson.Try, title string) (p Placed, ok bool) {
	p, ok = PlaceRow(s.table, try, title)
	if ok {
		s.Place(p)
	}
	return p, ok
}

// Place makes the table what p says: a table of another tool is replaced (Undo brings the old
// one back), an added row is appended, a row already there changes nothing.
func (s *State) Place(p Placed) {
	switch {
	case p.Switched:
		s.Replace(p.Table)
	case p.Added:
		s.appendRow(p.Table.Rows[p.Row])
	}
}

// placeRow puts row in t for tool: an equal input already there is reused, a table of the same
// tool gets row appended, a table of another tool is replaced by row alone. ok is false when
// the table is full.
func placeRow(t lesson.Table, tool string, row lesson.Row) (p Placed, ok bool) {
	if tool == "" {
		tool = lesson.DefaultTool
	}
	if t.ToolName() != tool {
		return Placed{Table: oneRowTable(tool, row), Row: 0, Added: true, Switched: true}, true
	}
	for i, r := range t.Rows {
		if strings.TrimSpace(r.Input) == strings.TrimSpace(row.Input) {
			return Placed{Table: t, Row: i}, true
		}
	}
	if len(t.Rows) >= lesson.MaxRows {
		return Placed{Table: t, Row: -1}, false
	}
	out := t
	out.Rows = append(append([]lesson.Row(nil), t.Rows...), row)
	if lesson.SizeProblem(out) != "" {
		return Placed{Table: t, Row: -1}, false
	}
	return Placed{Table: out, Row: len(out.Rows) - 1, Added: true}, true
}

// oneRowTable is a table of tool holding row alone; the default tool is written as "", as the
// text format and links do.
func oneRowTable(tool string, row lesson.Row) lesson.Table {
	t := lesson.Table{Rows: []lesson.Row{row}}
	if tool != lesson.DefaultTool {
		t.Tool = tool
	}
	return t
}

// TryPanel is the panel (embed.Panels) a Try it target is shown in: the loop, the vendor
// responses, the switches, or the panel a panel target names. A row target has none: its result
// can be shown wherever the page runs it (the table's results, Try your own, or the note's card
// when neither is on the page), so it is "".
func TryPanel(t lesson.Try) string {
	switch t.Kind {
	case "loop":
		return "loop"
	case "http":
		return "http"
	case "switch":
		return "switches"
	case "panel":
		return t.Target
	}
	return ""
}

// SwitchedNotice is what the page says when a row target changed the table's tool.
func SwitchedNotice(from, to string) string {
	return "That note's row calls " + to + ", so the table now calls " + to +
		" and holds just that row. Undo brings your " + from + " table back."
}

// TryOutcome is the sentence shown next to a card's claim once its row ran: the code the tool
// gave, and whether it is the code the note claims.
func TryOutcome(try lesson.Try, code coerce.Code) string {
	tool := try.Tool
	if tool == "" {
		tool = lesson.DefaultTool
	}
	if string(code) == try.Claim {
		return tool + " answered " + string(code) + ", as the note says."
	}
	return tool + " answered " + string(code) + ", not " + try.Claim + " as the note says."
}

// splitLabel cuts a row target's Try it label around its raw input, so the button can show the
// input as code (its quotes and spaces are part of what the model sent); ok is false when the
// label is to be shown as it is.
func splitLabel(t lesson.Try, label string) (before, input, after string, ok bool) {
	i := strings.Index(label, t.Input)
	if t.Kind != "row" || t.Input == "" || i < 0 {
		return "", "", "", false
	}
	return label[:i], t.Input, label[i+len(t.Input):], true
}
