package doccheck

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// The README's layout section says how the packages stand to one another, and [Layout] checks
// it against the imports of the tree (read with go/parser, whatever the build tags, so the
// js-only wasm/app and cmd/worker count):
//
//   - every package has a row in the table of paths, or is named as `dir/` in the row of a
//     folder above it (a package at the root, serve.go, is named by its files), and every row
//     names a path that exists;
//   - the paragraph that starts "Imports go one way, never up:" is chains up to its first
//     full stop, split by ";", of groups
//     split by "←" (a group is one path or several joined by "and"; a "(remark)" is dropped):
//     in "a ← b", each package of b imports one of a, and nothing of a imports, directly or
//     not, anything of b or of a group after it;
//   - the rules in [LayoutRules] hold, each stated word for word in the section.
//
// Only the imports of non-test files count: a test may reach up (coerce's example test runs
// the lesson's tools; web/e2e builds the page with build/webbuild).

// LayoutRule is a rule of the layout beyond the chains, as the README states it.
type LayoutRule struct {
	// Says is the sentence the README's layout section holds.
	Says string
	// Breaks reports whether an import from package from (a directory, "" for the root) of the
	// package named name to the package at directory to breaks the rule.
	Breaks func(from, name, to string) bool
}

func under(dir, top string) bool { return dir == top || strings.HasPrefix(dir, top+"/") }

// LayoutRules are the rules the chains cannot say.
var LayoutRules = []LayoutRule{
	{"internal/ holds leaves: they import nothing of ours.",
		func(from, _, _ string) bool { return under(from, "internal") }},
	{"Only the build tools and the commands import build/.",
		func(from, name, to string) bool { return under(to, "build") && !under(from, "build") && name != "main" }},
	{"Nothing outside wasm/ imports it but the build tools.",
		func(from, _, to string) bool {
			return under(to, "wasm") && !under(from, "wasm") && !under(from, "build")
		}},
}

// goPackage is one directory's Go package: its name and the module directories its non-test
// files import.
type goPackage struct {
	name    string
	imports []string
	files   []string // its non-test files
}

// Layout checks README.md's layout section against the Go packages of fsys, whose module path
// is module.
func Layout(fsys fs.FS, module string) []Problem {
	c := checker{fsys: fsys, ignored: gitignored(fsys)}
	pkgs := c.goPackages(module)
	b, err := fs.ReadFile(fsys, "README.md")
	if err != nil {
		c.report("README.md", 0, "cannot read: %v", err)
		return c.problems
	}
	start, rows, chains := layoutSection(lines(b))
	if start == 0 {
		c.report("README.md", 0, "no ## Layout section")
		return c.problems
	}
	c.layoutMap(pkgs, rows, start)
	if chains.n == 0 {
		c.report("README.md", start, `the layout section has no line starting "Imports go one way, never up:"`)
	} else {
		c.layoutChains(pkgs, chains)
	}
	c.layoutRules(pkgs, b, start)
	return c.problems
}

// goPackages reads every Go package of the tree, skipping testdata, node_modules, hidden
// directories and what the .gitignore lists (build outputs).
func (c *checker) goPackages(module string) map[string]*goPackage {
	pkgs := map[string]*goPackage{}
	fset := token.NewFileSet()
	fs.WalkDir(c.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if n := d.Name(); p != "." && (n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || c.isIgnored(p)) {
				return fs.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || c.isIgnored(p) {
			return nil
		}
		src, err := fs.ReadFile(c.fsys, p)
		if err != nil {
			return nil
		}
		f, err := parser.ParseFile(fset, p, src, parser.ImportsOnly)
		if err != nil {
			c.report(p, 0, "cannot parse: %v", err)
			return nil
		}
		dir := path.Dir(p)
		if dir == "." {
			dir = ""
		}
		g := pkgs[dir]
		if g == nil {
			g = &goPackage{}
			pkgs[dir] = g
		}
		if strings.HasSuffix(p, "_test.go") {
			return nil
		}
		g.name = f.Name.Name
		g.files = append(g.files, p)
		for _, im := range f.Imports {
			ip, _ := strconv.Unquote(im.Path.Value)
			if ip == module || strings.HasPrefix(ip, module+"/") {
				if to := strings.TrimPrefix(strings.TrimPrefix(ip, module), "/"); !slices.Contains(g.imports, to) {
					g.imports = append(g.imports, to)
				}
			}
		}
		return nil
	})
	return pkgs
}

// layoutRow is a path the layout table names, at its line, with the code spans of its line (a
// row may name a package inside its folder, as build/dist's names its command).
type layoutRow struct {
	path  string
	n     int
	spans []string
}

// chainLine is the "Imports go one way" paragraph, at its first line's number (0: none).
type chainLine struct {
	text string
	n    int
}

// layoutSection finds the ## Layout section's first line, its table's paths and its chain line.
func layoutSection(ls []line) (start int, rows []layoutRow, chains chainLine) {
	in, para := false, false
	for _, l := range ls {
		if l.in {
			continue
		}
		if para && strings.TrimSpace(l.text) != "" && !strings.HasPrefix(l.text, "|") {
			chains.text += " " + strings.TrimSpace(l.text) // the paragraph goes on
			continue
		}
		para = false
		if strings.HasPrefix(l.text, "## ") {
			in = strings.TrimSpace(l.text) == "## Layout"
			if in {
				start = l.n
			}
			continue
		}
		if !in {
			continue
		}
		if rest, ok := strings.CutPrefix(l.text, "Imports go one way, never up:"); ok {
			chains, para = chainLine{strings.TrimSpace(rest), l.n}, true
		}
		if cell, ok := strings.CutPrefix(l.text, "| `"); ok {
			p, _, _ := strings.Cut(cell, "`")
			rows = append(rows, layoutRow{p, l.n, codeSpans(l.text)})
		}
	}
	return start, rows, chains
}

// layoutMap checks that every package has a row and every row names a path that exists.
func (c *checker) layoutMap(pkgs map[string]*goPackage, rows []layoutRow, start int) {
	named := map[string]bool{}
	for _, r := range rows {
		p := strings.TrimSuffix(r.path, "/")
		named[p] = true
		for _, s := range r.spans {
			if strings.HasPrefix(s, p+"/") && strings.HasSuffix(s, "/") {
				named[strings.TrimSuffix(s, "/")] = true
			}
		}
		if _, err := fs.Stat(c.fsys, p); err != nil {
			c.report("README.md", r.n, "the layout table names `%s`, which does not exist", r.path)
		}
	}
	for _, dir := range sortedKeys(pkgs) {
		g := pkgs[dir]
		if dir != "" && !named[dir] {
			c.report("README.md", start, "the layout table has no row for the package %s/", dir)
		}
		if dir == "" {
			for _, f := range g.files {
				if !named[f] {
					c.report("README.md", start, "the layout table has no row for %s, of the package at the root", f)
				}
			}
		}
	}
}

// layoutChains checks each chain of the line: every import it states is there, and none of
// its groups imports anything of a later one.
func (c *checker) layoutChains(pkgs map[string]*goPackage, cl chainLine) {
	reach := reachable(pkgs)
	text, _, _ := strings.Cut(cl.text, ". ") // the chains end at the first full stop
	for _, chain := range strings.Split(strings.TrimSuffix(text, "."), ";") {
		var groups [][]string
		for _, g := range strings.Split(chain, "←") {
			var names []string
			for _, name := range strings.Split(dropRemarks(g), " and ") {
				name = strings.Trim(strings.TrimSpace(name), "`.")
				if name == "" {
					continue
				}
				dir := strings.TrimSuffix(strings.TrimSuffix(name, "/"), ".go")
				if name == "serve.go" {
					dir = ""
				}
				if _, ok := pkgs[dir]; !ok {
					c.report("README.md", cl.n, "the layout line names %s, which is no package", name)
					continue
				}
				names = append(names, dir)
			}
			groups = append(groups, names)
		}
		for i := 1; i < len(groups); i++ {
			if len(groups[i-1]) == 0 {
				continue // its names were reported
			}
			for _, upper := range groups[i] {
				if !slices.ContainsFunc(groups[i-1], func(lower string) bool { return slices.Contains(pkgs[upper].imports, lower) }) {
					c.report("README.md", cl.n, "the layout line says %s imports %s, but it does not", show(upper), strings.Join(showAll(groups[i-1]), " or "))
				}
			}
		}
		for i := range groups {
			for j := i + 1; j < len(groups); j++ {
				for _, low := range groups[i] {
					for _, high := range groups[j] {
						if reach[low][high] {
							c.report("README.md", cl.n, "%s imports %s, which the layout line puts above it", show(low), show(high))
						}
					}
				}
			}
		}
	}
}

// layoutRules checks LayoutRules against every import, and that the README states each.
func (c *checker) layoutRules(pkgs map[string]*goPackage, readme []byte, start int) {
	for _, r := range LayoutRules {
		if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), r.Says) {
			c.report("README.md", start, "the layout section does not say %q", r.Says)
		}
		for _, from := range sortedKeys(pkgs) {
			for _, to := range pkgs[from].imports {
				if r.Breaks(from, pkgs[from].name, to) {
					c.report(firstFile(pkgs[from], from), 0, "%s imports %s, against the layout's rule %q", show(from), show(to), r.Says)
				}
			}
		}
	}
}

// reachable maps each package to every package it imports, directly or not.
func reachable(pkgs map[string]*goPackage) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	var visit func(from, at string)
	visit = func(from, at string) {
		g, ok := pkgs[at]
		if !ok {
			return
		}
		for _, to := range g.imports {
			if !out[from][to] {
				out[from][to] = true
				visit(from, to)
			}
		}
	}
	for dir := range pkgs {
		out[dir] = map[string]bool{}
		visit(dir, dir)
	}
	return out
}

func dropRemarks(s string) string {
	for {
		i := strings.IndexByte(s, '(')
		j := strings.IndexByte(s, ')')
		if i < 0 || j < i {
			return s
		}
		s = s[:i] + s[j+1:]
	}
}

func show(dir string) string {
	if dir == "" {
		return "serve.go"
	}
	return dir
}

func showAll(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		out = append(out, show(d))
	}
	return out
}

func firstFile(g *goPackage, dir string) string {
	if len(g.files) > 0 {
		return g.files[0]
	}
	return show(dir)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
