//go:build js

package main

import (
	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// part is one part of the app's set-up, a panel or a feature that spans panels (share, embed,
// student, try): it finds its elements, wires its controls and subscribes to the State's
// changes. Parts that are panels of embed.Panels go by the same id.
type part struct {
	id   string
	init func(*app)
	// later marks a panel built on first open rather than at start (later.go); tries are
	// the Try it kinds its init registers, which stand in for it until then.
	later bool
	tries []string
}

// parts are the app's parts in the order they are set up: the table editor and the results
// first (later panels focus rows and decorate results), the notes last (they show a Try it button
// only for the targets the parts before them registered). Adding a panel is a file with its
// init function and one line here (and its entry in embed.Panels).
var parts = []part{
	{id: "table", init: initTable},
	{id: "results", init: initResults},
	{id: "hunt", init: initHunt},           // a hunt table's score and mutants, under the results
	{id: "reference", init: initReference}, // the catalog and schema panels
	{id: "learner", init: initLearner},
	{id: "share", init: initShare},                // Copy link, import and export, links pasted into the address bar
	{id: "instructor", init: initInstructorTools}, // the mode switch, the answer key, the question
	{id: "tools", init: initTools},
	{id: "loop", init: initLoop, later: true, tries: []string{"loop"}},
	{id: "http", init: initHTTP, later: true, tries: []string{"http"}},
	{id: "switches", init: initSwitches, later: true, tries: []string{"switch"}},
	{id: "chart", init: initChart, later: true},
	{id: "predict", init: initPredict, later: true},
	{id: "embed", init: initEmbed},
	{id: "student", init: initStudent}, // after embed: an embed's panels= opens the folds it shows
	{id: "try", init: initTry},         // the row and panel Try it targets
	{id: "notes", init: initNotes},
}

// registerTry says how to show a lesson note's Try it target of one kind ("row", "panel",
// "loop", "http", "switch"). A note whose targets have no handler is not shown: cards appear
// when the panels they depend on exist.
func (a *app) registerTry(kind string, show func(lesson.Try)) {
	if a.tries == nil {
		a.tries = map[string]func(lesson.Try){}
	}
	a.tries[kind] = show
}

// canTry reports whether a Try it target can be shown on this page: its kind has a handler,
// and the panel it is shown in (page.TryPanel) is on the page and, in an embed, one the embed
// shows (a hidden panel would take the reader nowhere).
func (a *app) canTry(t lesson.Try) bool {
	if a.tries[t.Kind] == nil {
		return false
	}
	p := page.TryPanel(t)
	if p == "" {
		return true
	}
	if _, ok := lookup("panel-" + p); !ok {
		return false
	}
	return !root().HasAttribute("data-embed") || a.link.Options.Shows(p)
}

// tryIt shows a Try it target.
func (a *app) tryIt(t lesson.Try) {
	if show := a.tries[t.Kind]; show != nil {
		show(t)
	}
}

// optional reports whether the page holds panel id's section (an embed page may not).
func optional(id string) bool {
	_, ok := lookup("panel-" + id)
	return ok
}

// jump shows a panel for a Try it target: scrolled to and the keyboard on its heading.
func (a *app) jump(id string) {
	a.build(id)
	p, ok := embed.PanelByID(id)
	if !ok {
		return
	}
	unfold(id)
	h := byID(p.Heading)
	if !h.HasAttribute("tabindex") {
		h.SetAttribute("tabindex", "-1")
	}
	reveal(h)
	h.Focus()
}
