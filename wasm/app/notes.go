//go:build js

package main

import (
	"strconv"
	"syscall/js"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// The lesson notes: one card per idea of the lesson (lesson.Notes), beside the playground on wide
// screens and folded away on narrow ones. Each card has a Try it button for every target this
// page can show (a.canTry); a card with none is hidden until the panels it needs exist.

// notesWide is the width from which the notes start open, beside the table.
const notesWide = "(min-width: 1080px)"

// tryContext is the card whose Try it is being shown (app.trying), for the row handler (try.go)
// to name the row it adds after the card and report the code it got.
type tryContext struct {
	title string
	code  coerce.Code // set by the row handler after its run
	ran   bool
	shown bool // the row handler showed the result where it ran (the results, Try your own)
}

// initNotes runs last of the panels (parts.go): a card shows the Try it targets the panels
// before it registered.
func initNotes(a *app) {
	toggle := byID("notes-toggle")
	a.setNotesOpen(matches(notesWide))
	a.on(toggle, "click", func(*dom.BasicEvent) {
		a.setNotesOpen(toggle.GetAttribute("aria-expanded") != "true")
	})
	// The header's link opens the notes before the browser jumps to them. The focus goes to the
	// notes' text, not the fold button: a link follows on keydown and a button on keypress, so
	// the same Enter would fold the notes again.
	a.on(byID("notes-link"), "click", func(ev *dom.BasicEvent) {
		ev.PreventDefault()
		a.setNotesOpen(true)
		show(byID("notes-body"), "start")
		bringIntoView(byID("notes"), "start") // with its heading
	})
	a.on(byID("notes-cards"), "click", func(ev *dom.BasicEvent) {
		b, ok := closest(target(ev), "button[data-try]")
		if !ok {
			return
		}
		ni, err1 := strconv.Atoi(b.GetAttribute("data-note"))
		ti, err2 := strconv.Atoi(b.GetAttribute("data-try"))
		notes := lesson.Notes()
		if err1 != nil || err2 != nil || ni < 0 || ni >= len(notes) || ti < 0 || ti >= len(notes[ni].Tries) {
			return
		}
		a.tryNote(notes[ni], ti)
	})
	a.renderNotes()
}

func (a *app) setNotesOpen(open bool) {
	byID("notes-toggle").SetAttribute("aria-expanded", strconv.FormatBool(open))
	body := byID("notes-body")
	if open {
		body.RemoveAttribute("hidden")
		root().Class().Add("notes-open")
	} else {
		body.SetAttribute("hidden", "")
		root().Class().Remove("notes-open")
	}
}

// renderNotes draws the cards (page.NoteView). It can run again: a target's availability is
// checked each time. On the page the build pre-rendered, the cards in index.html are kept.
func (a *app) renderNotes() {
	if a.notesPrerendered && !a.notesDrawn {
		a.notesDrawn = true
		return
	}
	a.notesDrawn = true
	notes := lesson.Notes()
	step()
	var cards []page.Node
	for ni, n := range notes {
		cards = append(cards, page.NoteView(ni, n, a.canTry))
	}
	step()
	replaceKids(byID("notes-cards"), cards)
}

// tryNote shows one of a card's Try it targets and, for a row, puts the code it gave next to
// the card's claim.
func (a *app) tryNote(n lesson.Note, ti int) {
	t := n.Tries[ti]
	ctx := &tryContext{title: n.Title}
	a.trying = ctx
	defer func() { a.trying = nil }()
	a.tryIt(t)
	button := "note-" + n.Slug + "-try-" + strconv.Itoa(ti)
	out, ok := lookup(button + "-outcome")
	if t.Kind != "row" || !ctx.ran || !ok {
		a.backToNote(button)
		return
	}
	out.SetTextContent(page.TryOutcome(t, ctx.code))
	out.SetAttribute("data-code", string(ctx.code))
	out.SetAttribute("data-holds", strconv.FormatBool(string(ctx.code) == t.Claim))
	out.RemoveAttribute("hidden")
	if ctx.shown {
		a.backToNote(button)
		return
	}
	// Neither the results nor Try your own is on this page (an embed that leaves them out): the
	// card's sentence is the result, and the reader is taken to it.
	show(out, "center")
	a.hostShow(out)
}

// backToNote puts the way back to the note (page.BackToNote) at the end of the section a Try it
// took the reader to (the focus is there now), so the keyboard reaches it next; following it
// opens the notes and puts the focus back on the Try it button.
func (a *app) backToNote(button string) {
	focused := wrap(js.Global().Get("document").Get("activeElement"))
	sec, ok := closest(focused, "section")
	if !ok {
		if old, ok := lookup("back-to-note"); ok {
			old.Remove() // a way back from an earlier Try it would lead back to the wrong note
		}
		return
	}
	appendChild(sec, a.backLine("back-to-note", page.BackToNote(button), func() {
		a.setNotesOpen(true)
		if b, ok := lookup(button); ok {
			show(b, "center")
		}
	}))
}
