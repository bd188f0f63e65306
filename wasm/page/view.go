package page

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// The views that do not depend on the learner: the table editor's rows, the lesson notes' cards,
// the error catalog and the schema. Each is a Node (node.go), so the app builds exactly what the
// build wrote into index.html (Prerender).

// RowTemplate is an editor row without its row: every element, class and attribute that is the
// same in all rows, with a <select> of codes (State.RowCodes: the table's tool's). The app clones
// it for each row and fills the clone (RowFill), about thirty calls into JavaScript a row instead
// of building some sixty elements one by one.
func RowTemplate(codes []coerce.Code) Node {
	sel := E("select", "data-field", "want").With(E("option", "value", "").Say("? not predicted"))
	for _, c := range codes {
		sel = sel.With(E("option", "value", string(c)).Say(string(c)))
	}
	actions := E("td", "class", "actions")
	for _, b := range [...]struct{ action, icon string }{{"up", "↑"}, {"down", "↓"}, {"delete", "✕"}} {
		actions = actions.With(E("button", "class", "icon", "type", "button", "data-action", b.action).Say(b.icon))
	}
	return E("tr").With(
		E("th", "class", "num", "scope", "row"),
		// No maxlength: it counts UTF-16 units, the decoders count UTF-8 bytes
		// (lesson.MaxInputBytes); the State refuses an input over the limit and the editor says
		// so under the field. The input's text again, for print (style.css): a printed worksheet
		// shows no form controls.
		E("td", "class", "input").With(E("input", "type", "text", "data-field", "input",
			"spellcheck", "false", "autocomplete", "off", "placeholder", `raw input, e.g. "17"`),
			E("span", "class", "print-only")),
		// The lock mark shows (style.css) when the row is locked (LockFill).
		E("td", "class", "want").With(sel, E("span", "class", "lock-mark").With(
			E("span").Say("locked at Run"), E("span", "class", "visually-hidden"))),
		E("td", "class", "note").With(E("input", "type", "text", "data-field", "note",
			"placeholder", "note (optional)", "autocomplete", "off")),
		actions,
	)
}

// Fill is one change RowFill makes to a clone of RowTemplate: attribute Name of the element at
// Path (child indexes from the row; an empty path is the row) set to Value. Two names are not
// attributes: FillText sets the element's text, FillValue a form control's value.
type Fill struct {
	Path        []int
	Name, Value string
}

const (
	FillText  = "#text"
	FillValue = "#value"
)

// RowFill is what makes the template editor row i of a table of n rows: its number, ids,
// accessible labels and values. Learner text goes in as form values and text only. In predict
// mode the code's label says what a student does with it.
func RowFill(i, n int, r lesson.Row, predict bool) []Fill {
	num := strconv.Itoa(i + 1)
	want := "Expected code for row "
	if predict {
		want = "Your prediction for row "
	}
	f := []Fill{
		{nil, "data-row", strconv.Itoa(i)},
		{nil, "aria-rowindex", strconv.Itoa(i + 2)}, // the header row is 1
		{[]int{0}, FillText, num},
	}
	for k, c := range [...]struct{ part, label, value string }{
		{"input", "Input, row ", r.Input}, {"want", want, string(r.Want)}, {"note", "Note, row ", r.Note},
	} {
		p := []int{k + 1, 0}
		f = append(f, Fill{p, "id", RowID(i, c.part)}, Fill{p, "aria-label", c.label + num}, Fill{p, FillValue, c.value})
	}
	f = append(f, Fill{[]int{1, 1}, FillText, r.Input}) // the printed input
	for k, act := range [...]struct{ part, label string }{
		{"up", "Move row " + num + " up"}, {"down", "Move row " + num + " down"}, {"delete", "Delete row " + num},
	} {
		p := []int{4, k}
		f = append(f, Fill{p, "id", RowID(i, act.part)}, Fill{p, "aria-label", act.label}, Fill{p, "title", act.label})
		if (act.part == "up" && i == 0) || (act.part == "down" && i == n-1) {
			f = append(f, Fill{p, "disabled", ""})
		}
	}
	return f
}

// LockFill is what RowFill's row i gets on top when its prediction is locked (State.Locked):
// the row marked locked (the stylesheet shows its lock mark), the prediction and the input
// that it was made for read-only, and the mark's sentence read with the prediction.
func LockFill(i int) []Fill {
	return []Fill{
		{nil, "class", "locked"},
		{[]int{1, 0}, "readonly", ""},
		{[]int{2, 0}, "disabled", ""},
		{[]int{2, 0}, "aria-describedby", RowID(i, "lock")},
		{[]int{2, 1}, "id", RowID(i, "lock")},
		{[]int{2, 1, 1}, FillText, ": " + lockedNote(i)},
	}
}

// RowID is the id of a control of editor row i ("input", "want", "note", "up", "down", "delete",
// and "lock", the lock mark of a locked row).
func RowID(i int, part string) string { return "row-" + strconv.Itoa(i) + "-" + part }

// rowView is editor row i of a table of n rows, its select offering codes: RowTemplate filled by
// RowFill, as HTML writes it.
func rowView(i, n int, r lesson.Row, predict bool, codes []coerce.Code) Node {
	row := RowTemplate(codes)
	for _, f := range RowFill(i, n, r, predict) {
		row = fill(row, f.Path, f.Name, f.Value)
	}
	return row
}

// fill applies one Fill to n, copying the nodes on its path.
func fill(n Node, path []int, name, v string) Node {
	if len(path) > 0 {
		kids := append([]Node(nil), n.Kids...)
		kids[path[0]] = fill(kids[path[0]], path[1:], name, v)
		n.Kids = kids
		return n
	}
	switch {
	case name == FillText:
		n.Kids = []Node{T(v)}
	case name == FillValue && n.Tag == "select":
		kids := append([]Node(nil), n.Kids...)
		for i, o := range kids {
			// The first option ("not predicted yet") is the select's value without an attribute.
			if ov, _ := o.Attr("value"); ov == v && v != "" {
				kids[i] = o.Set("selected", "")
			}
		}
		n.Kids = kids
	case name == FillValue:
		if v != "" {
			n = n.Set("value", v)
		}
	default:
		n = n.Set(name, v)
	}
	return n
}

// catalogView is the error catalog of tool as the page lists it: a <dt> with the code's badge
// and a <dd> per member.
func catalogView(tool string) []Node { return catalogNodes(Catalog(tool)) }

// catalogNodes draws catalog entries as catalogView does.
func catalogNodes(entries []Entry) []Node {
	var out []Node
	for _, e := range entries {
		// The id is where a loop step's or a vendor response's Why sends the reader (catalogID).
		out = append(out, E("dt", "id", catalogID(e.Code)).With(codeBadge(e.Code)))
		for _, f := range e.Fields {
			out = append(out, E("dd").With(E("strong").Say(memberLabel(f.Key)+": "), E("span").Say(f.Value)))
		}
	}
	return out
}

// codeBadge shows a code as text; the colour only repeats it.
func codeBadge(code coerce.Code) Node {
	return E("span", "class", "code", "data-badge", string(code)).Say(string(code))
}

// NoteView is lesson note ni's card, with a Try it button for each target shows accepts (the
// targets the page can show) and TryLabel can name. A card with no button is hidden.
func NoteView(ni int, n lesson.Note, shows func(lesson.Try) bool) Node {
	id := "note-" + n.Slug
	// The body is the lesson's own embedded HTML, never learner text; lesson's tests allow
	// only bare <p> <code> <em> <strong> <ul> <ol> <li> in it.
	body := E("div", "class", "note-body").With(markupNode(n.HTML))
	tries := E("ul", "class", "tries", "aria-label", "Try it: "+n.Title)
	for ti, t := range n.Tries {
		label := TryLabel(t)
		if label == "" || !shows(t) {
			continue // its panel is not on this page (yet): no button rather than a broken one
		}
		tid := id + "-try-" + strconv.Itoa(ti)
		b := tryButton(t, label).Set("type", "button").Set("id", tid).Set("data-note", strconv.Itoa(ni)).
			Set("data-try", strconv.Itoa(ti)).Set("data-kind", t.Kind).Set("data-claim", t.Claim)
		li := E("li").With(b)
		if t.Kind == "row" {
			li = li.With(E("span", "class", "outcome", "id", tid+"-outcome", "hidden", ""))
		}
		tries = tries.With(li)
	}
	card := E("li", "class", "note-card", "id", id, "data-slug", n.Slug, "aria-labelledby", id+"-h")
	if len(tries.Kids) == 0 {
		card = card.Set("hidden", "")
	}
	return card.With(E("h3", "id", id+"-h").Say(n.Title), body, tries)
}

// tryButton shows a row's raw input in the label as code, so its quotes and spaces read as part
// of what the model sent; the text is the label either way.
func tryButton(t lesson.Try, label string) Node {
	b := E("button", "class", "try")
	before, input, after, ok := splitLabel(t, label)
	if !ok {
		return b.Say(label)
	}
	return b.With(E("span").Say(before), E("code").Say(input), E("span").Say(after))
}
