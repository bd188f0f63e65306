package doccheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"coerceplayground/internal/nodewasm"
)

// TestRepositoryComments checks every Go comment of the repository against the tree and the
// standard library: a comment that names a file that moved or a function that was renamed fails
// here, naming the comment's line.
func TestRepositoryComments(t *testing.T) {
	std := os.DirFS(filepath.Join(nodewasm.GOROOT(t), "src"))
	for _, p := range Comments(os.DirFS(moduleRoot(t)), std, "coerceplayground") {
		t.Error(p)
	}
}

// commentRepo is a module m with a package a (type T, its method M and field F) and a command
// using it, and a standard library of one package, strings.
func commentRepo(comment string) (repo, std fstest.MapFS) {
	repo = fstest.MapFS{
		".gitignore":        {Data: []byte("/web/*.wasm\n")},
		"a/a.go":            {Data: []byte("package a\n\ntype T struct{ F int }\n\nfunc (T) M() {}\n\nfunc New() T { return T{} }\n")},
		"a/testdata/x.txt":  {Data: []byte("x")},
		"serve.go":          {Data: []byte("package main\n")},
		"web/index.html":    {Data: []byte("<!doctype html>")},
		"cmd/run/main.go":   {Data: []byte("package main\n\nimport (\n\t\"m/a\"\n\t\"strings\"\n)\n\n" + comment + "\nfunc main() { a.New(); strings.Cut(\"\", \"\") }\n")},
		"b/testdata/bad.go": {Data: []byte("package broken(\n")},
	}
	std = fstest.MapFS{
		"strings/strings.go":       {Data: []byte("package strings\n\nfunc Cut(s, sep string) (string, string, bool) { return s, sep, false }\n\ntype Builder struct{}\n\nfunc (b *Builder) WriteString(s string) {}\n")},
		"internal/godebug/g.go":    {Data: []byte("package godebug\n")},
		"cmd/go/main.go":           {Data: []byte("package main\n")},
		"math/rand/v2/rand.go":     {Data: []byte("package rand\n\nfunc N() {}\n")},
		"crypto/rand/rand.go":      {Data: []byte("package rand\n\nfunc Read() {}\n")},
		"encoding/json/decode.go":  {Data: []byte("package json\n\nfunc Unmarshal() {}\n")},
		"encoding/json/stream.go":  {Data: []byte("package json\n\ntype Decoder struct{}\n")},
		"vendor/x/net/http/h.go":   {Data: []byte("package http\n")},
		"net/http/server.go":       {Data: []byte("package http\n\ntype Handler interface{ ServeHTTP() }\n")},
		"net/http/testdata/x.html": {Data: []byte("x")},
	}
	return repo, std
}

// TestComments feeds Comments one comment each and checks what it reports.
func TestComments(t *testing.T) {
	for _, tc := range []struct {
		name, comment string
		want          string // part of the one problem expected; "" for none
	}{
		{"existing paths", "// See a/a.go, (cmd/run/main.go), `a/`, web/index.html and web/app.wasm.", ""},
		{"a path relative to the package", "// Its fixtures: testdata/x.txt and a/testdata/x.txt.", ""},
		{"a placeholder and a pattern", "// One file a/<name>.go per tool; go test ./a/... runs them.", ""},
		{"standard library paths", "// Like internal/godebug and cmd/go do.", ""},
		{"not paths", "// application/wasm, 10/12, and/or, https://example.com/a/b.go, m/a.", ""},
		{"a missing path", "// Drawn by a/panels.go.", "names a/panels.go"},
		{"bare Go files of the package and the root", "// main.go, unlike serve.go (main.go.); _test.go files, go.mod, x.go/y", ""},
		{"a bare Go file of another package", "// As a.go does.", "names a.go, which is not a file of cmd/run/"},
		{"a missing path at a sentence's end", "// See cmd/run/other.go.", "names cmd/run/other.go"},
		{"declared names", "// a.New, a.T.M, a.T.F, strings.Cut, strings.Builder.WriteString, http.Handler.ServeHTTP, rand.N, json.Decoder.", ""},
		{"names of no package we know", "// dom.Node, t.Run, x.Y, js.Value and sw.js.", ""},
		{"an undeclared name", "// Built by a.Old.", "names a.Old, which package a (a) does not declare"},
		{"an undeclared method", "// Call a.T.Gone first.", "type T has no field or method Gone"},
		{"an undeclared standard name", "// Unlike strings.Trunc.", "names strings.Trunc"},
		{"a method of a function is not checked", "// a.New.Foo", ""},
		{"part of a longer name", "// github.com/x/y.Z and m/a.Old", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo, std := commentRepo(tc.comment)
			ps := Comments(repo, std, "m")
			if tc.want == "" {
				for _, p := range ps {
					t.Errorf("unexpected problem: %s", p)
				}
				return
			}
			if len(ps) != 1 || ps[0].File != "cmd/run/main.go" || ps[0].Line != 8 || !strings.Contains(ps[0].Msg, tc.want) {
				t.Errorf("got %q, want one problem on cmd/run/main.go:8 containing %q", ps, tc.want)
			}
		})
	}
}
