package mcpserve_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestPageDoesNotLinkTheSDK: the WebAssembly builds (the page's app and the edge worker) depend
// on no package of the MCP SDK, and mcpwire, which the page may show exchanges with, adds no
// package to coerce's own: no SDK, fmt or encoding/json. wasm/page's TestAppLinksNoHeavyPackages
// checks the built app.wasm's function names too.
func TestPageDoesNotLinkTheSDK(t *testing.T) {
	deps := func(pkgs ...string) []string {
		t.Helper()
		cmd := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %v: %v", pkgs, err)
		}
		return strings.Fields(string(out))
	}
	page := deps("./wasm/app", "./cmd/worker")
	if len(page) < 50 {
		t.Fatalf("only %d packages listed: is go list working?", len(page))
	}
	for _, p := range page {
		if strings.HasPrefix(p, "github.com/modelcontextprotocol/") || p == "coerceplayground/mcpserve" {
			t.Errorf("the wasm build depends on %s", p)
		}
	}
	coerce := map[string]bool{}
	for _, p := range deps("./coerce") {
		coerce[p] = true
	}
	for _, p := range deps("./coerce/mcpwire") {
		if !coerce[p] && p != "coerceplayground/coerce/mcpwire" {
			t.Errorf("mcpwire adds %s to what the page links", p)
		}
	}
}
