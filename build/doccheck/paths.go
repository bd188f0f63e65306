package doccheck

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"unicode"
)

func isLetter(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// repoPathRE is a code span that looks like a path in the repository: slash-separated names,
// optionally with * or a <placeholder> for a part, optionally ending in a slash.
var repoPathRE = regexp.MustCompile(`^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.*<>-]+)*/?$`)

// repoPath checks a code span that names a path under a top-level directory of the repository
// (`wasm/app/main.go`, `lesson/notes/*.html`, `lesson/<tool>.schema.json`). Spans whose first
// part is not such a directory (`make test`, `application/wasm`) are not paths and are skipped,
// and so are generated files the .gitignore lists.
func (c *checker) repoPath(name string, n int, span string) {
	if !strings.Contains(span, "/") || !repoPathRE.MatchString(span) || strings.HasPrefix(span, "/") {
		return
	}
	first, _, _ := strings.Cut(span, "/")
	if info, err := fs.Stat(c.fsys, first); err != nil || !info.IsDir() {
		return
	}
	p := strings.TrimSuffix(span, "/")
	if c.isIgnored(p) {
		return
	}
	pattern := placeholder.ReplaceAllString(p, "*")
	matches, err := fs.Glob(c.fsys, pattern)
	if err != nil || len(matches) == 0 {
		c.report(name, n, "`%s` names no file or directory of the repository", span)
	}
}

var placeholder = regexp.MustCompile(`<[^>]*>`)

// gitignored reads the .gitignore's patterns (comments and negations dropped).
func gitignored(fsys fs.FS) []string {
	b, err := fs.ReadFile(fsys, ".gitignore")
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "!") {
			continue
		}
		out = append(out, strings.TrimSuffix(l, "/"))
	}
	return out
}

// isIgnored reports whether p, or a directory above it, matches a .gitignore pattern: an
// anchored pattern (/web/*.wasm) against the path from the root, another against each name.
func (c *checker) isIgnored(p string) bool {
	for _, pat := range c.ignored {
		for q := p; q != "." && q != ""; q = path.Dir(q) {
			if anchored, ok := strings.CutPrefix(pat, "/"); ok {
				if m, _ := path.Match(anchored, q); m {
					return true
				}
			} else if m, _ := path.Match(pat, path.Base(q)); m {
				return true
			}
		}
	}
	return false
}

var (
	targetRE  = regexp.MustCompile(`(?m)^([A-Za-z][A-Za-z0-9_-]*)\s*:`)
	makeCmdRE = regexp.MustCompile(`(?:^|[\s;&|(])make((?: [a-z][a-z0-9_-]*)+)`)
)

// makeTargets lists the Makefile's targets.
func makeTargets(fsys fs.FS) map[string]bool {
	t := map[string]bool{}
	b, err := fs.ReadFile(fsys, "Makefile")
	if err != nil {
		return t
	}
	for _, m := range targetRE.FindAllStringSubmatch(string(b), -1) {
		t[m[1]] = true
	}
	return t
}

// makeCommands checks every target of a `make a b` in a code span or a code block line.
func (c *checker) makeCommands(name string, n int, s string) {
	for _, m := range makeCmdRE.FindAllStringSubmatch(s, -1) {
		for _, target := range strings.Fields(m[1]) {
			if !c.targets[target] {
				c.report(name, n, "`make %s`: the Makefile has no target %s", target, target)
			}
		}
	}
}
