package page

// The instructor's own tool: a tool declared as data (an MCP tool definition, or one tool of a
// whole tools/list result) becomes the table's tool. It is run, shown and shared through the
// same paths as the lesson's tools: the table carries it (lesson.Table.ToolDef), every Lab the
// page makes declares it, and the schema and catalog panels are drawn from it.

import (
	"slices"
	"strings"

	"coerceplayground/coerce/tooldef"
	"coerceplayground/lesson"
)

// ownTools is what a pasted text offers: the names of the tools it holds that can be read, in
// its order, and a sentence for each that cannot ("fetch: line 11, at …: format is not
// supported: …"). The error is for a text that holds no tool at all.
func ownTools(text string) (names, refused []string, err error) {
	l, err := tooldef.Read([]byte(text))
	if err != nil {
		return nil, nil, msgError(err.Error())
	}
	for _, d := range l.Tools {
		names = append(names, d.Name)
	}
	for _, e := range l.Refused {
		who := e.Tool
		if who == "" {
			who = "a tool"
		}
		refused = append(refused, who+": "+e.Error())
	}
	return names, refused, nil
}

// pickToolDef reads text (a tool object or a tools/list result) and picks the named tool, or
// its only one.
func pickToolDef(text, pick string) (tooldef.Def, error) {
	l, err := tooldef.Read([]byte(text))
	if err != nil {
		return tooldef.Def{}, msgError(err.Error())
	}
	d, err := l.Pick(pick)
	if err != nil {
		return tooldef.Def{}, msgError(err.Error())
	}
	return d, nil
}

// useOwnTool makes the tool named pick in text (a tool object, or a tools/list result; pick
// may be "" when the text holds one tool) the table's tool. On an error (which names the line,
// the JSON Pointer and the keyword) the table keeps what it has.
func (s *State) useOwnTool(text, pick string) error {
	d, err := pickToolDef(text, pick)
	if err != nil {
		return err
	}
	next := s.table.WithToolDef(d)
	if err := next.Check(); err != nil {
		return msgError(err.Error())
	}
	s.table = next
	s.declare()
	s.changed(SetupChanged)
	return nil
}

// declare makes the page's Lab again when the table's own tool changed: every Lab the page
// makes declares it, with its permission when granted.
func (s *State) declare() {
	if s.declared != s.table.ToolDef {
		s.rebuildLab()
	}
}

// OwnTool is the name of the table's own tool, or "" when it calls a lesson tool.
func (s *State) OwnTool() string {
	if s.table.ToolDef == "" {
		return ""
	}
	return s.table.Tool
}

// ToolChoices are the tools the picker offers: the lesson's, and the table's own tool after
// them when it has one (standing in for a lesson tool of the same name).
func (s *State) ToolChoices() []string {
	names := lesson.ToolNames()
	if own := s.OwnTool(); own != "" && !slices.Contains(names, own) {
		names = append(names, own)
	}
	return names
}

// ownDef is the table's own tool, read; ok is false when it has none.
func (s *State) ownDef() (tooldef.Def, bool) {
	if s.table.ToolDef == "" {
		return tooldef.Def{}, false
	}
	d, err := lesson.ReadToolDef(s.table.ToolDef)
	return d, err == nil
}

// SchemaJSON is the JSON Schema of the table's tool, what the model is shown: the lesson's file,
// or for its own tool the schema coerce enforces, drawn from the definition.
func (s *State) SchemaJSON() []byte {
	if d, ok := s.ownDef(); ok {
		// Laid out by indentJSON, as the MCP view is: Schema.JSONSchema's indent would link
		// jsontext's encoder into the page (some 11 KiB brotli).
		return []byte(indentJSON(d.Schema.CompactJSONSchema()) + "\n")
	}
	return lesson.SchemaJSONFor(s.Tool())
}

// CatalogNodes is the catalog panel of the table's tool: the codes it can answer.
func (s *State) CatalogNodes() []Node {
	if d, ok := s.ownDef(); ok {
		return catalogNodes(entries(d.Tool(nil).Catalog()))
	}
	return catalogView(s.Tool())
}

// ownToolNote is what the instructor tool says once the table's tool is the declared one.
func ownToolNote(name string, fields int) string {
	return "The table now calls your own tool " + name + " (" + plural(fields, "argument", "arguments") + "). Its schema and catalog are beside the table; Copy link carries its definition."
}

// ownToolProblem is how a declared tool's error reads under the box: one sentence.
func ownToolProblem(err error) string {
	msg := err.Error()
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}

// ownToolError says why a definition was not used, for the line under the box.
func ownToolError(err error) string {
	return "Not used: " + ownToolProblem(err) + " The table keeps its tool."
}

// ownFields is how many arguments the table's own tool takes.
func (s *State) ownFields() int {
	d, _ := s.ownDef()
	return len(d.Schema.Fields)
}

// OwnPermission is the permission the table's own tool needs, or "".
func (s *State) OwnPermission() string {
	d, _ := s.ownDef()
	return d.Permission
}

// OwnGranted reports whether the runs hold the own tool's permission.
func (s *State) OwnGranted() bool { return s.set.ownGranted }

// SetOwnGranted grants or withdraws the own tool's permission for the runs that follow, as
// SetRefundsWrite does for refund's.
func (s *State) SetOwnGranted(granted bool) {
	if s.set.ownGranted == granted {
		return
	}
	s.set.ownGranted = granted
	s.settingsChanged()
}

// OwnToolBox is what the "Use your own tool" box shows after the instructor pressed Use with
// text in it and pick chosen in its tool list: the tools to choose from (Choices, shown when the
// text holds more than one tool that can be read) and the sentence under the box. Used is true
// when the table now calls the tool.
type OwnToolBox struct {
	Choices []string
	Status  string
	Used    bool
}

// UseOwnToolBox carries out the box's Use button: a text with one readable tool (or a tool
// picked from its list) becomes the table's tool; a list with several asks for a pick, naming
// the tools it had to leave out; any error names the line and keyword, and the table keeps its
// tool.
func (s *State) UseOwnToolBox(text, pick string) OwnToolBox {
	names, refused, err := ownTools(text)
	if err != nil {
		return OwnToolBox{Status: ownToolError(err)}
	}
	var box OwnToolBox
	if len(names) > 1 {
		box.Choices = names
	}
	if pick == "" && len(names) > 1 {
		box.Status = "The text holds " + plural(len(names), "tool", "tools") + " coerce can read: pick one, then press Use again."
		if len(refused) > 0 {
			box.Status += " Left out: " + strings.Join(refused, " ")
		}
		return box
	}
	if pick == "" && len(names) == 1 {
		pick = names[0]
	}
	if err := s.useOwnTool(text, pick); err != nil {
		box.Status = ownToolError(err)
		return box
	}
	box.Used, box.Status = true, ownToolNote(s.OwnTool(), s.ownFields())
	return box
}

// ChoiceOptions are the options of a tool list: the picker's (ToolChoices) or the own tool
// box's, the one named selected.
func ChoiceOptions(names []string, selected string) []Node {
	out := make([]Node, len(names))
	for i, n := range names {
		out[i] = optionNode(n, n, n == selected)
	}
	return out
}
