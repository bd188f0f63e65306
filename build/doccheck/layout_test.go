package doccheck

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestRepositoryLayout checks the README's layout line and table against the tree's imports:
// a package added without its row, a row left for a folder that moved, or an import that runs up
// the layers fails here, naming it.
func TestRepositoryLayout(t *testing.T) {
	for _, p := range Layout(os.DirFS(moduleRoot(t)), "coerceplayground") {
		t.Error(p)
	}
}

// layoutRepo is a small module m: a ← b ← c, a leaf x under internal/, a tool t under build/ over a, and two
// commands that run it.
func layoutRepo(readme string, files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		"README.md":          {Data: []byte(readme)},
		"a/a.go":             {Data: []byte("package a\n\nimport _ \"m/internal/x\"\n")},
		"a/a_test.go":        {Data: []byte("package a\n\nimport _ \"m/c\"\n")}, // a test may reach up
		"b/b.go":             {Data: []byte("package b\n\nimport _ \"m/a\"\n")},
		"c/c.go":             {Data: []byte("package c\n\nimport (\n\t_ \"fmt\"\n\t_ \"m/b\"\n)\n")},
		"internal/x/x.go":    {Data: []byte("package x\n")},
		"build/t/t.go":       {Data: []byte("package t\n\nimport _ \"m/a\"\n")},
		"cmd/run/main.go":    {Data: []byte("package main\n\nimport _ \"m/build/t\"\n")},
		"serve.go":           {Data: []byte("package main\n\nimport _ \"m/build/t\"\n")},
		"a/testdata/skip.go": {Data: []byte("package broken(\n")},
		"docs/x.md":          {Data: []byte("# X\n")},
	}
	for name, text := range files {
		if text == "" {
			delete(fsys, name)
			continue
		}
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

const layoutRules = "internal/ holds leaves: they import nothing of ours. Only the build tools and the commands\nimport build/. Nothing outside wasm/ imports it but the build tools.\n"

const goodLayout = "# R\n\n## Layout\n\nImports go one way, never up: a ← b (the middle) ← c; a ← build/t ← serve.go and cmd/run.\n" +
	layoutRules + "\n| path | what |\n|---|---|\n| `a/` | a |\n| `b/` | b |\n| `c/` | c |\n| `internal/x/` | x |\n" +
	"| `build/t/` | t |\n| `cmd/run/` | run |\n| `serve.go` | serve |\n| `docs/` | docs |\n\n## Next\n\n| `zz/` | not the layout |\n"

// TestLayout feeds Layout a tree with one fault each and checks it is reported.
func TestLayout(t *testing.T) {
	for _, tc := range []struct {
		name   string
		readme string
		files  map[string]string
		want   string // part of the one problem expected; "" for none
	}{
		{"good", goodLayout, nil, ""},
		{"a package without its row", goodLayout, map[string]string{"d/d.go": "package d\n"}, "no row for the package d/"},
		{"a package named in its folder's row", strings.Replace(goodLayout, "| `b/` | b |", "| `b/` | b, and its command `b/cmd/x/` |", 1),
			map[string]string{"b/cmd/x/main.go": "package main\n"}, ""},
		{"a package named in another folder's row", strings.Replace(goodLayout, "| `c/` | c |", "| `c/` | c, not `b/cmd/x/` |", 1),
			map[string]string{"b/cmd/x/main.go": "package main\n"}, "no row for the package b/cmd/x/"},
		{"a root file without its row", goodLayout, map[string]string{"gen.go": "package main\n"}, "no row for gen.go"},
		{"a row for a folder that moved", strings.Replace(goodLayout, "| `docs/` | docs |", "| `docs/` | docs |\n| `old/` | moved |", 1), nil, "`old/`, which does not exist"},
		{"a chain that names no package", strings.Replace(goodLayout, "a ← b (the middle)", "a ← bee", 1), nil, "names bee, which is no package"},
		{"a stated import that is not there", strings.Replace(goodLayout, "a ← b (the middle) ← c", "a ← c", 1), nil, "says c imports a, but it does not"},
		{"an import up the chain", goodLayout, map[string]string{"a/up.go": "package a\n\nimport _ \"m/b\"\n"}, "a imports b, which the layout line puts above it"},
		{"an import up the chain, not direct", strings.Replace(goodLayout, "| `docs/` | docs |", "| `docs/` | docs |\n| `d/` | d |", 1),
			map[string]string{"a/up.go": "package a\n\nimport _ \"m/d\"\n", "d/d.go": "package d\n\nimport _ \"m/b\"\n"}, "a imports b, which"},
		{"a leaf that is not", goodLayout, map[string]string{"internal/x/x.go": "package x\n\nimport _ \"m/a\"\n"}, `internal/x imports a, against the layout's rule "internal/ holds leaves`},
		{"a library importing a tool", goodLayout, map[string]string{"b/tool.go": "package b\n\nimport _ \"m/build/t\"\n"}, `b imports build/t, against the layout's rule "Only the build tools`},
		{"the page imported from outside", strings.Replace(goodLayout, "| `docs/` | docs |", "| `docs/` | docs |\n| `wasm/p/` | p |", 1),
			map[string]string{"wasm/p/p.go": "package p\n", "b/page.go": "package b\n\nimport _ \"m/wasm/p\"\n"},
			`b imports wasm/p, against the layout's rule "Nothing outside wasm/`},
		{"a rule the README does not state", strings.Replace(goodLayout, "Nothing outside wasm/", "Nothing but wasm/", 1), nil, `does not say "Nothing outside wasm/`},
		{"no chain line", strings.Replace(goodLayout, "Imports go one way, never up:", "Imports:", 1), nil, "has no line starting"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Layout(layoutRepo(tc.readme, tc.files), "m")
			if tc.want == "" {
				for _, p := range got {
					t.Errorf("unexpected: %s", p)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(got[0].Msg, tc.want) {
				t.Errorf("got %v, want one problem containing %q", got, tc.want)
			}
		})
	}
}
