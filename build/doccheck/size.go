package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
)

// The house's screen rule for Go code: a function fits on a screen and a file stays short.
const (
	// MaxFuncLines bounds a function (or a function literal), from its func line to its closing
	// brace, its doc comment not counted.
	MaxFuncLines = 80
	// MaxFileLines bounds a Go file: a file over it holds more than one thing.
	MaxFileLines = 400
)

// Sizes reports every function over MaxFuncLines and every file over MaxFileLines among the Go
// files of fsys, tests included, skipping what goPackages skips (testdata, node_modules, hidden
// directories and what the .gitignore lists). Each problem names the file, the line and the
// function, so the test says what to split.
func Sizes(fsys fs.FS) []Problem {
	c := checker{fsys: fsys, ignored: gitignored(fsys)}
	fset := token.NewFileSet()
	for _, p := range goFiles(fsys, c.ignored) {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			c.report(p, 0, "cannot parse: %v", err)
			continue
		}
		c.sizes(fset, p, f)
	}
	return c.problems
}

// goFiles lists the Go files of fsys, tests included, skipping testdata, node_modules, hidden
// and underscored directories and what the .gitignore patterns ignored list.
func goFiles(fsys fs.FS, ignored []string) []string {
	c := checker{fsys: fsys, ignored: ignored}
	var out []string
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); p != "." && (n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || c.isIgnored(p)) {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") && !c.isIgnored(p) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func (c *checker) sizes(fset *token.FileSet, name string, f *ast.File) {
	if n := fset.File(f.Pos()).LineCount(); n > MaxFileLines {
		c.report(name, n, "the file has %d lines, over %d: split it by what its parts do", n, MaxFileLines)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		var what string
		var body *ast.BlockStmt
		switch fn := n.(type) {
		case *ast.FuncDecl:
			what, body = fn.Name.Name, fn.Body
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				what = recvType(fn.Recv.List[0].Type) + "." + what
			}
		case *ast.FuncLit:
			what, body = "a function literal", fn.Body
		default:
			return true
		}
		if body == nil {
			return true
		}
		start, end := fset.Position(n.Pos()).Line, fset.Position(body.End()).Line
		if lines := end - start + 1; lines > MaxFuncLines {
			c.report(name, start, "%s has %d lines, over %d: split it by what it does", what, lines, MaxFuncLines)
		}
		return true
	})
}
