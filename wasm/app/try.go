//go:build js

package main

import (
	"strconv"
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/jsguard"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// The Try it targets this file shows: a table row ("row") and a page section ("panel"). The
// loop, vendor-response and switch targets are shown by their own panels' files.

func initTry(a *app) {
	a.registerTry("row", a.tryRow)
	a.registerTry("panel", a.tryPanel)
}

// tryRow puts the target's row in the table (appended when absent; a table of another tool is
// swapped for one of the row's tool, with Undo), runs the table, and takes the reader to the
// row's result.
func (a *app) tryRow(t lesson.Try) {
	if a.st.NoteTriesUnscored() {
		a.tryUnscored(t)
		return
	}
	title := "the lesson notes"
	if a.trying != nil {
		title = a.trying.title
	}
	from := a.st.Tool()
	p, ok := a.st.PlaceTry(t, title)
	if !ok {
		a.notify("The table is full, so the note's row "+t.Input+" could not be added. Delete a row, or reset to the lesson's table.", false)
		return
	}
	if p.Switched {
		a.notify(page.SwitchedNotice(from, a.st.Tool()), true)
	}
	a.res.run()
	if p.Row < 0 || p.Row >= len(a.st.Results()) {
		return
	}
	if a.trying != nil {
		a.trying.code, a.trying.ran = a.st.Results()[p.Row].Code, true
	}
	row, ok := a.res.row(p.Row)
	if !ok || !rendered(row) { // an embed without the results: the note's card says the code
		return
	}
	row.SetAttribute("aria-label", "Result of row "+strconv.Itoa(p.Row+1)+", from the lesson notes")
	row.Class().Add("open") // a right row starts folded (style.css)
	show(row, "center")
	a.shownTry()
}

// tryUnscored runs a row target in Try your own, not in the table: in predict mode the table's
// codes are the student's predictions, which a note must neither fill in nor score
// (page.State.NoteTriesUnscored). The reader is taken to the try's result.
func (a *app) tryUnscored(t lesson.Try) {
	res, err := a.st.TryUnscored(t)
	if err != nil {
		a.notify("That input made the playground fail ("+err.Error()+"). The page still works.", false)
		return
	}
	if a.trying != nil {
		a.trying.code, a.trying.ran = res.Code, true
	}
	li, ok := lookup("learner-results")
	if !ok {
		return
	}
	first := li.Underlying().Get("firstElementChild")
	if !present(first) || !rendered(li) { // an embed without Try your own: the note's card says the code
		return
	}
	row := wrap(first)
	row.SetAttribute("aria-label", "Try your own: "+page.LabelInput(t.Input)+", from the lesson notes (not scored)")
	show(row, "center")
	a.shownTry()
}

// shownTry tells the note whose Try it is running that its result was shown where it ran.
func (a *app) shownTry() {
	if a.trying != nil {
		a.trying.shown = true
	}
}

// rendered reports whether e takes space on the page: not hidden, nor inside a hidden panel.
func rendered(e *dom.BasicHTMLElement) bool {
	return e.Underlying().Call("getClientRects").Length() > 0
}

// tryPanel takes the reader to a section of the page.
func (a *app) tryPanel(t lesson.Try) {
	a.build(t.Target)
	if e, ok := lookup("panel-" + t.Target); ok {
		unfold(t.Target)
		show(e, "start")
	}
}

// show scrolls e into view and focuses it, so the keyboard and a screen reader land where the
// Try it led, and marks it so the focus outline shows even after a mouse click.
func show(e *dom.BasicHTMLElement, block string) {
	// Only what cannot take the focus gets tabindex -1: on a button or a link it would take the
	// element out of the keyboard's order.
	if !e.HasAttribute("tabindex") && e.Underlying().Get("tabIndex").Int() < 0 {
		e.SetAttribute("tabindex", "-1")
	}
	e.Class().Add("tried")
	bringIntoView(e, block)
	e.Underlying().Call("focus", map[string]any{"preventScroll": true})
}

// bringIntoView scrolls e to block ("start", "center") of the window, smoothly unless the reader
// asked for reduced motion or the page is in a frame. In a frame, scrollIntoView scrolls the
// course page's window too, and a smooth scroll there raced the one host.js makes on the frame's
// request (hostShow): the two animations ended between their targets, the element above the
// window. At once, it is over before the request is posted, and host.js's scroll ends where it
// was asked to; a course page without host.js still gets the element into its window.
func bringIntoView(e *dom.BasicHTMLElement, block string) {
	behavior := "smooth"
	if matches("(prefers-reduced-motion: reduce)") || framed() {
		behavior = "auto"
	}
	e.Underlying().Call("scrollIntoView", map[string]any{"block": block, "behavior": behavior})
}

// framed reports whether the page runs in a frame (an embed on a course page).
func framed() bool {
	_, ok := parentWindow()
	return ok
}

// parentWindow is the window framing this page, read through jsguard.Prop (it is a window on
// another origin, often another site), or false when the page is not in a frame.
func parentWindow() (js.Value, bool) {
	w := js.Global()
	parent, ok := jsguard.Prop(w, "parent")
	return parent, ok && present(parent) && !parent.Equal(w)
}
