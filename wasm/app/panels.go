//go:build js

package main

import "coerceplayground/lesson"

// panelInits set up the optional panels (the loop, the vendor-response table, the switches,
// the chart, the notes, embed mode, …). Each panel's file appends its set-up from an init
// function, so a panel comes and goes with its own file and main.go lists none of them. They
// run once, after the table is rendered and wired, in file-name order.
var panelInits []func(*app)

// registerTry says how to show a lesson note's Try it target of one kind ("row", "panel",
// "loop", "http", "switch"). A note whose targets have no handler yet is not shown: cards
// appear when the panels they depend on exist.
func (a *app) registerTry(kind string, show func(lesson.Try)) {
	if a.tries == nil {
		a.tries = map[string]func(lesson.Try){}
	}
	a.tries[kind] = show
}

// canTry reports whether a Try it target can be shown on this page.
func (a *app) canTry(t lesson.Try) bool {
	if t.Kind == "panel" {
		_, ok := lookup("panel-" + t.Target)
		return ok && a.tries["panel"] != nil
	}
	return a.tries[t.Kind] != nil
}

// tryIt shows a Try it target.
func (a *app) tryIt(t lesson.Try) {
	if show := a.tries[t.Kind]; show != nil {
		show(t)
	}
}

// onRun registers a function called after every table or learner run, for panels that
// summarize the session (the chart).
func (a *app) onRun(f func()) { a.afterRun = append(a.afterRun, f) }

func (a *app) ran() {
	for _, f := range a.afterRun {
		f()
	}
}
