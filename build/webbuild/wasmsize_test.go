package webbuild

import (
	"os"
	"strings"
	"testing"
)

// The packages a program links, as go list -deps prints them, for the table below.
var linked = []string{"strconv", "internal/strconv", "slices", "runtime", "coerceplayground/coerce",
	"github.com/go-json-experiment/json/internal/jsonwire", "github.com/go-json-experiment/json/jsontext",
	"github.com/go-json-experiment/json", "honnef.co/go/js/dom/v2", "coerceplayground/wasm/app"}

func TestPackagesOf(t *testing.T) {
	raw, err := os.ReadFile("testdata/symbols.tsv")
	if err != nil {
		t.Fatal(err)
	}
	ps := NewPackages(linked, "coerceplayground/wasm/app")
	n := 0
	for _, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sym, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("no tab in %q", line)
		}
		if got := ps.Of(sym); got != want {
			t.Errorf("Of(%q) = %q, want %q", sym, got, want)
		}
		n++
	}
	if n < 10 {
		t.Fatalf("only %d cases read", n)
	}
}

// tinyModule is a hand-made wasm binary: one imported function, two defined ones (bodies of 3
// and 5 bytes), a data section and a name section naming the defined ones.
func tinyModule() []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	sec := func(id byte, body ...byte) { b = append(append(b, id, byte(len(body))), body...) }
	sec(1, 1, 0x60, 0, 0)                          // types: () -> ()
	sec(2, 1, 2, 'g', 'o', 1, 'f', 0, 0)           // import go.f, func of type 0
	sec(3, 2, 0, 0)                                // two functions of type 0
	sec(10, 2, 2, 0, 0x0b, 4, 0, 0x01, 0x01, 0x0b) // bodies: size 2 and 4 after their length byte
	sec(11, 1, 0, 0x41, 0, 0x0b, 3, 'a', 'b', 'c') // one active segment of 3 bytes
	// Function names: two entries, index 1 (after the import) "m.a", index 2 "runtime.x".
	names := []byte{2, 1, 3, 'm', '.', 'a', 2, 9, 'r', 'u', 'n', 't', 'i', 'm', 'e', '.', 'x'}
	sub := append([]byte{1, byte(len(names))}, names...)
	custom := append([]byte{4, 'n', 'a', 'm', 'e'}, sub...)
	sec(0, custom...)
	return b
}

func TestReadModule(t *testing.T) {
	m, err := ReadModule(tinyModule())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Funcs) != 2 || m.Funcs[0].Name != "m.a" || m.Funcs[1].Name != "runtime.x" {
		t.Fatalf("funcs %+v, want m.a and runtime.x (numbered after the one import)", m.Funcs)
	}
	if m.Funcs[0].Size != 2 || m.Funcs[1].Size != 4 || m.DataSize != 9 {
		t.Errorf("sizes %d, %d, data %d; want 2, 4, 9", m.Funcs[0].Size, m.Funcs[1].Size, m.DataSize)
	}
	pkgs, err := PackageSizes(m, NewPackages([]string{"runtime", "m"}, "m"), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 2 || pkgs[0].Path != "runtime" || pkgs[0].Raw != 4 || pkgs[1].Path != "m" {
		t.Errorf("packages %+v", pkgs)
	}
	for _, bad := range [][]byte{nil, []byte("\x00asm\x01\x00\x00\x00\x0a\x7f"), tinyModule()[:30]} {
		if _, err := ReadModule(bad); err == nil {
			t.Errorf("ReadModule(%q) read a broken module", bad)
		}
	}
}
