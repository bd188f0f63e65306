//go:build js

// Command getcrash shows what jsguard exists for: it reads a throwing getter
// with Prop (recovered), then with js.Value.Get under recover, which ends the
// program because wasm_exec.js does not guard Get.
package main

import (
	"fmt"
	"syscall/js"

	"coerceplayground/wasm/jsguard"
)

func main() {
	obj := js.Global().Get("Object").New()
	thrower := js.Global().Get("Function").New(`throw new DOMException("Access is denied for this document.", "SecurityError")`)
	js.Global().Get("Object").Call("defineProperty", obj, "x", map[string]any{"get": thrower})
	if _, ok := jsguard.Prop(obj, "x"); !ok {
		fmt.Println("prop: refused, recovered")
	}
	func() {
		defer func() {
			if recover() != nil {
				fmt.Println("get: recovered")
			}
		}()
		obj.Get("x")
	}()
	fmt.Println("get: still running")
}
