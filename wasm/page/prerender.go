package page

import (
	"strings"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// The build writes what does not depend on the learner into index.html (Prerender), so the
// lesson, its table, notes, catalog and schema are readable before app.wasm has arrived and
// with scripts off. The app then keeps that DOM and attaches its behaviour (Start.Prerendered)
// instead of building it again.

// Region is one part of index.html the build writes: the children of the element whose id is
// ID, between the comments <!--prerender:ID--> and <!--/prerender:ID-->.
type Region struct {
	ID   string
	HTML string
}

// Prerender is every region of index.html, as the page shows it when it opens on the lesson's
// table (Opening) on the full page: the editor's rows in predict mode, the lesson notes with
// every Try it button the full page can show, and the catalog and schema of the lesson's tool.
func Prerender() []Region { return PrerenderTable(lesson.Opening()) }

// PrerenderTable is every region of index.html for a page that opens on t: a SCORM package's
// launch page opens on the table packaged in it (build/scorm).
func PrerenderTable(t lesson.Table) []Region {
	st := New(t)
	codes := st.RowCodes()
	var rows []Node
	for i, r := range t.Rows {
		rows = append(rows, rowView(i, len(t.Rows), r, t.Mode == lesson.PredictMode, codes))
	}
	var notes []Node
	for ni, n := range lesson.Notes() {
		notes = append(notes, NoteView(ni, n, fullPageShows))
	}
	tool := t.ToolName()
	// The question is asked twice: in the page's header, and in the table panel of an embed
	// (which has no header). Both are written here, so neither appears when the app starts.
	question := nodesHTML(st.Question())
	return []Region{
		{"question", question},
		{"table-question", question},
		{"rows", nodesHTML(rows)},
		{"notes-cards", nodesHTML(notes)},
		{"catalog", nodesHTML(catalogView(tool))},
		{"schema", T(string(lesson.SchemaJSONFor(tool))).HTML()},
	}
}

// fullPageShows reports whether the full page (not an embed) can show a Try it target: every
// kind TryLabel names, and a panel target when the panel has a section of its own (all but
// the results and the notes, embed.Panel).
func fullPageShows(t lesson.Try) bool {
	if t.Kind != "panel" {
		return TryLabel(t) != ""
	}
	_, ok := embed.PanelByID(t.Target)
	return ok && t.Target != "results" && t.Target != "notes"
}

func nodesHTML(ns []Node) string {
	var b strings.Builder
	for _, n := range ns {
		n.write(&b)
	}
	return b.String()
}

// Prerendered reports whether the page opens on what the build wrote into index.html: the
// lesson's table, from neither a link nor the browser's storage, with nothing to say about it.
// The embed page is index.html too, so it keeps the rows, catalog and schema the build wrote
// and attaches to them (drawing them again would move nothing, but costs the start a long
// task); only its notes differ (NotesPrerendered). Anything else is drawn by the app as it starts.
func (st Start) Prerendered() bool {
	return st.Lesson && st.Notice == ""
}

// NotesPrerendered reports whether the lesson notes the build wrote are the ones to show: on the
// full page; an embed offers fewer Try it targets (fullPageShows), so it draws its own.
func (st Start) NotesPrerendered(embed bool) bool {
	return st.Prerendered() && !embed
}
