package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// packageDirs maps the package names the documents use in `pkg.Name` spans to their directories.
var packageDirs = map[string]string{
	"coerce":   "coerce",
	"lesson":   "lesson",
	"web":      "web",
	"page":     "wasm/page",
	"webbuild": "build/webbuild",
	"mcpwire":  "coerce/mcpwire",
	"mcpserve": "mcpserve",
}

// symbols is what a package declares at top level: names (functions, types, variables,
// constants), Type.Method, Type.Field and Interface.Method; types holds the types' names; tests
// holds its Test, Benchmark, Fuzz and Example functions, from the _test.go files.
type symbols struct {
	names map[string]bool
	types map[string]bool
	tests []string
}

func (c *checker) symbolsOf(dir string) *symbols {
	if s, ok := c.packages[dir]; ok {
		return s
	}
	s := &symbols{names: map[string]bool{}, types: map[string]bool{}}
	c.packages[dir] = s
	entries, err := fs.ReadDir(c.fsys, dir)
	if err != nil {
		return s
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := fs.ReadFile(c.fsys, path.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		s.add(f, strings.HasSuffix(e.Name(), "_test.go"))
	}
	return s
}

func (s *symbols) add(f *ast.File, test bool) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) == 1 {
				s.names[recvType(d.Recv.List[0].Type)+"."+d.Name.Name] = true
			} else if test {
				s.tests = append(s.tests, d.Name.Name)
			} else {
				s.names[d.Name.Name] = true
			}
		case *ast.GenDecl:
			if test {
				continue
			}
			for _, spec := range d.Specs {
				switch sp := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						s.names[n.Name] = true
					}
				case *ast.TypeSpec:
					s.names[sp.Name.Name] = true
					s.types[sp.Name.Name] = true
					s.members(sp)
				}
			}
		}
	}
}

// members adds a struct type's fields (an embedded one by its type's name) and an interface's
// methods as Type.Member.
func (s *symbols) members(sp *ast.TypeSpec) {
	var fields *ast.FieldList
	switch t := sp.Type.(type) {
	case *ast.StructType:
		fields = t.Fields
	case *ast.InterfaceType:
		fields = t.Methods
	default:
		return
	}
	for _, fld := range fields.List {
		for _, n := range fld.Names {
			s.names[sp.Name.Name+"."+n.Name] = true
		}
		if len(fld.Names) == 0 {
			s.names[sp.Name.Name+"."+recvType(fld.Type)] = true
		}
	}
}

func recvType(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvType(t.X)
	case *ast.IndexExpr:
		return recvType(t.X)
	case *ast.IndexListExpr:
		return recvType(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	}
	return ""
}

// symbolRE is a code span naming a declaration: pkg.Name, pkg.Type.Member, optionally called.
var symbolRE = regexp.MustCompile(`^([a-z]+)\.([A-Z]\w*(?:\.\w+)?)(?:\(\))?$`)

// symbol checks a `coerce.Budget` or `lesson.ToolNames()` span against the package's source.
func (c *checker) symbol(name string, n int, span string) {
	m := symbolRE.FindStringSubmatch(span)
	if m == nil {
		return
	}
	dir, ok := packageDirs[m[1]]
	if !ok {
		return
	}
	if !c.symbolsOf(dir).names[m[2]] {
		c.report(name, n, "`%s`: package %s (%s/) declares no %s", span, m[1], dir, m[2])
	}
}

// goTests checks that the -run, -bench or -fuzz pattern of a `go test ./pkg -run TestX` names a
// test function of that package. Patterns that are not a plain name ('^$', '.') are skipped.
func (c *checker) goTests(name string, n int, s string) {
	for _, cmd := range strings.Split(s, "go test ")[1:] {
		dir, flags := "", map[string]string{}
		f := strings.Fields(cmd)
		for i := 0; i < len(f); i++ {
			a := strings.Trim(f[i], "'\"")
			switch {
			case strings.HasPrefix(a, "./") && dir == "":
				dir = strings.TrimPrefix(a, "./")
			case (a == "-run" || a == "-bench" || a == "-fuzz") && i+1 < len(f):
				flags[a] = strings.Trim(f[i+1], "'\"")
				i++
			}
		}
		if dir == "" || strings.Contains(dir, "...") {
			continue
		}
		for flag, pattern := range flags {
			plain := strings.TrimSuffix(strings.TrimPrefix(pattern, "^"), "$")
			if !testName.MatchString(plain) {
				continue
			}
			if !c.hasTest(dir, pattern) {
				c.report(name, n, "`go test ./%s %s %s`: no test function of %s/ matches", dir, flag, pattern, dir)
			}
		}
	}
}

var testName = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)\w*$`)

func (c *checker) hasTest(dir, pattern string) bool {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return false
	}
	for _, t := range c.symbolsOf(dir).tests {
		if re.MatchString(t) {
			return true
		}
	}
	return false
}

// testFuncRE is a code span naming a test function: `ExampleBudget_Observe`, `FuzzDecodeShare`.
var testFuncRE = regexp.MustCompile(`^(Test|Benchmark|Fuzz|Example)[A-Z_]\w*$`)

// testFunc checks that a test function named in a code span exists in some package.
func (c *checker) testFunc(name string, n int, span string) {
	if !testFuncRE.MatchString(span) {
		return
	}
	if c.allTests == nil {
		c.allTests = map[string]bool{}
		fs.WalkDir(c.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			if p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
				return fs.SkipDir
			}
			for _, t := range c.symbolsOf(p).tests {
				c.allTests[t] = true
			}
			return nil
		})
	}
	if !c.allTests[span] {
		c.report(name, n, "`%s`: no package declares this test function", span)
	}
}
