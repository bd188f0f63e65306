package embed

// Panel is one panel of the page. The list is declared once, here: the embed's panels= option,
// the lesson notes' "panel" targets and the app's panel files (wasm/app/parts.go) go by it.
type Panel struct {
	// ID names the panel in panels= and in a note's "panel" target. Its section is the
	// element panel-<ID> when it has one (the results have none), <ID> itself for the notes.
	ID string
	// Heading is the id of the panel's heading, where a Try it puts the keyboard.
	Heading string
	// Name is how a sentence names the panel after "Show"; "" when no note shows it.
	Name string
	// Core panels are the page's fixed layout: an embed shows those panels= names (by
	// default table, results and learner) and hides the rest; the other panels show in an
	// embed only when panels= names them.
	Core bool
}

// Panels are the page's panels in page order.
var Panels = []Panel{
	{ID: "table", Heading: "table-h", Name: "the input table", Core: true},
	{ID: "results", Heading: "results-h", Core: true},
	{ID: "learner", Heading: "learner-h", Name: "the Try your own box", Core: true},
	{ID: "notes", Heading: "notes-h"},
	{ID: "catalog", Heading: "catalog-h", Name: "the error catalog", Core: true},
	{ID: "schema", Heading: "schema-h", Name: "the JSON Schema", Core: true},
	{ID: "tools", Heading: "tools-h"},
	{ID: "loop", Heading: "loop-h", Name: "the agent loop"},
	{ID: "http", Heading: "http-h", Name: "the vendor responses"},
	{ID: "switches", Heading: "switches-h", Name: "the coercion switches"},
	{ID: "chart", Heading: "chart-h", Name: "the chart of codes"},
	{ID: "predict", Heading: "predict-h", Name: "predict mode"},
}

// PanelByID is the panel called id.
func PanelByID(id string) (Panel, bool) {
	for _, p := range Panels {
		if p.ID == id {
			return p, true
		}
	}
	return Panel{}, false
}

// PanelName is how a button names a panel, or "" for an unknown one.
func PanelName(id string) string {
	p, _ := PanelByID(id)
	return p.Name
}
