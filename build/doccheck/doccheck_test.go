package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestRepositoryDocs checks the repository's README.md and docs/*.md.
func TestRepositoryDocs(t *testing.T) {
	root := moduleRoot(t)
	fsys := os.DirFS(root)
	names := []string{"README.md"}
	docs, err := fs.Glob(fsys, "docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) == 0 {
		t.Fatal("no docs/*.md: the check would pass without reading the documentation")
	}
	names = append(names, docs...)
	for _, p := range Check(fsys, names) {
		t.Error(p)
	}
}

func moduleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

const example = "package x_test\n\nfunc ExampleA() {\n\ta := 1\n\tif a > 0 {\n\t\ta++\n\t}\n\tprintln(a)\n\t// Output:\n\t// 2\n}\n"

// repo is a small repository whose files the documents below refer to.
func repo(docs map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		"Makefile":            {Data: []byte(".PHONY: serve test\nserve:\n\tgo run serve.go\ntest: vet\n\tgo test ./...\nvet:\n")},
		".gitignore":          {Data: []byte("# outputs\n/web/*.wasm\n/dist/\n")},
		"x/example_test.go":   {Data: []byte(example)},
		"x/a.go":              {Data: []byte("package x\n")},
		"docs/guide.md":       {Data: []byte("# Guide\n\n## The link format\n\n## Options\n\n## Options\n")},
		"docs/playground.png": {Data: []byte("png")},
		"web/index.html":      {Data: []byte("<!doctype html>")},
		"coerce/budget.go":    {Data: []byte("package coerce\n\ntype Budget struct{ Cap int }\n\nfunc (b *Budget) Observe() {}\n\nfunc NewBudget() *Budget { return nil }\n\nconst MaxRows = 1\n")},
		"coerce/doc_test.go":  {Data: []byte("package coerce\n\nimport \"testing\"\n\nfunc TestCatalogDoc(t *testing.T) {}\n\nfunc FuzzDispatch(f *testing.F) {}\n")},
	}
	for name, text := range docs {
		fsys[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return fsys
}

// TestCheck feeds Check documents with one fault each and checks it is reported, on the right
// line, and that the correct documents pass.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		line      int    // 0: no problem expected
		want      string // part of the problem's message
	}{
		{"good links", "# R\n\nSee [the guide](docs/guide.md), [links](docs/guide.md#the-link-format),\n[twice](docs/guide.md#options-1), [top](#r), [site](https://example.com/x) and ![s](docs/playground.png).\n", 0, ""},
		{"missing file", "# R\n\nSee [the guide](docs/gide.md).\n", 3, "no file docs/gide.md"},
		{"missing anchor", "# R\n\n[x](docs/guide.md#the-links)\n", 3, "no heading with the anchor #the-links"},
		{"missing local anchor", "# R\n\n[x](#nowhere)\n", 3, "no heading with the anchor #nowhere"},
		{"link leaves the repository", "# R\n\n[x](../shared/notes.md)\n", 3, "leaves the repository"},
		{"link in a code span is text", "# R\n\nWrite `[x](nowhere.md)` for a link.\n", 0, ""},
		{"machine path", "# R\n\nThe notes are in /home/ada/notes.md.\n", 3, "absolute path of a machine"},
		{"machine path in a block", "# R\n\n```sh\ncd /work/repo\n```\n", 4, "absolute path of a machine"},
		{"URL path is not a machine path", "# R\n\nSee https://example.com/home/x.\n", 0, ""},
		{"issue", "# R\n\nAs the issue says, it is fast.\n", 3, "refers to an issue"},
		{"issue number", "# R\n\nFixed in #12.\n", 3, "refers to an issue"},
		{"code-span path exists", "# R\n\n`x/a.go`, `x/`, `x/*.go`, `web/<page>.html`, `docs/guide.md`\n", 0, ""},
		{"code-span path missing", "# R\n\nEdit `x/b.go`.\n", 3, "`x/b.go` names no file"},
		{"generated path skipped", "# R\n\n`web/app.wasm` and `dist/index.html` are built.\n", 0, ""},
		{"not a path", "# R\n\n`application/wasm`, `go test ./x`, `a/b`\n", 0, ""},
		{"make targets", "# R\n\n`make serve`, `make test vet`\n\n```sh\nmake serve   # serve it\n```\n", 0, ""},
		{"unknown make target", "# R\n\nRun `make bench`.\n", 3, "no target bench"},
		{"unknown make target in a block", "# R\n\n```sh\nmake serve dist\n```\n", 4, "no target dist"},
		{"excerpt", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n```go\na := 1\n// …\nprintln(a)\n// Output:\n```\n", 0, ""},
		{"excerpt whole body", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n```go\na := 1\nif a > 0 {\n\ta++\n}\nprintln(a)\n// Output:\n// 2\n```\n", 0, ""},
		{"excerpt drifted", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n```go\na := 2\n```\n", 3, `lines starting "a := 2"`},
		{"excerpt out of order", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n```go\nprintln(a)\n// …\na := 1\n```\n", 3, `lines starting "a := 1"`},
		{"excerpt skips lines without saying so", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n```go\na := 1\nprintln(a)\n```\n", 3, "are not, in this order"},
		{"excerpt indentation matters", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n```go\na++\n```\n", 3, "are not, in this order"},
		{"excerpt of a missing function", "# R\n\n<!-- excerpt: x/example_test.go ExampleB -->\n```go\na := 1\n```\n", 3, "no such function"},
		{"excerpt without a block", "# R\n\n<!-- excerpt: x/example_test.go ExampleA -->\n\nText.\n", 3, "followed by a ```go block"},
		{"Go sample without an excerpt line", "# R\n\n```go\nx := 1\n```\n", 3, "must be an excerpt"},
		{"declared names", "# R\n\n`coerce.Budget`, `coerce.NewBudget()`, `coerce.MaxRows`, `coerce.Budget.Observe`, `coerce.Budget.Cap`, `other.Thing`\n", 0, ""},
		{"undeclared name", "# R\n\nCall `coerce.NewDispatcher`.\n", 3, "declares no NewDispatcher"},
		{"undeclared method", "# R\n\nCall `coerce.Budget.Reset()`.\n", 3, "declares no Budget.Reset"},
		{"test names", "# R\n\n`go test ./coerce -run TestCatalogDoc`, `go test ./coerce -run '^$' -bench .`, `go test ./coerce -fuzz FuzzDispatch`\n", 0, ""},
		{"test pattern is a prefix", "# R\n\n```sh\ngo test ./coerce -run TestCatalog -v\n```\n", 0, ""},
		{"no such test", "# R\n\n`go test ./coerce -run TestREADMECatalog`\n", 3, "no test function of coerce/ matches"},
		{"no such fuzz target", "# R\n\n```sh\ngo test -count 1 ./coerce -fuzz FuzzParseTable\n```\n", 4, "no test function of coerce/ matches"},
		{"test functions", "# R\n\n`TestCatalogDoc` and `FuzzDispatch` and `Testing`\n", 0, ""},
		{"no such test function", "# R\n\nSee `ExampleBudget_Observe`.\n", 3, "no package declares this test function"},
		{"README too long", "# R\n" + strings.Repeat("line\n", MaxREADMELines), MaxREADMELines + 1, "over 250"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := Check(repo(map[string]string{"README.md": tc.doc}), []string{"README.md"})
			if tc.want == "" {
				for _, p := range ps {
					t.Errorf("unexpected problem: %s", p)
				}
				return
			}
			if len(ps) != 1 || ps[0].Line != tc.line || !strings.Contains(ps[0].Msg, tc.want) {
				t.Errorf("got %q, want one problem on line %d containing %q", ps, tc.line, tc.want)
			}
		})
	}
}

// TestCheckRelativeToTheDocument resolves a link in docs/ against docs/, not the root.
func TestCheckRelativeToTheDocument(t *testing.T) {
	fsys := repo(map[string]string{
		"README.md":     "# R\n\n## Automation contract\n",
		"docs/other.md": "# O\n\n[g](guide.md), [r](../README.md#automation-contract), ![p](playground.png), [bad](docs/guide.md)\n",
	})
	ps := Check(fsys, []string{"docs/other.md"})
	if len(ps) != 1 || !strings.Contains(ps[0].Msg, "no file docs/docs/guide.md") {
		t.Errorf("got %q, want only docs/guide.md reported, as docs/docs/guide.md", ps)
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"The link format":                             "the-link-format",
		"The static bundle: `make dist`":              "the-static-bundle-make-dist",
		"Who may frame it: `ALLOWED_EMBEDDERS`":       "who-may-frame-it-allowed_embedders",
		"The edge: Cloudflare Workers (`cmd/worker`)": "the-edge-cloudflare-workers-cmdworker",
		"Budgets and measured figures":                "budgets-and-measured-figures",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
