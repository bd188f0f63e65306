package webbuild

// What app.wasm carries, by Go package: the code section's function bodies attributed through
// the name section (which -ldflags=-s strips, so [PackageReport] builds a copy that keeps it;
// the bodies are the same bytes). The data section (string constants, type and pclntab
// tables, package variables) has a line of its own, split into the runtime's tables by
// [DataParts], since the name section names functions only.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Func is one function of a module: its name from the name section and its body's size.
type Func struct {
	Name string
	Size int
	body []byte
}

// Module is what [ReadModule] reads from a wasm binary.
type Module struct {
	Funcs    []Func // defined functions, in index order
	CodeSize int    // the code section's size
	DataSize int    // the data section's size
	Size     int    // the whole module
	data     []byte
}

// ReadModule parses a wasm binary's sections: imports (to number the functions), code and the
// name section's function names. A module without a name section gets empty names.
func ReadModule(bin []byte) (*Module, error) {
	if len(bin) < 8 || !bytes.Equal(bin[:4], []byte("\x00asm")) {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &Module{Size: len(bin)}
	imported := 0
	names := map[int]string{}
	r := &reader{b: bin, off: 8}
	for r.off < len(r.b) {
		id := r.byte()
		size := r.uleb()
		if r.err != nil || r.off+size > len(r.b) {
			return nil, errors.New("a section runs past the end of the module")
		}
		sec := &reader{b: r.b[r.off : r.off+size]}
		r.off += size
		switch id {
		case 2: // imports: functions are numbered after the imported ones
			imported = countImportedFuncs(sec)
		case 10:
			m.CodeSize = size
			for n := sec.uleb(); n > 0 && sec.err == nil; n-- {
				l := sec.uleb()
				body := sec.bytes(l)
				m.Funcs = append(m.Funcs, Func{Size: l, body: body})
			}
		case 11:
			m.DataSize = size
			m.data = sec.b
		case 0:
			if sec.name() == "name" {
				readFuncNames(sec, names)
			}
		}
		if sec.err != nil {
			return nil, fmt.Errorf("section %d: %w", id, sec.err)
		}
	}
	for i := range m.Funcs {
		m.Funcs[i].Name = names[imported+i]
	}
	return m, nil
}

func countImportedFuncs(sec *reader) int {
	n, funcs := sec.uleb(), 0
	for ; n > 0 && sec.err == nil; n-- {
		sec.name() // module
		sec.name() // field
		switch sec.byte() {
		case 0: // func: a type index
			sec.uleb()
			funcs++
		case 1: // table: reftype, limits
			sec.byte()
			sec.limits()
		case 2: // memory: limits
			sec.limits()
		case 3: // global: valtype, mutability
			sec.byte()
			sec.byte()
		default:
			sec.err = errors.New("unknown import kind")
		}
	}
	return funcs
}

// readFuncNames reads subsection 1 (function names) of a name section.
func readFuncNames(sec *reader, names map[int]string) {
	for sec.off < len(sec.b) && sec.err == nil {
		id := sec.byte()
		size := sec.uleb()
		sub := &reader{b: sec.bytes(size)}
		if id != 1 {
			continue
		}
		for n := sub.uleb(); n > 0 && sub.err == nil; n-- {
			idx := sub.uleb()
			names[idx] = sub.name()
		}
		sec.err = sub.err
	}
}

// reader reads LEB128 integers, bytes and names, keeping the first error.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.err = cmpErr(r.err)
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) uleb() int {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 || v > 1<<31 {
		r.err = errors.New("bad LEB128 integer")
		return 0
	}
	r.off += n
	return int(v)
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || r.off+n > len(r.b) {
		r.err = cmpErr(r.err)
		return nil
	}
	r.off += n
	return r.b[r.off-n : r.off]
}

func (r *reader) name() string { return string(r.bytes(r.uleb())) }

func (r *reader) limits() {
	if r.byte()&1 == 1 {
		r.uleb()
	}
	r.uleb()
}

func cmpErr(err error) error {
	if err != nil {
		return err
	}
	return errors.New("unexpected end of section")
}

// Package is the code of one Go package in a module.
type Package struct {
	Path   string
	Funcs  int
	Raw    int // function body bytes
	Brotli int // those bodies brotli-compressed by themselves
}

// symbolName is how the wasm linker writes a symbol into the name section: every character
// but letters, digits, '_' and '.' becomes '_' (cmd/link/internal/wasm).
var symbolName = regexp.MustCompile(`[^\w.]`)

// Packages maps the symbol prefix of each package linked into a program ("github.com_go_json_experiment_json_jsontext")
// back to its import path, for [Packages.Of].
type Packages map[string]string

// NewPackages indexes import paths (what go list -deps prints); main is the program's own path.
func NewPackages(paths []string, main string) Packages {
	ps := Packages{}
	for _, p := range paths {
		ps[symbolName.ReplaceAllString(p, "_")] = p
	}
	ps["main"] = main
	return ps
}

// Of is the import path of the package a function belongs to, from its name-section name:
// "strconv" for "strconv.ryuFtoaShortest", "github.com/go-json-experiment/json/jsontext" for
// "github.com_go_json_experiment_json_jsontext.__decoderState_.ReadToken". Functions the
// compiler generates for types ("type:.eq.…") are "(type equality and hash)"; runtime assembly
// with no package (wasm_pc_f_loop) is "(assembly)".
func (ps Packages) Of(name string) string {
	if strings.HasPrefix(name, "type_.") {
		return "(type equality and hash)"
	}
	// The longest prefix ending before a '.' that is a package: "github.com_x" has a '.' inside.
	best := ""
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			if p, ok := ps[name[:i]]; ok {
				best = p
			}
		}
	}
	if best == "" {
		return "(assembly)"
	}
	return best
}

// PackageSizes groups m's functions by package, largest first. With compress, each package's
// bodies are also brotli-compressed together, an estimate of its share of the served file.
func PackageSizes(m *Module, ps Packages, compress bool) ([]Package, error) {
	byPath := map[string]*Package{}
	bodies := map[string][]byte{}
	for _, f := range m.Funcs {
		p := ps.Of(f.Name)
		if byPath[p] == nil {
			byPath[p] = &Package{Path: p}
		}
		byPath[p].Funcs++
		byPath[p].Raw += f.Size
		bodies[p] = append(bodies[p], f.body...)
	}
	var out []Package
	for p, pkg := range byPath {
		if compress {
			br, err := Brotli(bodies[p])
			if err != nil {
				return nil, err
			}
			pkg.Brotli = len(br)
		}
		out = append(out, *pkg)
	}
	slices.SortFunc(out, func(a, b Package) int { return b.Raw - a.Raw })
	return out, nil
}

// PackageReport builds pkg (./wasm/app for the page) with app.wasm's flags but the name section
// kept, and renders the code bytes of its top packages and largest functions. brotliTotal is
// the served file's brotli size, which the packages' compressed shares are scaled to.
func PackageReport(c Config, pkg string, top int, brotliTotal int64) (string, error) {
	dir, err := os.MkdirTemp("", "webbuild-size-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "named.wasm")
	if err := buildWasm(c, pkg, out, "-w", ""); err != nil {
		return "", err
	}
	bin, err := os.ReadFile(out)
	if err != nil {
		return "", err
	}
	m, err := ReadModule(bin)
	if err != nil {
		return "", err
	}
	list, err := goList(c, pkg)
	if err != nil {
		return "", err
	}
	pkgs, err := PackageSizes(m, list, true)
	if err != nil {
		return "", err
	}
	data, err := Brotli(m.data)
	if err != nil {
		return "", err
	}
	parts, err := DataParts(m, true)
	if err != nil {
		return "", fmt.Errorf("splitting the data segments: %w", err)
	}
	return formatPackages(m, pkgs, parts, len(data), top, brotliTotal), nil
}

// goList indexes the packages linked into pkg's wasm build.
func goList(c Config, pkg string) (Packages, error) {
	if c.Go == "" {
		c.Go = "go"
	}
	cmd := exec.Command(c.Go, "list", "-deps", "-f", "{{.ImportPath}}", pkg)
	cmd.Dir = c.Root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %w", pkg, err)
	}
	paths := strings.Fields(string(out))
	if len(paths) == 0 {
		return nil, errors.New("go list -deps " + pkg + " listed nothing")
	}
	// -deps lists the package itself last.
	return NewPackages(paths, paths[len(paths)-1]), nil
}

// formatPackages renders the top packages. A package's "~brotli" is its bodies compressed
// alone, scaled so that every package's and the data segments' (dataBrotli, compressed alone)
// add up to brotliTotal, the served file: an estimate of its share, since brotli finds
// repeats across packages too.
func formatPackages(m *Module, pkgs []Package, parts []DataPart, dataBrotli, top int, brotliTotal int64) string {
	var b strings.Builder
	code, br := 0, 0
	for _, p := range pkgs {
		code += p.Raw
		br += p.Brotli
	}
	kib := func(n float64) string { return strconv.FormatFloat(n/1024, 'f', 1, 64) }
	pct := func(n, of int) string {
		return strconv.FormatFloat(100*float64(n)/float64(max(of, 1)), 'f', 1, 64) + "%"
	}
	fmt.Fprintf(&b, "\n%s by package: %s KiB of function bodies in %d functions, %s KiB of data segments, %s KiB in all (raw)\n",
		"app.wasm", kib(float64(code)), len(m.Funcs), kib(float64(m.DataSize)), kib(float64(m.Size)))
	fmt.Fprintf(&b, "%-52s %6s %10s %7s %12s\n", "package", "funcs", "raw KiB", "raw", "~brotli KiB")
	for i, p := range pkgs {
		if i == top {
			break
		}
		est := float64(p.Brotli) / float64(br+dataBrotli) * float64(brotliTotal)
		fmt.Fprintf(&b, "%-52s %6d %10s %7s %12s\n", p.Path, p.Funcs, kib(float64(p.Raw)), pct(p.Raw, code), kib(est))
	}
	funcs := slices.Clone(m.Funcs)
	slices.SortFunc(funcs, func(a, b Func) int { return b.Size - a.Size })
	fmt.Fprintf(&b, "%-52s %6s %10s %7s %12s\n", "(data segments)", "", kib(float64(m.DataSize)), "",
		kib(float64(dataBrotli)/float64(br+dataBrotli)*float64(brotliTotal)))
	// The parts, each compressed alone and scaled as the packages are: zeros the data section
	// leaves out still count in a part's raw size (findfunctab is mostly zeros).
	for _, d := range parts {
		fmt.Fprintf(&b, "  %-50s %6s %10s %7s %12s\n", d.Name, "", kib(float64(d.Raw)), "",
			kib(float64(d.Brotli)/float64(br+dataBrotli)*float64(brotliTotal)))
	}
	fmt.Fprintf(&b, "\nlargest functions (raw bytes)\n")
	for i, f := range funcs {
		if i == top/2 {
			break
		}
		fmt.Fprintf(&b, "%8d  %s\n", f.Size, f.Name)
	}
	return b.String()
}
