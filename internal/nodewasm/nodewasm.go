// Package nodewasm finds Go's runner for js/wasm binaries under Node, for the tests that run
// wasm builds natively (the js guards, the stripped tracebacks): one place decides when such a
// test skips and when, under CI, it fails instead.
package nodewasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// Exec returns the path of Go's lib/wasm/go_js_wasm_exec, which runs a js/wasm binary under
// Node. It skips t under -short (building and running wasm takes seconds) and when node is
// missing, except under CI=true, where a missing node fails t: CI must run these tests.
func Exec(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs js/wasm under Node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is needed to run js/wasm binaries")
		}
		t.Skip("no node")
	}
	return filepath.Join(runtime.GOROOT(), "lib", "wasm", "go_js_wasm_exec")
}
