//go:build !js

package jsguard

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"coerceplayground/internal/nodewasm"
)

func goCmd(t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...) // the go on the PATH, as the one running this test
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	return cmd
}

// TestPropUnderNode runs this package's js tests under Node.
func TestPropUnderNode(t *testing.T) {
	out, err := goCmd(t, "test", "-exec", nodewasm.Exec(t), ".").CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=js go test: %v\n%s", err, out)
	}
}

// TestGetIsNotGuarded checks the other half of the claim Prop rests on: a
// throwing getter read with js.Value.Get ends the program, recover or not.
// If wasm_exec.js ever guards Get, this fails and Prop can go.
func TestGetIsNotGuarded(t *testing.T) {
	out, err := goCmd(t, "run", "-exec", nodewasm.Exec(t), "./testdata/getcrash").CombinedOutput()
	s := string(out)
	if !strings.Contains(s, "prop: refused, recovered") {
		t.Errorf("Prop did not recover:\n%s", s)
	}
	if err == nil || strings.Contains(s, "get: recovered") || strings.Contains(s, "get: still running") {
		t.Errorf("a throwing Get did not end the program (err %v):\n%s", err, s)
	}
	if !strings.Contains(s, "SecurityError") {
		t.Errorf("the program did not end with the getter's SecurityError:\n%s", s)
	}
}
