//go:build js

package main

// Small helpers for building the page's elements, on top of browser.go.

import (
	"honnef.co/go/js/dom/v2"
)

func focus(id string) {
	if e, ok := lookup(id); ok {
		e.Focus()
	}
}

// badge shows a code as text; the colour only repeats it.
func badge(code string) *dom.BasicHTMLElement {
	b := el("span", "code")
	b.SetAttribute("data-badge", code)
	b.SetTextContent(code)
	return b
}

func text(tag, class, s string) *dom.BasicHTMLElement {
	e := el(tag, class)
	e.SetTextContent(s)
	return e
}

// attrs sets attributes from name, value pairs and returns e.
func attrs(e *dom.BasicHTMLElement, kv ...string) *dom.BasicHTMLElement {
	for i := 0; i+1 < len(kv); i += 2 {
		e.SetAttribute(kv[i], kv[i+1])
	}
	return e
}

// cell wraps children in a new element.
func cell(tag, class string, children ...*dom.BasicHTMLElement) *dom.BasicHTMLElement {
	c := el(tag, class)
	for _, ch := range children {
		appendChild(c, ch)
	}
	return c
}

func checked(e *dom.BasicHTMLElement) bool { return e.Underlying().Get("checked").Bool() }

func option(value, label string) *dom.BasicHTMLElement {
	return attrs(text("option", "", label), "value", value)
}

// fieldError shows msg in an alert after the element after, for the form field f, and marks f
// invalid; an empty msg takes both away. The alert's id is f's id with "-error".
func fieldError(f, after *dom.BasicHTMLElement, msg string) {
	id := f.ID() + "-error"
	box, shown := lookup(id)
	if msg == "" {
		if shown {
			box.Underlying().Call("remove")
		}
		f.RemoveAttribute("aria-invalid")
		f.RemoveAttribute("aria-describedby")
		return
	}
	if !shown {
		box = attrs(el("p", "failure inline field-error"), "id", id, "role", "alert")
		after.Underlying().Call("after", box.Underlying())
	}
	box.SetTextContent(msg)
	f.SetAttribute("aria-invalid", "true")
	f.SetAttribute("aria-describedby", id)
}
