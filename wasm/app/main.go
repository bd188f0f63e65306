//go:build js

// Command app is the playground page's WebAssembly program: the view of the
// page's model, page.State. Each panel has its own file (parts.go lists
// them); a panel reads its part of the DOM, calls the State, and re-renders
// when the State announces a change (page.Event). No panel listens to
// another panel's buttons. Text that a learner or a link supplied reaches the
// page only as text (textContent, a form value or an attribute value), never
// as HTML.
//
// Every event handler recovers from panics: a bug shows a notice and the page
// keeps working.
package main

import (
	"errors"
	"syscall/js"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// app is what the panels share: the model, where the table is kept, the notice above the table
// and the Try it handlers.
type app struct {
	st         *page.State
	link       embed.Fragment     // the page's fragment as it opened, read once
	first      page.Start         // the opening table and what to say about it
	storage    page.StorageStatus // what the page has said about keeping the table
	storageKey string             // where the table is kept: one key for the page, another for embeds
	loaded     page.StoreResult   // what the browser did with the read of the saved table

	notice, noticeText     *dom.BasicHTMLElement
	noticeUndo, noticeOpen *dom.HTMLButtonElement
	offer                  *page.Offer // the readable rows the notice offers to open, or nil

	ed  *editor  // the table editor (table.go), which other panels focus rows of
	res *results // the results panel (results.go)

	tries  map[string]func(lesson.Try) // how to show each kind of Try it target (parts.go)
	trying *tryContext                 // the note card whose Try it is being shown (notes.go)
	later  *deferred                   // the panels built on first open (later.go)
	// prerendered is true when the page opens on what the build wrote into index.html
	// (page.Start.Prerendered): the rows, notes, catalog and schema are kept, not drawn again.
	prerendered      bool
	notesPrerendered bool // the notes' cards in index.html are this page's (not an embed's)
	notesDrawn       bool // the notes' cards are drawn or kept (notes.go)

	asked string // the question the page shows (student.go), as text

	// toHost posts a message to the parent of an embed in a frame (embed.go), else nil.
	toHost func(m map[string]any)

	course *course // the course site's API on a SCORM launch page (lms.go), else nil
}

func main() {
	if err := start(); err != nil {
		fatal(err.Error())
	}
	select {} // the page lives as long as the tab
}

// fatal replaces the loading panel with a message; the program keeps
// running so the loader does not report it as stopped.
func fatal(msg string) {
	defer func() { recover() }()
	byID("loading").SetAttribute("hidden", "")
	e := byID("load-error")
	e.SetTextContent("The playground could not start: " + msg)
	e.RemoveAttribute("hidden")
	root().SetAttribute("data-load", "failed")
}

func start() (err error) {
	// The Go runtime and the packages' init ran in the task that started the program; the
	// app's own work starts in the next (yield.go).
	mark("coerce:main")
	stepping = true
	step()
	defer func() {
		stepping = false
		if p := recover(); p != nil {
			err = errors.New(panicText(p))
		}
	}()
	a := &app{
		notice: byID("notice"), noticeText: byID("notice-text"),
		noticeUndo: &dom.HTMLButtonElement{BasicHTMLElement: byID("notice-undo")},
		noticeOpen: &dom.HTMLButtonElement{BasicHTMLElement: byID("notice-open")},
	}
	// An embedded copy keeps its own table: a course page must not open the table this
	// learner was editing on the playground itself.
	a.storageKey = page.StorageKey
	if root().HasAttribute("data-embed") {
		a.storageKey += ":embed"
	}
	// A SCORM launch page opens on its packaged table and keeps nothing in the browser: every
	// package on a course site's origin shares its localStorage.
	hash, saved, loaded := lmsFragment(), "", page.Stored
	if hash == "" {
		hash = location().Hash()
		saved, loaded = storageGet(a.storageKey)
	}
	a.loaded = loaded
	a.link = embed.ParseFragment(hash)
	step()
	a.first = page.Choose(a.link, saved, root().HasAttribute("data-embed"))
	step()
	a.st = page.New(a.first.Table)
	// A reload keeps the predictions Run locked (the saved copy holds the locks).
	a.st.RestoreLocks(a.first.Locked)
	packaged := lmsFragment() != "" && a.first.FromLink && a.first.Offer == nil // the build pre-rendered the packaged table
	a.prerendered = a.first.Prerendered() || packaged
	a.notesPrerendered = a.first.NotesPrerendered(root().HasAttribute("data-embed")) || packaged
	a.st.Restore(a.first.Learner) // the learner's history, saved with the table
	mark("coerce:chosen")
	step()
	a.on(byID("notice-close"), "click", func(*dom.BasicEvent) { a.notice.SetAttribute("hidden", "") })
	a.on(a.noticeUndo.BasicHTMLElement, "click", func(*dom.BasicEvent) {
		if a.st.Undo() {
			a.notify("Undone.", false)
			// The keyboard goes to the row brought back, not to <body> with the Undo button gone.
			if i := a.st.UndoneRow(); i >= 0 {
				part := "want"
				if a.st.Locked(i) {
					part = "input" // a locked prediction is disabled; its input still takes the focus
				}
				a.ed.focusRow(i, part)
			}
		}
	})
	a.on(a.noticeOpen.BasicHTMLElement, "click", func(*dom.BasicEvent) { a.openOffer() })

	embed := root().HasAttribute("data-embed") // an embed shows only the panels it asked for
	for _, p := range parts {
		if p.later && !embed {
			a.buildLater(p)
		} else {
			step()
			p.init(a)
			mark("coerce:part:" + p.id)
		}
	}
	step()
	initCourse(a)
	a.greet()
	mark("coerce:started")
	afterRequests(a.ready)
	return nil
}

// ready shows the working page: the controls, disabled until now (the page never shows a
// half-working state), then data-ready. It runs once the requests made for the service worker
// have ended (afterRequests): nothing is requested from any server after it.
func (a *app) ready() {
	defer func() {
		if p := recover(); p != nil {
			fatal(panicText(p))
		}
	}()
	byID("loading").SetAttribute("hidden", "")
	byID("app").RemoveAttribute("hidden")
	byID("app-controls").RemoveAttribute("disabled")
	root().SetAttribute("data-ready", "true")
	mark("coerce:ready")
	a.buildRest()
}

// greet says where the opening table came from and whether the browser keeps it.
func (a *app) greet() {
	if msg := a.first.Greeting(root().HasAttribute("data-embed")); msg != "" {
		a.notify(msg, false)
	}
	if a.first.Offer != nil {
		a.offerRows(a.first.Offer)
	}
	a.showStorage(a.storage.Loaded(a.loaded))
	if isMac() {
		byID("run-keys").SetTextContent("⌘ Enter")
	}
}

// notify shows a message above the table; undo offers to bring back the table from before the
// last replacement or deletion (page.State.Undo).
func (a *app) notify(msg string, undo bool) {
	a.offer = nil
	a.noticeOpen.SetAttribute("hidden", "")
	a.noticeText.SetTextContent(msg)
	if undo && a.st.CanUndo() {
		a.noticeUndo.RemoveAttribute("hidden")
	} else {
		a.noticeUndo.SetAttribute("hidden", "")
	}
	a.notice.RemoveAttribute("hidden")
}

// offerRows adds to the notice shown the button that opens o's readable rows (page.Offer): the
// table on the page stays until the reader presses it, and any later notice withdraws it.
func (a *app) offerRows(o *page.Offer) {
	a.offer = o
	a.noticeOpen.SetTextContent(o.Label())
	a.noticeOpen.RemoveAttribute("hidden")
}

// openOffer opens the offered rows, as any replacement (Undo, saved), and says which were left out.
func (a *app) openOffer() {
	o := a.offer
	if o == nil {
		return
	}
	a.st.Replace(o.Table)
	a.notify(o.Opened(), true)
	focus("table-h")
}

// on adds a listener to an element that cannot take the page down.
func (a *app) on(e *dom.BasicHTMLElement, typ string, f func(*dom.BasicEvent)) {
	a.onValue(e.Underlying(), typ, f)
}

// onValue is on for the document and the window.
func (a *app) onValue(t js.Value, typ string, f func(*dom.BasicEvent)) {
	listen(t, typ, func(ev *dom.BasicEvent) {
		defer a.recover()
		f(ev)
	})
}

// subscribe calls f after each change of the State.
func (a *app) subscribe(f func(page.Event)) { a.st.Subscribe(f) }

func (a *app) recover() {
	if p := recover(); p != nil {
		a.notify("Something went wrong in the playground ("+panicText(p)+"). The page still works; reload it if anything looks wrong.", false)
	}
}

func panicText(p any) string {
	switch v := p.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "unexpected error"
}
