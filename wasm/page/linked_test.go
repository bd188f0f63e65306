package page

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The page's size budget depends on what the linker keeps. fmt and
// encoding/json cost much more wasm (docs/performance.md), and dom/v2's
// wrapping constructors put every element type behind an interface; the MCP SDK
// belongs to the server (mcpserve) only. This test
// builds the app with its name section and reads which functions survived.
func TestAppLinksNoHeavyPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm app")
	}
	out := filepath.Join(t.TempDir(), "app.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-o", out, "./wasm/app")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	names, err := funcNames(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 1000 {
		t.Fatalf("only %d function names: is the name section there?", len(names))
	}
	for _, n := range names {
		for _, banned := range []string{"fmt.", "encoding/json.", "encoding_json.", "honnef.co_go_js_dom_v2.wrapHTMLElement", "honnef.co_go_js_dom_v2.wrapEvent",
			"github.com/modelcontextprotocol", "github.com_modelcontextprotocol", "coerceplayground/mcpserve", "coerceplayground_mcpserve"} {
			if strings.HasPrefix(n, banned) {
				t.Errorf("app.wasm links %s", n)
			}
		}
	}
}

// TestAppKeepsNoDOMTypesInInterfaces: the app passes dom/v2's wrappers as concrete types only.
// A dom/v2 type converted to an interface keeps its descriptor with every method's signature,
// and those reach Node, Element, Document, Event and the rest of dom/v2's interfaces: about
// 25 KB of app.wasm (docs/performance.md). The linker's reasons (-dumpdep) mark such a type
// <UsedInIface>; this test fails naming the function that converted one.
func TestAppKeepsNoDOMTypesInInterfaces(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the wasm app")
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-dumpdep", "-o", filepath.Join(t.TempDir(), "app.wasm"), "./wasm/app")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	deps, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, deps)
	}
	lines := strings.Split(string(deps), "\n")
	if len(lines) < 1000 {
		t.Fatalf("only %d lines of the linker's reasons", len(lines))
	}
	for _, l := range lines {
		from, to, ok := strings.Cut(l, " -> ")
		if ok && !strings.HasPrefix(from, "type:") && strings.Contains(to, "honnef.co/go/js/dom/v2.") && strings.HasSuffix(to, "<UsedInIface>") {
			t.Errorf("%s puts %s in an interface", from, strings.TrimSuffix(to, " <UsedInIface>"))
		}
	}
}

// funcNames reads the function names of a wasm module's "name" custom section.
func funcNames(data []byte) ([]string, error) {
	if !bytes.HasPrefix(data, []byte("\x00asm")) {
		return nil, errors.New("not a wasm module")
	}
	r := &reader{b: data, i: 8}
	for r.i < len(r.b) {
		id := r.byte()
		size := int(r.uleb())
		end := r.i + size
		if r.err != nil || end > len(r.b) {
			return nil, errors.New("truncated section")
		}
		if id == 0 && r.name() == "name" {
			for r.i < end && r.err == nil {
				sub := r.byte()
				subEnd := r.i + int(r.uleb())
				if sub == 1 { // function names
					n := int(r.uleb())
					out := make([]string, 0, n)
					for range n {
						r.uleb() // function index
						out = append(out, r.name())
					}
					return out, r.err
				}
				r.i = subEnd
			}
		}
		r.i = end
	}
	return nil, errors.New("no name section")
}

type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uleb() uint64 {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		c := r.byte()
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			break
		}
	}
	return v
}

func (r *reader) name() string {
	n := int(r.uleb())
	if r.i+n > len(r.b) {
		r.err = errors.New("unexpected end")
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	return s
}
