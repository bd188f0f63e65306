package webbuild

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

// module writes a tiny module with a js/wasm main and the page files.
func module(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":              "module tiny\n\ngo 1.26\n",
		"wasm/app/main.go":    "package main\n\nfunc main() { println(\"hello\") }\n",
		"wasm/grader/main.go": "package main\n\nfunc main() { println(\"graded\") }\n",
		"web/index.html":      "<!doctype html><p>" + strings.Repeat("page ", 200),
		"web/boot.js":         "\"use strict\";\n",
		"web/style.css":       "body { color: red }\n",
		"web/loader.js":       "\"use strict\";\n",
		"web/stamp.js":        "\"use strict\";\n",
		"web/favicon.svg":     "<svg/>",
	}
	for name, data := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestBuildWritesEveryOutputAndIsIdempotent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a wasm binary")
	}
	root := module(t)
	var log bytes.Buffer
	if err := Build(Config{Root: root, Log: &log}); err != nil {
		t.Fatal(err)
	}
	web := Web(root)
	wasm, err := os.ReadFile(filepath.Join(web, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("app.wasm does not start with the wasm magic number")
	}
	size, _ := os.ReadFile(filepath.Join(web, "wasm-size.js"))
	br, err1 := os.Stat(filepath.Join(web, "app.wasm.br"))
	gz, err2 := os.Stat(filepath.Join(web, "app.wasm.gz"))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for _, want := range []string{"self.COERCE_WASM_SIZE = " + strconv.Itoa(len(wasm)) + ";",
		"self.COERCE_WASM_SENT = {br: " + strconv.FormatInt(br.Size(), 10) + ", gzip: " + strconv.FormatInt(gz.Size(), 10) + "};"} {
		if !strings.Contains(string(size), want) {
			t.Errorf("wasm-size.js = %q, want it to contain %q", size, want)
		}
	}
	for _, name := range PageFiles {
		raw, err := os.ReadFile(filepath.Join(web, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := gunzip(t, filepath.Join(web, name+".gz")); !bytes.Equal(got, raw) {
			t.Errorf("%s.gz does not decompress to %s", name, name)
		}
		if got := unbrotli(t, filepath.Join(web, name+".br")); !bytes.Equal(got, raw) {
			t.Errorf("%s.br does not decompress to %s", name, name)
		}
	}
	if !strings.Contains(log.String(), "building app.wasm (app.wasm is missing)") {
		t.Errorf("log:\n%s", log.String())
	}

	// A second build with nothing changed writes nothing.
	log.Reset()
	if err := Build(Config{Root: root, Log: &log}); err != nil {
		t.Fatal(err)
	}
	if log.Len() != 0 {
		t.Errorf("second build wrote:\n%s", log.String())
	}

	// Touching a source rebuilds the wasm; editing a page file recompresses it only.
	future := time.Now().Add(time.Hour)
	os.Chtimes(filepath.Join(root, "wasm/app/main.go"), future, future)
	os.WriteFile(filepath.Join(web, "style.css"), []byte("body { color: blue }\n"), 0o644)
	os.Chtimes(filepath.Join(web, "style.css"), future, future)
	log.Reset()
	if err := Build(Config{Root: root, Log: &log}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"building app.wasm (wasm/app/main.go is newer)", "compressed style.css"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	if strings.Contains(log.String(), "compressed index.html") {
		t.Errorf("index.html recompressed although unchanged:\n%s", log.String())
	}
	if got := gunzip(t, filepath.Join(web, "style.css.gz")); string(got) != "body { color: blue }\n" {
		t.Errorf("style.css.gz = %q", got)
	}
}

func TestBuildReportsCompileErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root := module(t)
	os.WriteFile(filepath.Join(root, "wasm/app/main.go"), []byte("package main\n\nfunc main() { undefined() }\n"), 0o644)
	err := Build(Config{Root: root})
	if err == nil || !strings.Contains(err.Error(), "undefined") {
		t.Fatalf("err = %v, want the compiler's message", err)
	}
	if left, _ := filepath.Glob(filepath.Join(Web(root), "*.tmp")); len(left) > 0 {
		t.Errorf("a failed build left %q behind", left)
	}
}

func TestStale(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root := module(t)
	c := Config{Root: root, Go: "go"}
	wasm := filepath.Join(Web(root), "app.wasm")
	if why, _ := stale(c, "./wasm/app", wasm); why != "app.wasm is missing" {
		t.Errorf("missing: %q", why)
	}
	// app.wasm imports a package of the module; nobody lists it by hand.
	write := func(name, data string, when time.Time) {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
		os.Chtimes(p, when, when)
	}
	past, future := time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	write("go.mod", "module tiny\n\ngo 1.26\n", past)
	write("wasm/app/main.go", "package main\n\nimport \"tiny/internal/leaf\"\n\nfunc main() { leaf.Hello() }\n", past)
	write("internal/leaf/leaf.go", "package leaf\n\nfunc Hello() { println(\"hello\") }\n", past)
	write("internal/other/other.go", "package other\n", future) // not imported: never counts
	os.WriteFile(wasm, []byte("\x00asm"), 0o644)
	if why, err := stale(c, "./wasm/app", wasm); why != "" || err != nil {
		t.Errorf("current: %q, %v", why, err)
	}
	// A file beside an imported package (an embedded table, say) makes it stale.
	write("internal/leaf/table.txt", "x", future)
	if why, _ := stale(c, "./wasm/app", wasm); why != "internal/leaf/table.txt is newer" {
		t.Errorf("new file in an imported package: %q", why)
	}
}

func TestSizes(t *testing.T) {
	dir := t.TempDir()
	for i, name := range PageFiles {
		os.WriteFile(filepath.Join(dir, name), make([]byte, 100*(i+1)), 0o644)
		os.WriteFile(filepath.Join(dir, name+".gz"), make([]byte, 10*(i+1)), 0o644)
		os.WriteFile(filepath.Join(dir, name+".br"), make([]byte, 5*(i+1)), 0o644)
	}
	sizes, err := Sizes(dir)
	if err != nil {
		t.Fatal(err)
	}
	total := sizes[len(sizes)-1]
	n := int64(len(PageFiles) * (len(PageFiles) + 1) / 2)
	if total.Name != "total" || total.Raw != 100*n || total.Gzip != 10*n || total.Brotli != 5*n {
		t.Errorf("total = %+v", total)
	}
	out := FormatSizes(sizes)
	if !strings.Contains(out, "app.wasm") || !strings.Contains(out, "total") || !strings.Contains(out, "KiB") {
		t.Errorf("FormatSizes:\n%s", out)
	}
	os.Remove(filepath.Join(dir, "app.wasm.br"))
	if _, err := Sizes(dir); err == nil || !strings.Contains(err.Error(), "make build") {
		t.Errorf("missing sibling: err = %v", err)
	}
}

func gunzip(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func unbrotli(t *testing.T, name string) []byte {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(brotli.NewReader(f))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestWithExperiment: app.wasm's experiment joins a GOEXPERIMENT the caller set, once.
func TestWithExperiment(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "nogreenteagc"},
		{"  ", "nogreenteagc"},
		{"nogreenteagc", "nogreenteagc"},
		{"jsonv2", "jsonv2,nogreenteagc"},
		{"jsonv2, nogreenteagc", "jsonv2, nogreenteagc"},
	} {
		if got := withExperiment(c.in); got != c.want {
			t.Errorf("withExperiment(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
