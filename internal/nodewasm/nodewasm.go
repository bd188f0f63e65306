// Package nodewasm finds Go's runner for js/wasm binaries under Node, for the tests that run
// wasm builds natively (the js guards, the stripped tracebacks): one place decides when such a
// test skips and when, under CI, it fails instead.
package nodewasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	return filepath.Join(GOROOT(t), "lib", "wasm", "go_js_wasm_exec")
}

// GOROOT is the root of the Go installation the go command on the PATH uses, the one that
// builds and runs the tests (runtime.GOROOT is only where the test binary was built, which
// -trimpath and a copied binary make meaningless). It fails t when go cannot say.
func GOROOT(t testing.TB) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out))
}
