package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"coerceplayground/wasm/page"
)

// TestAutomationContract: the ids, data attributes and storage key the README's automation
// contract promises exist in the page: each id="…" in web/index.html or web/exercise.html, each
// data-… attribute written by the app, its views (wasm/page), the loader or the exercise page's script, the saved-table
// key as page.StorageKey.
func TestAutomationContract(t *testing.T) {
	root := moduleRoot(t)
	readme := read(t, filepath.Join(root, "README.md"))
	_, contract, ok := strings.Cut(readme, "\n## Automation contract\n")
	if !ok {
		t.Fatal("README.md has no Automation contract section")
	}
	contract, _, _ = strings.Cut(contract, "\n## ")
	html := read(t, filepath.Join(root, "web", "index.html")) + read(t, filepath.Join(root, "web", "exercise.html"))
	var code strings.Builder
	// wasm/page's views build the page's markup (page.Node), attributes included; its tests do not count.
	for _, pattern := range []string{"wasm/app/*.go", "wasm/page/*.go", "web/loader.js", "web/exercise.js"} {
		files, _ := filepath.Glob(filepath.Join(root, pattern))
		for _, f := range files {
			if !strings.HasSuffix(f, "_test.go") {
				code.WriteString(read(t, f))
			}
		}
	}
	ids := regexp.MustCompile("`id=\"([\\w-]+)\"`").FindAllStringSubmatch(contract, -1)
	attrs := regexp.MustCompile("`(?:<html )?(data-[a-z-]+)(?:=\"[^\"]*\")?>?`").FindAllStringSubmatch(contract, -1)
	if len(ids) < 5 || len(attrs) < 4 {
		t.Fatalf("found %d ids and %d data attributes in the contract: the patterns no longer read it", len(ids), len(attrs))
	}
	for _, m := range ids {
		if !strings.Contains(html, `id="`+m[1]+`"`) {
			t.Errorf("the contract promises id=%q; web/index.html and web/exercise.html have no such element", m[1])
		}
	}
	for _, m := range attrs {
		if !strings.Contains(code.String(), m[1]) {
			t.Errorf("the contract promises %s; neither wasm/app, web/loader.js nor web/exercise.js writes it", m[1])
		}
	}
	if !strings.Contains(contract, `localStorage["`+page.StorageKey+`"]`) {
		t.Errorf("the contract does not name the saved-table key page.StorageKey = %q", page.StorageKey)
	}
}

func read(t *testing.T, name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
