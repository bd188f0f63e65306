//go:build js

package main

import (
	"syscall/js"

	"coerceplayground/wasm/jsguard"
)

// The app's start is a series of steps, each a task of its own: between two, pause gives the
// main thread back to the browser, which paints, scrolls and answers input before the next step
// (docs/performance.md, "The levers, kept and rejected"). A Go program on js/wasm runs until every goroutine
// waits, then returns to the browser; pause makes the app's goroutine wait for a callback that
// the browser calls in a later task.
//
// scheduler.yield (Chromium 129+) resumes before other tasks of the same priority, so the
// start is not delayed behind everything else the page queued; elsewhere a MessageChannel's
// message does the same without setTimeout's 4 ms clamp on nested timers.

// stepping is true while a goroutine that may pause runs (the start, the build of the folded
// panels after ready); a callback, which must never wait, runs with it false.
var stepping bool

// step ends a step of the start: it pauses when the code runs in the start's goroutine, and does
// nothing in a callback (a panel built because the reader clicked in it is built at once).
func step() {
	if stepping {
		pause()
	}
}

// pauser schedules a resumption in a later task; it is chosen once, on first use.
var pauser func(f js.Func)

// pause waits for a later task. Callbacks that run meanwhile see stepping false.
func pause() {
	if pauser == nil {
		pauser = choosePauser()
	}
	was := stepping
	stepping = false
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		f.Release()
		close(done)
		return nil
	})
	pauser(f)
	<-done
	stepping = was
}

func choosePauser() func(js.Func) {
	if s, ok := jsguard.Prop(js.Global(), "scheduler"); ok && s.Type() == js.TypeObject {
		if y, ok := jsguard.Prop(s, "yield"); ok && y.Type() == js.TypeFunction {
			return func(f js.Func) { s.Call("yield").Call("then", f) }
		}
	}
	if c, ok := jsguard.Prop(js.Global(), "MessageChannel"); ok && c.Type() == js.TypeFunction {
		ch := c.New()
		port1, port2 := ch.Get("port1"), ch.Get("port2")
		return func(f js.Func) {
			port1.Set("onmessage", f) // one pause at a time: the start's goroutine waits for it
			port2.Call("postMessage", nil)
		}
	}
	return func(f js.Func) { js.Global().Call("setTimeout", f, 0) }
}
