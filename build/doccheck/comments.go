package doccheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Comments reports every comment in the Go files of fsys (a module named module, tests included,
// testdata skipped) that names something that is not there: a path under a top-level directory of
// the repository (`wasm/app/main.go`), or a Go file by its name alone (`doccheck.go`), that is neither a file of fsys, a path relative to the
// comment's package (the only place a bare name is looked for besides the root), nor (for `internal/godebug` or `cmd/go`) a directory of std, the standard
// library's source (GOROOT/src); or a qualified identifier (`lesson.Call`, `page.State.Run`,
// `strings.Cut`) whose package is ours or the standard library's and does not declare it. A
// qualifier is the file's import of that name, else the one package of the repository or of the
// standard library with that name; other names (`dom.Node`, a variable) are not checked.
func Comments(fsys, std fs.FS, module string) []Problem {
	c := &commentChecker{
		repo:  &checker{fsys: fsys, ignored: gitignored(fsys), packages: map[string]*symbols{}},
		std:   &checker{fsys: std, packages: map[string]*symbols{}},
		stdFS: std, module: module,
	}
	files := goFiles(fsys, c.repo.ignored)
	c.repoNames = packageNames(fsys, files)
	c.stdNames = stdPackageNames(std)
	fset := token.NewFileSet()
	for _, p := range files {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, p, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			c.repo.report(p, 0, "cannot parse: %v", err)
			continue
		}
		c.file(fset, p, f)
	}
	return c.repo.problems
}

type commentChecker struct {
	repo, std           *checker
	stdFS               fs.FS
	module              string
	repoNames, stdNames map[string]string // package name → directory, "" when two share it
}

var (
	// commentPathRE is a slash path in running text, after a space, a bracket or a backtick; in
	// double quotes it is a string ("coerce/code" is a JSON key), not a path.
	commentPathRE = regexp.MustCompile("(?:^|[\\s(\\[`'])([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.*<>-]+)+/?)")
	// bareGoRE is a Go file named without its directory (doccheck.go), which is the comment's own
	// package's or the repository root's.
	bareGoRE = regexp.MustCompile("(?:^|[\\s(`])([a-z0-9][a-z0-9_]*\\.go)(?:$|[^\\w/.]|\\.(?:$|\\s))")
	// qualifiedRE is pkg.Name or pkg.Type.Member, not part of a longer dotted or slashed name.
	qualifiedRE = regexp.MustCompile(`(?:^|[^\w./])([a-z][a-z0-9]*)\.([A-Z]\w*)(?:\.([A-Za-z_]\w*))?`)
)

func (c *commentChecker) file(fset *token.FileSet, name string, f *ast.File) {
	imports := map[string]string{} // local name → directory in repo or std, "" for others
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		local := importName(p)
		if im.Name != nil && im.Name.Name != "_" && im.Name.Name != "." {
			local = im.Name.Name
		}
		imports[local] = c.importDir(p)
	}
	for _, g := range f.Comments {
		for _, cm := range g.List {
			line := fset.Position(cm.Pos()).Line
			for i, text := range strings.Split(cm.Text, "\n") {
				c.paths(name, line+i, text)
				c.qualified(name, line+i, text, imports)
			}
		}
	}
}

// importDir is where an import's source is: "repo:dir" for the module's packages, "std:dir" for
// the standard library's, "" for any other.
func (c *commentChecker) importDir(p string) string {
	if dir, ok := strings.CutPrefix(p, c.module+"/"); ok {
		return "repo:" + dir
	}
	if first, _, _ := strings.Cut(p, "/"); !strings.Contains(first, ".") && p != c.module {
		return "std:" + p
	}
	return ""
}

// importName is the name a package is imported as by default: its path's last element, or the
// one before a major version (math/rand/v2 is rand).
func importName(p string) string {
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(p))
	}
	return base
}

func (c *commentChecker) paths(name string, n int, text string) {
	for _, m := range commentPathRE.FindAllStringSubmatch(text, -1) {
		p := strings.TrimRight(m[1], ".,;:)'\"`")
		p, _, _ = strings.Cut(p, "#")
		p = strings.TrimSuffix(strings.TrimSuffix(p, "/..."), "/")
		first, _, _ := strings.Cut(p, "/")
		if first == "." || first == ".." || first == "" {
			continue
		}
		if info, err := fs.Stat(c.repo.fsys, first); err != nil || !info.IsDir() {
			continue
		}
		if c.repo.isIgnored(p) || exists(c.repo.fsys, p) || exists(c.repo.fsys, path.Join(path.Dir(name), p)) || exists(c.stdFS, p) {
			continue
		}
		c.repo.report(name, n, "the comment names %s, which is not a file or directory of the repository", p)
	}
	for _, m := range bareGoRE.FindAllStringSubmatch(text, -1) {
		if !exists(c.repo.fsys, path.Join(path.Dir(name), m[1])) && !exists(c.repo.fsys, m[1]) {
			c.repo.report(name, n, "the comment names %s, which is not a file of %s/ or of the repository's root", m[1], path.Dir(name))
		}
	}
}

func exists(fsys fs.FS, p string) bool {
	matches, err := fs.Glob(fsys, placeholder.ReplaceAllString(p, "*"))
	return err == nil && len(matches) > 0
}

func (c *commentChecker) qualified(name string, n int, text string, imports map[string]string) {
	for _, m := range qualifiedRE.FindAllStringSubmatch(text, -1) {
		pkg, decl, member := m[1], m[2], m[3]
		dirs := c.byName(pkg)
		if dir, ok := imports[pkg]; ok {
			dirs = []string{dir}
		}
		problem := ""
		for _, dir := range dirs {
			problem = c.declares(dir, pkg, decl, member)
			if problem == "" {
				break
			}
		}
		if problem != "" {
			c.repo.report(name, n, "%s", problem)
		}
	}
}

// declares says what is missing when the package in dir ("repo:…" or "std:…", "" for one not
// checked) does not declare decl (and member, when decl is a type); "" when it does.
func (c *commentChecker) declares(dir, pkg, decl, member string) string {
	var s *symbols
	if d, ok := strings.CutPrefix(dir, "repo:"); ok {
		s = c.repo.symbolsOf(d)
	} else if d, ok := strings.CutPrefix(dir, "std:"); ok {
		s = c.std.symbolsOf(d)
	} else {
		return ""
	}
	switch {
	case !s.names[decl]:
		return fmt.Sprintf("the comment names %s.%s, which package %s (%s) does not declare", pkg, decl, pkg, dir[strings.Index(dir, ":")+1:])
	case member != "" && s.types[decl] && !s.names[decl+"."+member]:
		return fmt.Sprintf("the comment names %s.%s.%s: type %s has no field or method %s", pkg, decl, member, decl, member)
	}
	return ""
}

// byName is where a qualifier the file does not import may point: the one package of the
// repository with that name, and the one of the standard library (`embed.FS` in a file that
// embeds with a blank import); the name is declared if either declares it.
func (c *commentChecker) byName(pkg string) []string {
	var dirs []string
	if d := c.repoNames[pkg]; d != "" {
		dirs = append(dirs, "repo:"+d)
	}
	if d := c.stdNames[pkg]; d != "" {
		dirs = append(dirs, "std:"+d)
	}
	return dirs
}

// packageNames maps each package name declared in files (test packages' _test suffix dropped) to
// its directory, or to "" when two directories declare it.
func packageNames(fsys fs.FS, files []string) map[string]string {
	out := map[string]string{}
	fset := token.NewFileSet()
	for _, p := range files {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			continue
		}
		f, err := parser.ParseFile(fset, p, src, parser.PackageClauseOnly)
		if err != nil {
			continue
		}
		addName(out, strings.TrimSuffix(f.Name.Name, "_test"), path.Dir(p))
	}
	return out
}

func addName(names map[string]string, name, dir string) {
	if d, ok := names[name]; ok && d != dir {
		names[name] = ""
	} else if !ok {
		names[name] = dir
	}
}

// stdPackageNames maps each standard library package's default name to its directory, leaving
// out internal, vendor, cmd and testdata, and "" for a name two share (rand, template).
func stdPackageNames(std fs.FS) map[string]string {
	out := map[string]string{}
	fs.WalkDir(std, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == "." {
			return nil
		}
		switch d.Name() {
		case "internal", "vendor", "testdata", "cmd":
			return fs.SkipDir
		}
		if ok, _ := fs.Glob(std, path.Join(p, "*.go")); len(ok) > 0 {
			addName(out, importName(p), p)
		}
		return nil
	})
	return out
}
