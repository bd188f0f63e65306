//go:build js

package main

// Building the page's views from their plain-Go description (page.Node): the same description
// the build writes into index.html, so what the app draws and what was pre-rendered agree.

import (
	"syscall/js"

	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// build makes the DOM of n. Text reaches it as text nodes and attribute values only; a
// Markup child is the lesson's own markup (page.Node.IsMarkup).
func build(n page.Node) js.Value { return buildIn(js.Global().Get("document"), n) }

func buildIn(doc js.Value, n page.Node) js.Value {
	if n.Tag == "" {
		return doc.Call("createTextNode", n.Text)
	}
	e := doc.Call("createElement", n.Tag)
	for i := 0; i+1 < len(n.Attrs); i += 2 {
		e.Call("setAttribute", n.Attrs[i], n.Attrs[i+1])
	}
	if len(n.Kids) == 1 && n.Kids[0].Tag == "" {
		e.Set("textContent", n.Kids[0].Text) // one call instead of two
		return e
	}
	for _, k := range n.Kids {
		if k.IsMarkup() {
			e.Call("insertAdjacentHTML", "beforeend", k.Text)
			continue
		}
		e.Call("appendChild", buildIn(doc, k))
	}
	return e
}

// buildEl is build for an element the app keeps working with.
func buildEl(n page.Node) *dom.BasicHTMLElement { return wrap(build(n)) }

// fillAll applies page.Fill changes to a clone of the template they were made for. Changes to
// one element come together, so each element is looked up once.
func fillAll(e js.Value, fills []page.Fill) {
	t, at := e, []int(nil)
	for _, f := range fills {
		if !samePath(f.Path, at) {
			t, at = e, f.Path
			for _, i := range f.Path {
				t = t.Get("children").Index(i)
			}
		}
		switch f.Name {
		case page.FillText:
			t.Set("textContent", f.Value)
		case page.FillValue:
			t.Set("value", f.Value)
		default:
			t.Call("setAttribute", f.Name, f.Value)
		}
	}
}

// replaceKids makes nodes the children of e, in one DOM insertion.
func replaceKids(e *dom.BasicHTMLElement, nodes []page.Node) {
	frag := buildAll(nodes)
	e.SetTextContent("")
	e.Underlying().Call("appendChild", frag)
}

// appendNodes adds nodes at the end of e's children, in one DOM insertion.
func appendNodes(e *dom.BasicHTMLElement, nodes ...page.Node) {
	e.Underlying().Call("appendChild", buildAll(nodes))
}

// buildAll builds nodes into a DocumentFragment. In the start's steps it yields between two of
// them (a vendor response's editor or a note's card is a step of its own at a 4× slower CPU): the
// fragment is off the page until it is whole, so nothing on screen changes in between.
func buildAll(nodes []page.Node) js.Value {
	doc := js.Global().Get("document")
	frag := doc.Call("createDocumentFragment")
	for i, n := range nodes {
		if i > 0 {
			step()
		}
		frag.Call("appendChild", buildIn(doc, n))
	}
	return frag
}

// fillOnce draws a disclosure's inside when it is first opened (page.WhyLines, page.MCPLines);
// data-filled says it is drawn.
func fillOnce(d *dom.BasicHTMLElement, nodes ...page.Node) {
	d.SetAttribute("data-filled", "")
	appendNodes(d, nodes...)
}

func samePath(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
