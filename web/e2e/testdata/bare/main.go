//go:build js && wasm

// Command bare is the floor of the side-by-side benchmark (BenchmarkSideBySide): a Go
// WebAssembly page whose main only wires Run and says it is ready. Whatever the playground
// takes beyond this page's time to ready is the playground's own work; what this page takes is
// Go's (download, compile, runtime start). The benchmark builds it the plain way,
// go build -trimpath -ldflags="-s -w", and serves it with brotli.
package main

import "syscall/js"

// rows are the lesson's six inputs and the codes get_job answers for them.
var rows = [][2]string{
	{`"17"`, "ok"}, {"17", "ok"}, {"-1", "invalid_args"},
	{`"abc"`, "invalid_args"}, {"True", "invalid_args"}, {"99", "not_found"},
}

func main() {
	doc := js.Global().Get("document")
	results := doc.Call("getElementById", "results")
	run := js.FuncOf(func(js.Value, []js.Value) any {
		results.Set("textContent", "")
		for _, r := range rows {
			tr := doc.Call("createElement", "tr")
			for _, s := range r {
				td := doc.Call("createElement", "td")
				td.Set("textContent", s)
				tr.Call("appendChild", td)
			}
			results.Call("appendChild", tr)
		}
		return nil
	})
	doc.Call("getElementById", "run").Call("addEventListener", "click", run)
	doc.Get("documentElement").Call("setAttribute", "data-ready", "true")
	js.Global().Get("performance").Call("mark", "coerce:ready")
	select {}
}
