//go:build js

package main

// This file is the app's only contact with syscall/js. Everything else talks
// to the DOM through dom/v2's concrete types (BasicHTMLElement,
// HTMLInputElement, BasicEvent, URLUtils...), which this file constructs.
//
// Why not dom/v2's own constructors (GetElementByID, CreateElement,
// AddEventListener, Event.Target, Closest)? Each wraps its result by comparing
// the object's constructor with up to 71 HTML*Element (or 40 *Event) globals:
// a JavaScript round trip each, a <td> costs 57. And because those wrappers
// put every element and event type into an interface, the linker keeps every
// method of every type that any interface call might reach. Building the
// wrappers here, from types the page knows, cut app.wasm a great deal (docs/performance.md,
// "The levers, kept and rejected"). The rest are APIs dom/v2 does not wrap (localStorage, the
// clipboard, <dialog>, history, file reading, downloads, performance marks).

import (
	"syscall/js"

	"coerceplayground/wasm/jsguard"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func wrap(v js.Value) *dom.BasicHTMLElement {
	return &dom.BasicHTMLElement{BasicElement: &dom.BasicElement{BasicNode: &dom.BasicNode{Value: v}}}
}

// byID returns the element with id; the page cannot work without it.
func byID(id string) *dom.BasicHTMLElement {
	v := js.Global().Get("document").Call("getElementById", id)
	if v.IsNull() {
		panic("index.html has no element #" + id)
	}
	return wrap(v)
}

// lookup is byID for an element that may be missing.
func lookup(id string) (*dom.BasicHTMLElement, bool) {
	v := js.Global().Get("document").Call("getElementById", id)
	return wrap(v), !v.IsNull()
}

// root is the <html> element.
func root() *dom.BasicHTMLElement { return wrap(js.Global().Get("document").Get("documentElement")) }

// fragment returns an empty DocumentFragment: rows are built in it and
// attached with one DOM insertion.
func fragment() *dom.BasicNode {
	return &dom.BasicNode{Value: js.Global().Get("document").Call("createDocumentFragment")}
}

// location is the page's URL.
func location() *dom.URLUtils { return &dom.URLUtils{Value: js.Global().Get("location")} }

// replaceURL changes the address bar without loading anything.
func replaceURL(url string) { js.Global().Get("history").Call("replaceState", nil, "", url) }

// listen calls f for each typ event on t (an element, document or window).
func listen(t js.Value, typ string, f func(*dom.BasicEvent)) {
	t.Call("addEventListener", typ, js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(&dom.BasicEvent{Value: args[0]})
		return nil
	}))
}

// keyboard views ev as the KeyboardEvent it is (for keydown listeners).
func keyboard(ev *dom.BasicEvent) *dom.KeyboardEvent { return &dom.KeyboardEvent{BasicEvent: ev} }

// target is the element an event happened on.
func target(ev *dom.BasicEvent) *dom.BasicHTMLElement { return wrap(ev.Get("target")) }

// closest is Element.closest: e or its nearest ancestor matching sel.
func closest(e *dom.BasicHTMLElement, sel string) (*dom.BasicHTMLElement, bool) {
	v := e.Underlying().Call("closest", sel)
	return wrap(v), !v.IsNull()
}

// appendChild is Node.appendChild without dom/v2's AppendChild(dom.Node). The app passes
// dom/v2's wrappers only as concrete types, never in an interface: a type converted to an
// interface keeps its descriptor with every method's signature, and for dom/v2's types those
// signatures reach Node, Element, Document, Event and the rest, about 40 KB of type data
// (docs/performance.md, "Where the bytes go").
func appendChild(parent, child *dom.BasicHTMLElement) {
	parent.Underlying().Call("appendChild", child.Underlying())
}

// appendFragment moves a fragment's children to the end of parent, in one DOM insertion.
func appendFragment(parent *dom.BasicHTMLElement, frag *dom.BasicNode) {
	parent.Underlying().Call("appendChild", frag.Underlying())
}

// contains is Node.contains (e is parent or inside it) without dom/v2's Contains(dom.Node).
func contains(parent, e *dom.BasicHTMLElement) bool {
	return parent.Underlying().Call("contains", e.Underlying()).Bool()
}

// prepend inserts child as the first child of parent.
func prepend(parent, child *dom.BasicHTMLElement) {
	parent.Underlying().Call("prepend", child.Underlying())
}

// setProp sets a DOM property (value, checked, hidden, disabled) that is not
// an attribute.
func setProp(e *dom.BasicHTMLElement, name string, v any) { e.Underlying().Set(name, v) }

func getProp(e *dom.BasicHTMLElement, name string) string { return e.Underlying().Get(name).String() }

// Every property the browser may refuse to read (localStorage, the
// clipboard, navigator features, anything of the parent window) is read with
// jsguard.Prop: a refused js.Value.Get ends the program (see package
// jsguard), a refused jsguard.Prop is an ordinary false.

// present reports whether v is neither undefined nor null.
func present(v js.Value) bool { return !v.IsUndefined() && !v.IsNull() }

// storage returns window.localStorage, or Refused when the browser has none
// or refuses it.
func storage() (js.Value, page.StoreResult) {
	s, ok := jsguard.Prop(js.Global(), "localStorage")
	if !ok || !present(s) {
		return s, page.Refused
	}
	return s, page.Stored
}

// storageGet reads localStorage; v is "" when nothing is kept under key.
func storageGet(key string) (v string, r page.StoreResult) {
	s, r := storage()
	if r != page.Stored {
		return "", r
	}
	item, err := guard(func() js.Value { return s.Call("getItem", key) })
	if err != page.Stored {
		return "", err
	}
	if !present(item) {
		return "", page.Stored
	}
	return item.String(), page.Stored
}

// storageSet writes localStorage ("" removes the key) and reports what the
// browser did: Full when it is out of room, Refused when it will not keep
// anything.
func storageSet(key, v string) page.StoreResult {
	s, r := storage()
	if r != page.Stored {
		return r
	}
	_, r = guard(func() js.Value {
		if v == "" {
			return s.Call("removeItem", key)
		}
		return s.Call("setItem", key, v)
	})
	return r
}

// guard runs a storage call and classifies the exception it threw, if any.
func guard(f func() js.Value) (v js.Value, r page.StoreResult) {
	defer func() {
		if p := recover(); p != nil {
			name := ""
			if e, ok := p.(js.Error); ok {
				if n, ok := jsguard.Prop(e.Value, "name"); ok && n.Type() == js.TypeString {
					name = n.String()
				}
			}
			v, r = js.Undefined(), page.StoreResultOf(name)
		}
	}()
	return f(), page.Stored
}

// copyText puts text on the clipboard and calls done with whether the
// browser allowed it. done runs later, from the browser's event loop.
func copyText(text string, done func(ok bool)) {
	nav, _ := jsguard.Prop(js.Global(), "navigator")
	clip, ok := jsguard.Prop(nav, "clipboard")
	if !ok || !present(clip) {
		done(false)
		return
	}
	if w, ok := jsguard.Prop(clip, "writeText"); !ok || w.Type() != js.TypeFunction {
		done(false)
		return
	}
	var okf, fail js.Func
	release := func() { okf.Release(); fail.Release() }
	okf = js.FuncOf(func(js.Value, []js.Value) any { release(); done(true); return nil })
	fail = js.FuncOf(func(js.Value, []js.Value) any { release(); done(false); return nil })
	func() {
		defer func() {
			if recover() != nil { // writeText threw instead of rejecting
				release()
				done(false)
			}
		}()
		clip.Call("writeText", text).Call("then", okf, fail)
	}()
}

// showModal opens a <dialog> as a modal; close closes it.
func showModal(d *dom.BasicHTMLElement)   { d.Underlying().Call("showModal") }
func closeDialog(d *dom.BasicHTMLElement) { d.Underlying().Call("close") }

// readFile reads the first file chosen in a file input as text and calls done
// with it, or with ok false when there is none or it cannot be read.
func readFile(input *dom.HTMLInputElement, done func(text string, ok bool)) {
	files := input.Underlying().Get("files")
	if files.IsUndefined() || files.IsNull() || files.Length() == 0 {
		done("", false)
		return
	}
	var ok, fail js.Func
	release := func() { ok.Release(); fail.Release() }
	ok = js.FuncOf(func(_ js.Value, args []js.Value) any { release(); done(args[0].String(), true); return nil })
	fail = js.FuncOf(func(js.Value, []js.Value) any { release(); done("", false); return nil })
	files.Index(0).Call("text").Call("then", ok, fail)
}

// download offers text as a file. The bytes go from this page to the
// browser's download manager; nothing is sent anywhere.
func download(name, text string) {
	g := js.Global()
	blob := g.Get("Blob").New([]any{text}, map[string]any{"type": "text/plain;charset=utf-8"})
	url := g.Get("URL").Call("createObjectURL", blob)
	build(page.E("a", "href", url.String(), "download", name)).Call("click")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		g.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	g.Call("setTimeout", revoke, 0)
}

// afterRequests calls f once loader.js's self.coerceQuiet settles: the requests a first visit
// makes for the service worker (sw.js, the other document, which the worker keeps) have ended, or
// the loader stopped waiting for them. The worker's install itself asks no server for anything,
// so ready does not wait for it; nothing is requested once the page is ready. f runs at once when
// the loader offers no such promise (a page loaded without it).
func afterRequests(f func()) {
	p, ok := jsguard.Prop(js.Global(), "coerceQuiet")
	if !ok || p.Type() != js.TypeObject {
		f()
		return
	}
	if then, ok := jsguard.Prop(p, "then"); !ok || then.Type() != js.TypeFunction {
		f()
		return
	}
	var done js.Func
	done = js.FuncOf(func(js.Value, []js.Value) any {
		done.Release()
		f()
		return nil
	})
	p.Call("then", done, done)
}

// mark records a performance mark; measure records the time between two.
// The timings in docs/performance.md read them; they never leave the page.
func mark(name string) { js.Global().Get("performance").Call("mark", name) }

func measure(name, start, end string) {
	defer func() { recover() }() // a missing start mark is not worth a crash
	js.Global().Get("performance").Call("measure", name, start, end)
}

// isMac reports whether to show ⌘ instead of Ctrl in shortcuts.
// matches reports whether a CSS media query matches now.
func matches(query string) bool {
	return js.Global().Call("matchMedia", query).Get("matches").Bool()
}

func isMac() bool {
	nav, _ := jsguard.Prop(js.Global(), "navigator")
	p, _ := jsguard.Prop(nav, "platform")
	return p.Type() == js.TypeString && len(p.String()) >= 3 && p.String()[:3] == "Mac"
}

// reveal scrolls e to the top of the window when none of it is on screen,
// so pressing Run on a small screen shows the results it produced.
func reveal(e *dom.BasicHTMLElement) {
	g := js.Global()
	r := e.Underlying().Call("getBoundingClientRect")
	if top, bottom := r.Get("top").Float(), r.Get("bottom").Float(); top < g.Get("innerHeight").Float() && bottom > 0 {
		return
	}
	bringIntoView(e, "start")
}
