package embed

import (
	"strings"

	"coerceplayground/lesson"
)

// The fixed height of an embed snippet, for course sites that strip scripts (and with them
// host.js, which would size the frame to the height the page reports). The height is computed
// from what the frame will show as it opens: the table's rows, the panels panels= names, the
// tool (its catalog and schema differ in length) and predict mode (the notice above the table,
// one-line rows). The learner's own results and the table's results after Run are not counted:
// they grow without bound, and the frame scrolls inside to show them (Run scrolls to them).
//
// The embed's layout depends on its width: below 641 px each row is a card (98 px instead of
// 51 px) and text wraps sooner. A snippet is width="100%", so its column's width is unknown; the
// height is computed for Width, the narrowest column a course page gives it on a phone,
// so that no wider column shows a scrollbar. Wider columns get blank space below instead (at
// 800 px, about half the frame for a long table): host.js removes both.

// Width is the frame width, in CSS pixels, the fixed height is computed for: a 360 px
// phone's screen less a course page's margins.
const Width = 320

// Spare is the height, in CSS pixels, kept free below what the embed shows as it opens:
// 104 px for the line that says the browser keeps no table (a frame on another site in a
// browser that refuses it storage: 101 px at 320 px, three lines and a margin), 4 px for
// rounding.
const Spare = 108

// MaxHeight caps the fixed height (as host.js caps the height it sets): a table of
// hundreds of rows scrolls inside its frame rather than making a course page a mile long.
const MaxHeight = 20000

// embedFigures are heights, in tenths of a CSS pixel (integers, so that a sum of them rounds
// the same everywhere), of the embed page laid out at Width in Chromium
// as it opens, measured by web/e2e's TestEmbedFigures, which fails, printing the new figures,
// when the page's layout no longer matches them. Each panel's figure is what showing it adds,
// its margin included.
var embedFigures = struct {
	// Page is the page's padding; Table the table panel without rows; Row and PredictRow
	// one row (predict mode hides the row's note until the first Run).
	Page, Table, Row, PredictRow int
	// NoWork is what the page adds when it shows none of the table, results and learner box.
	NoWork int
	// Notice is the predict-mode notice above the table.
	Notice int
	// Instructor is the Instructor tools' closed disclosure, which a student's embed
	// (Options.AnswersHidden) does not show.
	Instructor int
	// Beyond is the "Beyond one call" heading and its line, shown above the first of its
	// panels (the panels' figures include it, so each further one takes it back off).
	Beyond int
	// Panels are the panels other than the table; ByTool the ones whose length depends on
	// the tool, for every tool other than the default: {} for a tool whose panels measure as
	// the default's (TestEmbedFiguresCoverPanels wants an entry for each, so a new tool is
	// measured, not assumed).
	Panels map[string]int
	ByTool map[string]map[string]int
}{
	Page: 160, Table: 3062, Row: 978, PredictRow: 554,
	NoWork: 160, Notice: 1484, Instructor: 470, Beyond: 1970,
	Panels: map[string]int{
		"results": 1470, "learner": 3180, "notes": 810, "catalog": 13670, "schema": 5030,
		"tools": 4830, "loop": 6610, "http": 6080, "switches": 5810, "chart": 6850, "predict": 5715,
	},
	ByTool: map[string]map[string]int{
		"get_user": {},
		"refund":   {"catalog": 16210, "schema": 5270},
	},
}

// beyondPanel reports whether panel id sits under "Beyond one call": the optional panels
// other than the lesson notes.
func beyondPanel(p Panel) bool { return !p.Core && p.ID != "notes" }

// Height is the fixed height, in CSS pixels, of a frame showing t with options o, as it
// opens at Width (at most MaxHeight). A table of no rows is counted as one: the
// empty table's line is about as tall.
func Height(o Options, t lesson.Table) int {
	f := embedFigures
	h := f.Page + Spare*10
	predict := o.Predict || t.Mode == lesson.PredictMode
	if predict {
		h += f.Notice
	}
	work, beyond := false, false
	for _, p := range Panels {
		if !o.Shows(p.ID) {
			continue
		}
		switch {
		case p.ID == "table":
			if o.AnswersHidden(t) {
				h -= f.Instructor
			}
			row := f.Row
			if predict {
				row = f.PredictRow
			}
			h += f.Table + row*max(len(t.Filled().Rows), 1) + questionFigure(t)
		case beyondPanel(p) && beyond:
			h += panelFigure(p.ID, t.ToolName()) - f.Beyond
		default:
			h += panelFigure(p.ID, t.ToolName())
		}
		work = work || p.ID == "table" || p.ID == "results" || p.ID == "learner"
		beyond = beyond || beyondPanel(p)
	}
	if !work {
		h += f.NoWork
	}
	return min((h+9)/10, MaxHeight)
}

// panelFigure is what panel id adds to an embed of a table of tool.
func panelFigure(id, tool string) int {
	if v, ok := embedFigures.ByTool[tool][id]; ok {
		return v
	}
	return embedFigures.Panels[id]
}

// questionFigure is what the question above an embed's table adds (page.Question: the table's
// own question, or the tool, its arguments and up to eight distinct inputs), in tenths of a pixel: at Width its bold text
// holds about 30 characters a 24 px line, under a margin of 8 px. The question's words other
// than the tool's signature and the inputs are about 97 characters.
func questionFigure(t lesson.Table) int {
	if t.Question != "" { // the instructor's own question, asked as it is
		return ((len(t.Question)+29)/30*24 + 8) * 10
	}
	sig := t.ToolName() + "(" + strings.Join(t.Fields(), ", ") + ")"
	chars, seen := 97+len(sig), map[string]bool{}
	for _, r := range t.Rows {
		in := strings.TrimSpace(r.Input)
		if in == "" || seen[in] || len(seen) == 8 {
			continue
		}
		seen[in] = true
		chars += len(in) + 2
	}
	lines := (chars + 29) / 30
	return (lines*24 + 8) * 10
}
