//go:build js

package main

import (
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/jsguard"
)

// Panels built on first open. The "Beyond one call" panels (parts.go marks them later) were
// most of the app's start-up work (docs/performance.md, "The levers, kept and rejected"), and
// none of them is needed to predict, edit and Run the table. Each is built, from the State as it
// is then, at the first of:
//
//   - the reader reaching it: it comes near the viewport (an IntersectionObserver, which also
//     sees a folded panel being unfolded), or an event starts inside it (pointerdown, focus,
//     click, input, change, keydown: caught in the capture phase, before its controls' own
//     listeners would run, so the first click already works);
//   - a Try it that leads to it (the kinds it registers stand in for it until it is built);
//   - the page being ready: the rest are built one per task right after data-ready, so nothing
//     stays unbuilt for automation. <html data-panels="pending"> says some are still unbuilt;
//     "built" that all are.
//
// An embed builds the panels it shows at start: its panels= list asked for them.

// deferred are the panels not built yet, by id.
type deferred struct {
	order   []string
	init    map[string]func(*app)
	stop    map[string]func() // removes the panel's open listeners
	observe js.Value          // the IntersectionObserver, or undefined
}

// buildLater records panel p to be built on first open, if its section is on the page.
func (a *app) buildLater(p part) {
	sec, ok := lookup("panel-" + p.id)
	if !ok {
		return
	}
	d := a.later
	if d == nil {
		d = &deferred{init: map[string]func(*app){}, stop: map[string]func(){}, observe: a.observer()}
		a.later = d
		root().SetAttribute("data-panels", "pending")
	}
	d.order = append(d.order, p.id)
	d.init[p.id] = p.init
	id := p.id
	if a.tries == nil {
		a.tries = map[string]func(lesson.Try){}
	}
	for _, kind := range p.tries {
		// A stand-in, set directly: the kind's registerTry call is the panel's own.
		a.tries[kind] = func(t lesson.Try) {
			if a.build(id) {
				a.tryIt(t) // the panel's init registered its own handler for kind
			}
		}
	}
	v := sec.Underlying()
	open := js.FuncOf(func(js.Value, []js.Value) any {
		defer a.recover()
		a.build(id)
		return nil
	})
	types := []string{"pointerdown", "focusin", "click", "input", "change", "keydown"}
	for _, typ := range types {
		v.Call("addEventListener", typ, open, true)
	}
	d.stop[id] = func() {
		for _, typ := range types {
			v.Call("removeEventListener", typ, open, true)
		}
		open.Release()
	}
	if !d.observe.IsUndefined() {
		d.observe.Call("observe", v)
	}
}

// observer returns an IntersectionObserver that builds each panel coming near the viewport, or
// undefined where the browser has none (the build after ready still builds every panel).
func (a *app) observer() (obs js.Value) {
	ctor, ok := jsguard.Prop(js.Global(), "IntersectionObserver")
	if !ok || ctor.Type() != js.TypeFunction {
		return js.Undefined()
	}
	seen := js.FuncOf(func(_ js.Value, args []js.Value) any {
		defer a.recover()
		entries := args[0]
		for i := 0; i < entries.Length(); i++ {
			if e := entries.Index(i); e.Get("isIntersecting").Bool() {
				a.build(e.Get("target").Get("id").String()[len("panel-"):])
			}
		}
		return nil
	})
	return ctor.New(seen, map[string]any{"rootMargin": "300px"})
}

// build builds panel id now if it waits to be; it reports whether it did.
func (a *app) build(id string) bool {
	d := a.later
	if d == nil || d.init[id] == nil {
		return false
	}
	init := d.init[id]
	delete(d.init, id)
	d.stop[id]()
	delete(d.stop, id)
	if !d.observe.IsUndefined() {
		d.observe.Call("unobserve", byID("panel-"+id).Underlying())
	}
	init(a)
	if len(d.init) == 0 {
		root().SetAttribute("data-panels", "built")
		if !d.observe.IsUndefined() {
			d.observe.Call("disconnect")
		}
	}
	return true
}

// buildRest builds the panels still waiting, one per task, in page order, so the page paints
// and answers input between them. It runs in a goroutine of its own: a callback must not wait.
func (a *app) buildRest() {
	d := a.later
	if d == nil {
		return
	}
	go func() {
		defer a.recover()
		stepping = true
		defer func() { stepping = false }()
		for len(d.order) > 0 {
			pause()
			id := d.order[0]
			d.order = d.order[1:]
			a.build(id)
			mark("coerce:part:" + id)
		}
	}()
}
