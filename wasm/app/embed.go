//go:build js

package main

// Embed mode (embed.html: index.html with data-embed on <html>) and the Copy
// embed code button. The options come from the fragment (embed.ParseOptions).
// Inside an iframe the page posts its height to the parent on every layout
// change, and obeys postMessage requests (setTable, run, getResults) from the
// origins listed in origins=; other origins' messages are counted in
// data-embed-ignored on <html> and otherwise dropped. Replies go to the
// sender's origin only.
//
// Like browser.go, this file talks to syscall/js directly: MessageEvent,
// ResizeObserver, MutationObserver and window.parent are not in dom/v2.

import (
	"strings"
	"syscall/js"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/lms"
	"coerceplayground/wasm/jsguard"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// frame is the state of embed mode: the page as a course site's frame.
type frame struct {
	opts    embed.Options
	ignored int
	host    string // the origin of the last obeyed message: a learner's runs are told there
	height  int
	// answering is true while a host's request is carried out: the run it
	// asked for is answered by its reply, not told again as the learner's.
	answering bool
}

// tell is where a learner's own runs are told: the host that last talked to
// the frame or, before any message, the parent's origin when origins= lists
// it (location.ancestorOrigins, where the browser has it). "" is nowhere.
func (e *frame) tell() string {
	if e.host != "" {
		return e.host
	}
	loc, _ := jsguard.Prop(js.Global(), "location")
	anc, ok := jsguard.Prop(loc, "ancestorOrigins")
	if !ok || !present(anc) {
		return ""
	}
	if n, ok := jsguard.Prop(anc, "length"); !ok || n.Type() != js.TypeNumber || n.Int() == 0 {
		return ""
	}
	if o, ok := jsguard.Prop(anc, "0"); ok && o.Type() == js.TypeString && e.opts.Allowed(o.String()) {
		return o.String()
	}
	return ""
}

func initEmbed(a *app) {
	if b, ok := lookup("copy-embed"); ok {
		a.on(b, "click", func(*dom.BasicEvent) { a.copyEmbed(true) })
		for _, id := range []string{"embed-readonly", "embed-worksheet", "embed-key"} {
			a.on(byID(id), "change", func(*dom.BasicEvent) { a.copyEmbed(false) })
		}
		// A change makes the snippet stale, as it does the share link.
		a.subscribe(func(ev page.Event) {
			if ev.TableChanged() && ev != page.Loaded {
				hide("embed-code")
			}
		})
	}
	if !root().HasAttribute("data-embed") {
		return
	}
	e := &frame{opts: a.link.Options} // a SCORM launch page's come with its table (main.go)
	e.showPanels()
	a.applyOptions(e.opts)
	a.talkToHost(e)
}

// showPanels shows the panels panels= names and the theme theme= asks for.
func (e *frame) showPanels() {
	if e.opts.Theme != "auto" {
		root().SetAttribute("data-theme", e.opts.Theme)
	}
	// The stylesheet shows the panels data-show names; index.html's inline script set it from
	// the same fragment before the first paint, so this changes nothing on screen.
	root().SetAttribute("data-show", strings.Join(e.opts.Panels, " "))
	for _, p := range embed.Panels {
		if h, ok := lookup(p.Heading); ok && p.Core {
			if s, ok := closest(h, "section"); ok && !e.opts.Shows(p.ID) {
				s.Class().Add("embed-off")
			}
		}
	}
	// Optional panels are shown by name: the element panel-<name>, or <name>
	// itself (the notes). The stylesheet hides the rest in embed mode.
	for _, name := range e.opts.Panels {
		p, ok := lookup("panel-" + name)
		if !ok {
			p, ok = lookup(name)
		}
		if ok {
			p.Class().Add("embed-on")
		}
	}
}

// applyOptions applies readonly=1 and says which options could not be read (page.Choose has
// made the table a worksheet for mode=predict); a student's embed shows no answers.
func (a *app) applyOptions(o embed.Options) {
	if o.AnswersHidden(a.st.Table()) {
		root().SetAttribute("data-student", "")
	}
	if o.ReadOnly {
		root().SetAttribute("data-readonly", "")
		a.lockRows(o.Predict || a.st.Table().Mode == lesson.PredictMode)
		observe("MutationObserver", a.ed.rows.Underlying(), map[string]any{"childList": true}, func() {
			a.lockRows(o.Predict || a.st.Table().Mode == lesson.PredictMode)
		})
	}
	if msg := o.ProblemsNotice(); msg != "" {
		a.notify(msg, false)
	}
}

// talkToHost posts the page's height to the parent, answers the messages of the origins
// origins= lists, and tells the host about the learner's runs.
func (a *app) talkToHost(e *frame) {
	// The parent is a window on another origin (often another site): only
	// postMessage may be called on it.
	if parent, ok := parentWindow(); ok {
		observe("ResizeObserver", root().Underlying(), nil, func() { e.postHeight(parent) })
		e.postHeight(parent)
		// Like the height, a scroll request says nothing the learner typed: any parent may read it.
		a.toHost = func(m map[string]any) { parent.Call("postMessage", m, "*") }
	}
	a.onValue(js.Global(), "message", func(ev *dom.BasicEvent) { a.message(e, ev.Value) })
	// A run the learner started (Run, Ctrl+Enter) is told to the host as
	// coerce-playground:ran; a host's own run gets only its reply.
	a.subscribe(func(ev page.Event) {
		if ev != page.Ran || e.answering || a.st.Results() == nil {
			return
		}
		if host := e.tell(); host != "" {
			if src, ok := parentWindow(); ok {
				m := a.st.RanMessage()
				// xAPI statements, for a host that keeps its own record store (docs/lms.md).
				m["statements"] = js.Global().Get("JSON").Call("parse",
					string(lms.Statements(a.st.Tool(), lms.TableID(a.st.Table()), a.recordRows(), sinceStart())))
				src.Call("postMessage", m, host)
			}
		}
	})
	root().SetAttribute("data-embed-ignored", "0")
}

// lockRows makes the editor read-only: inputs and notes cannot change, and
// the expected codes only when the learner must predict them.
func (a *app) lockRows(predict bool) {
	q := a.ed.rows.Underlying().Call("querySelectorAll", "input, select, button")
	for i := 0; i < q.Length(); i++ {
		el := q.Index(i)
		switch el.Get("tagName").String() {
		case "INPUT":
			el.Set("readOnly", true)
		case "SELECT":
			// A locked prediction stays locked (page.LockFill).
			el.Set("disabled", !predict || el.Call("closest", "tr.locked").Truthy())
		case "BUTTON":
			el.Set("disabled", true)
		}
	}
}

// postHeight tells the parent the page's height, in the page's own form and
// in the LTI form that Canvas honours, when it changed.
func (e *frame) postHeight(parent js.Value) {
	h := int(js.Global().Get("document").Get("documentElement").Call("getBoundingClientRect").Get("height").Float() + 0.999)
	if h == e.height || h <= 0 {
		return
	}
	e.height = h
	// The height says nothing about what the learner typed, so any parent
	// may read it: the page cannot know its parent's origin in advance.
	for _, m := range embed.HeightMessages(h) {
		parent.Call("postMessage", m, "*")
	}
}

// copyEmbed writes the embed code for the current table and the dialog's choices (read-only,
// a worksheet or the answer key), shows it and puts it on the clipboard. The choice starts on
// the table's default (opened is true for the button: a worksheet in predict mode); a choice
// changed writes and copies the code again.
func (a *app) copyEmbed(opened bool) {
	readOnly := &dom.HTMLInputElement{BasicHTMLElement: byID("embed-readonly")}
	if opened {
		setHandout("embed", a.st.DefaultHandout())
	}
	h := a.handoutChoice("embed-handout")
	t := a.st.Handed(h)
	choice := embed.Choice{ReadOnly: readOnly.Checked(), Predict: h == page.Worksheet}
	snippet, height := embed.Code(location().Href(), t, choice)
	link := embed.Link(location().Href(), t) // the options add a few bytes to it
	box, status := byID("embed-code"), byID("embed-status")
	code := &dom.HTMLTextAreaElement{BasicHTMLElement: byID("embed-snippet")}
	box.RemoveAttribute("hidden")
	if msg := page.LinkRefused(link); msg != "" { // an address too long for a browser (docs/catalog.md#the-limits)
		code.SetValue("")
		status.SetTextContent(msg)
		return
	}
	code.SetValue(snippet)
	if w, ok := lookup("embed-warning"); ok { // an address no course site can frame
		msg := embed.AddressWarning(location().Href())
		w.SetTextContent(msg)
		setHidden(w, msg == "")
	}
	status.SetTextContent("Copying…")
	copyText(snippet, func(ok bool) {
		defer a.recover()
		if ok {
			status.SetTextContent(page.HandoutNote(h) + " " + embed.Copied(height))
			return
		}
		code.Focus()
		code.Select()
		status.SetTextContent("The browser did not allow copying. The code below is selected: press Ctrl+C (⌘ C on a Mac).")
	})
}

func hide(id string) {
	if e, ok := lookup(id); ok {
		e.SetAttribute("hidden", "")
	}
}

// observe calls f whenever a ResizeObserver or MutationObserver (kind)
// reports a change on target; the observer lives as long as the page.
func observe(kind string, target js.Value, options map[string]any, f func()) {
	ctor := js.Global().Get(kind)
	if ctor.Type() != js.TypeFunction {
		return
	}
	cb := js.FuncOf(func(js.Value, []js.Value) any {
		defer func() { recover() }()
		f()
		return nil
	})
	obs := ctor.New(cb)
	if options == nil {
		obs.Call("observe", target)
	} else {
		obs.Call("observe", target, options)
	}
}
