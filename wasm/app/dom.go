//go:build js

package main

// Small helpers for the page's form controls, on top of browser.go and build.go.

import (
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func focus(id string) {
	if e, ok := lookup(id); ok {
		e.Focus()
	}
}

func checked(e *dom.BasicHTMLElement) bool { return e.Underlying().Get("checked").Bool() }

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
		box = buildEl(page.FieldError(id, msg))
		after.Underlying().Call("after", box.Underlying())
	}
	box.SetTextContent(msg)
	f.SetAttribute("aria-invalid", "true")
	f.SetAttribute("aria-describedby", id)
}
