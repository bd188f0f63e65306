//go:build js

// Package jsguard reads JavaScript properties that the browser may refuse.
//
// A read through js.Value.Get is not guarded: wasm_exec.js carries it out
// with a bare Reflect.get, so a getter that throws (localStorage when site
// data is blocked or the frame is on another site, anything of a parent
// window on another origin) raises an exception that ends the Go program,
// and no recover can catch it. A call through js.Value.Call is guarded:
// wasm_exec.js catches the exception and Go sees a panic with a js.Error,
// which can be recovered. Prop therefore reads through Reflect.get as a
// call. The package's tests check both halves of that claim under Node.
package jsguard

import "syscall/js"

// Prop reads v[name]. ok is false when the read threw (or v is not an
// object), and then r is undefined.
func Prop(v js.Value, name string) (r js.Value, ok bool) {
	defer func() {
		if recover() != nil {
			r, ok = js.Undefined(), false
		}
	}()
	return js.Global().Get("Reflect").Call("get", v, name), true
}
