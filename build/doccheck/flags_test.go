package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestServeFlagsDoc: the flag table in docs/deployment.md lists exactly the flags serve.go
// defines, so a new flag is documented and a removed one is not.
func TestServeFlagsDoc(t *testing.T) {
	root := moduleRoot(t)
	want := flagsOf(t, filepath.Join(root, "serve.go"))
	if len(want) == 0 {
		t.Fatal("serve.go defines no flags: the check would compare nothing")
	}
	b, err := os.ReadFile(filepath.Join(root, "docs", "deployment.md"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "| flag |"):
			in = true
		case in && strings.HasPrefix(l, "| `-"):
			f, _, _ := strings.Cut(strings.TrimPrefix(l, "| `-"), "`")
			name, _, _ := strings.Cut(f, " ")
			got = append(got, name)
		case in && !strings.HasPrefix(l, "|"):
			in = false
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("docs/deployment.md's flag table lists %v; serve.go defines %v", got, want)
	}
}

// flagsOf returns the names of the flags a Go file defines with flag.String, flag.Bool, ….
func flagsOf(t *testing.T, file string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "flag" {
			return true
		}
		arg := 0
		if strings.HasSuffix(sel.Sel.Name, "Var") {
			arg = 1
		}
		if arg >= len(call.Args) {
			return true
		}
		if lit, ok := call.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				names = append(names, s)
			}
		}
		return true
	})
	return names
}
