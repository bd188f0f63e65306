//go:build js

package jsguard

import (
	"syscall/js"
	"testing"
)

// refusing is an object whose property "x" throws a SecurityError, as
// window.localStorage does when the browser refuses storage.
func refusing() js.Value {
	obj := js.Global().Get("Object").New()
	thrower := js.Global().Get("Function").New(`throw new DOMException("Access is denied for this document.", "SecurityError")`)
	js.Global().Get("Object").Call("defineProperty", obj, "x", map[string]any{"get": thrower})
	obj.Set("y", "kept")
	return obj
}

func TestProp(t *testing.T) {
	obj := refusing()
	if v, ok := Prop(obj, "x"); ok || !v.IsUndefined() {
		t.Errorf("Prop of a throwing getter = %v, %v; want undefined, false", v, ok)
	}
	if v, ok := Prop(obj, "y"); !ok || v.String() != "kept" {
		t.Errorf("Prop of a plain property = %v, %v", v, ok)
	}
	if v, ok := Prop(obj, "missing"); !ok || !v.IsUndefined() {
		t.Errorf("Prop of a missing property = %v, %v; want undefined, true", v, ok)
	}
	if _, ok := Prop(js.Undefined(), "x"); ok {
		t.Error("Prop of undefined reported ok")
	}
}
