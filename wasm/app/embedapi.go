//go:build js

package main

// The embed's postMessage API: setTable, run and getResults from the origins listed in
// origins=. Reading the request, answering it and the reply's shape are package page's
// (ReadRequest, State.Answer, State.Message); this file reads the MessageEvent and posts the
// reply to the sender's origin only. Like browser.go, it talks to syscall/js directly:
// MessageEvent is not in dom/v2.

import (
	"strconv"
	"syscall/js"

	"coerceplayground/embed"
	"coerceplayground/wasm/jsguard"
)

// message handles one MessageEvent.
func (a *app) message(e *frame, ev js.Value) {
	origin := ev.Get("origin").String()
	if !e.opts.Allowed(origin) {
		e.ignored++
		root().SetAttribute("data-embed-ignored", strconv.Itoa(e.ignored))
		root().SetAttribute("data-embed-ignored-origin", origin)
		return
	}
	src := ev.Get("source")
	if src.IsNull() || src.IsUndefined() {
		return
	}
	data := jsData{ev.Get("data")}
	req := embed.ReadRequest(data)
	e.answering = true
	rep := func() embed.Reply {
		defer func() { e.answering = false }()
		return a.st.Answer(req)
	}()
	out := a.st.Message(req, rep)
	e.host = origin
	if id := data.Get("id"); id.Kind() == "string" || id.Kind() == "number" {
		out["id"] = id.(jsData).v
	}
	src.Call("postMessage", out, origin)
}

// jsData is embed.Data over a JavaScript value. A host's message is any structured-cloneable
// value; its properties are read through jsguard.Prop all the same, so that nothing in it can
// end the program.
type jsData struct{ v js.Value }

func (d jsData) Kind() string {
	switch d.v.Type() {
	case js.TypeObject:
		if isArray(d.v) {
			return "array"
		}
		return "object"
	case js.TypeString:
		return "string"
	case js.TypeNumber:
		return "number"
	case js.TypeBoolean:
		return "boolean"
	case js.TypeNull:
		return "null"
	case js.TypeUndefined:
		return "undefined"
	}
	return "other"
}

func (d jsData) Get(key string) embed.Data {
	if d.v.Type() != js.TypeObject {
		return jsData{js.Undefined()}
	}
	v, _ := jsguard.Prop(d.v, key)
	return jsData{v}
}

func (d jsData) Len() int {
	n, ok := jsguard.Prop(d.v, "length")
	if !ok || n.Type() != js.TypeNumber {
		return 0
	}
	return n.Int()
}

func (d jsData) Index(i int) embed.Data { return d.Get(strconv.Itoa(i)) }
func (d jsData) String() string         { return d.v.String() }

func isArray(v js.Value) bool { return js.Global().Get("Array").Call("isArray", v).Bool() }
