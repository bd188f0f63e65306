package webbuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDataParts reads the runtime's tables out of a real Go wasm program: all eight parts,
// in memory order without overlap, the pclntab's not empty.
func TestDataParts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm program")
	}
	root := module(t)
	out := filepath.Join(t.TempDir(), "tiny.wasm")
	if err := BuildWasm(Config{Root: root}, "./wasm/app", out); err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ReadModule(bin)
	if err != nil {
		t.Fatal(err)
	}
	parts, err := DataParts(m, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 8 {
		t.Fatalf("%d parts, want 8: %+v", len(parts), parts)
	}
	for i, p := range parts {
		if i > 0 && p.Start < parts[i-1].End {
			t.Errorf("%s starts at %#x, inside %s (ends %#x)", p.Name, p.Start, parts[i-1].Name, parts[i-1].End)
		}
		if strings.HasPrefix(p.Name, "pclntab") && (p.Raw == 0 || p.Brotli == 0) {
			t.Errorf("%s is empty: %+v", p.Name, p)
		}
	}
	if _, err := DataParts(&Module{}, false); err == nil {
		t.Error("DataParts read a module with no data")
	}
	tiny, _ := ReadModule(tinyModule())
	if _, err := DataParts(tiny, false); err == nil {
		t.Error("DataParts read tables out of a module that is not Go")
	}
}
