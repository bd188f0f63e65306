//go:build js

package main

// Drawing a page.Stamp: the rows of a view in one call into web/stamp.js, whatever their number
// (page/stamp.go says why).

import (
	"syscall/js"

	"coerceplayground/wasm/page"
)

// stamper draws Stamps; it keeps the bytes of the last one to reuse their memory.
type stamper struct {
	words []byte
}

// haveStamp reports whether stamp.js has loaded (index.html loads it before the app).
func haveStamp() bool { return js.Global().Get("coerceStamp").Type() == js.TypeFunction }

// draw appends s's rows to into (an element or a DocumentFragment) and returns them, a JavaScript
// Array.
func (st *stamper) draw(into js.Value, s *page.Stamp) js.Value {
	tpls := make([]any, len(s.Templates()))
	for i, t := range s.Templates() {
		tpls[i] = build(t)
	}
	st.words = s.Words(st.words)
	return js.Global().Call("coerceStamp", into, tpls, s.Slots(), bytesToJS(st.words), bytesToJS(s.Data()), s.Units())
}

// bytesToJS copies b into a new Uint8Array.
func bytesToJS(b []byte) js.Value {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	return a
}
