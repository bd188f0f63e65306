// Package doccheck keeps README.md and docs/*.md true to the tree they describe. [Check] reads
// Markdown files and reports every problem a reader would otherwise find the hard way:
//
//   - a relative link or image whose file, or whose #anchor, does not exist;
//   - a path in a code span (`wasm/app/main.go`) that names no file of the repository;
//   - a `make <target>` that the Makefile does not define, a `go test ./pkg -run TestX` whose
//     pattern matches no test of pkg, a `coerce.Budget` or `lesson.Lab.Run` that the package
//     does not declare, a `TestX`, `FuzzX` or `ExampleX` that no package declares;
//   - an absolute path of somebody's machine (/home/…, /root/…) or a reference to an issue tracker;
//   - a Go sample that is not an excerpt of a compiled Example function: every ```go block must
//     follow a <!-- excerpt: <file> <Func> --> line and match that function's body;
//   - a README longer than [MaxREADMELines].
//
// It is a library so that its own tests can feed it broken Markdown and see each check fire; the
// repository's documents are checked by TestRepositoryDocs.
package doccheck

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// MaxREADMELines bounds README.md: it is for a newcomer; reference material goes in docs/.
const MaxREADMELines = 250

// Problem is one thing wrong in a document, at a 1-based line.
type Problem struct {
	File string
	Line int
	Msg  string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg) }

// Check checks the Markdown files names (slash paths relative to the root of fsys, the
// repository). Links, code-span paths and excerpts are resolved against fsys.
func Check(fsys fs.FS, names []string) []Problem {
	c := checker{fsys: fsys, ignored: gitignored(fsys), targets: makeTargets(fsys),
		anchors: map[string]map[string]bool{}, packages: map[string]*symbols{}}
	for _, name := range names {
		c.file(name)
	}
	return c.problems
}

type checker struct {
	fsys     fs.FS
	ignored  []string        // .gitignore patterns: generated files a fresh checkout lacks
	targets  map[string]bool // the Makefile's targets
	anchors  map[string]map[string]bool
	packages map[string]*symbols // by directory
	allTests map[string]bool     // every test function of the repository, read when first needed
	problems []Problem
}

func (c *checker) report(file string, line int, format string, args ...any) {
	c.problems = append(c.problems, Problem{file, line, fmt.Sprintf(format, args...)})
}

// line is one line of a document, outside or inside a fenced code block.
type line struct {
	n     int
	text  string
	fence string // the fence's info string ("go", "sh", …) inside a block, "" outside
	in    bool
}

func lines(b []byte) []line {
	var out []line
	s := bufio.NewScanner(bytes.NewReader(b))
	s.Buffer(make([]byte, 0, 64*1024), 1<<20)
	in, info := false, ""
	for n := 1; s.Scan(); n++ {
		t := s.Text()
		if f, ok := strings.CutPrefix(strings.TrimSpace(t), "```"); ok {
			if in {
				in, info = false, ""
			} else {
				in, info = true, strings.TrimSpace(f)
			}
			out = append(out, line{n: n, text: t})
			continue
		}
		out = append(out, line{n: n, text: t, fence: info, in: in})
	}
	return out
}

func (c *checker) file(name string) {
	b, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		c.report(name, 0, "cannot read: %v", err)
		return
	}
	ls := lines(b)
	if name == "README.md" && len(ls) > MaxREADMELines {
		c.report(name, len(ls), "README.md has %d lines, over %d: move reference material to docs/", len(ls), MaxREADMELines)
	}
	for _, l := range ls {
		c.machinePaths(name, l)
		if l.in {
			c.makeCommands(name, l.n, l.text)
			c.goTests(name, l.n, l.text)
			continue
		}
		for _, span := range codeSpans(l.text) {
			c.repoPath(name, l.n, span)
			c.makeCommands(name, l.n, span)
			c.goTests(name, l.n, span)
			c.symbol(name, l.n, span)
			c.testFunc(name, l.n, span)
		}
		for _, target := range links(l.text) {
			c.link(name, l.n, target)
		}
	}
	c.excerpts(name, ls)
}

var (
	machinePath = regexp.MustCompile(`(^|[^\w.~-])(/(work|root|home|Users|tmp)/|[A-Za-z]:\\)`)
	issueRef    = regexp.MustCompile(`(?i)\bissues?\b|(^|\s)#[0-9]+\b`)
)

func (c *checker) machinePaths(name string, l line) {
	if m := machinePath.FindString(l.text); m != "" {
		c.report(name, l.n, "absolute path of a machine (%q): name files relative to the repository", strings.TrimSpace(m))
	}
	if m := issueRef.FindString(l.text); m != "" {
		c.report(name, l.n, "refers to an issue (%q): say what it is instead", strings.TrimSpace(m))
	}
}

// codeSpans returns the contents of the `code spans` of a line outside code blocks.
func codeSpans(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			return out
		}
		ticks := len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
		rest := s[i+ticks:]
		j := strings.Index(rest, strings.Repeat("`", ticks))
		if j < 0 {
			return out
		}
		out = append(out, strings.TrimSpace(rest[:j]))
		s = rest[j+ticks:]
	}
}

var linkRE = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// links returns the targets of the inline links and images of a line, code spans removed.
func links(s string) []string {
	for _, span := range codeSpans(s) {
		s = strings.Replace(s, span, "", 1)
	}
	var out []string
	for _, m := range linkRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

func (c *checker) link(name string, n int, target string) {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return
	}
	file, anchor, _ := strings.Cut(target, "#")
	resolved := name
	if file != "" {
		resolved = path.Clean(path.Join(path.Dir(name), file))
		if strings.HasPrefix(resolved, "../") {
			c.report(name, n, "link %q leaves the repository", target)
			return
		}
		if _, err := fs.Stat(c.fsys, resolved); err != nil {
			c.report(name, n, "link %q: no file %s", target, resolved)
			return
		}
	}
	if anchor == "" {
		return
	}
	if !strings.HasSuffix(resolved, ".md") {
		c.report(name, n, "link %q: an anchor into a file that is not Markdown", target)
		return
	}
	if !c.anchorsOf(resolved)[anchor] {
		c.report(name, n, "link %q: %s has no heading with the anchor #%s", target, resolved, anchor)
	}
}

func (c *checker) anchorsOf(name string) map[string]bool {
	if a, ok := c.anchors[name]; ok {
		return a
	}
	a := map[string]bool{}
	c.anchors[name] = a
	b, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		return a
	}
	seen := map[string]int{}
	for _, l := range lines(b) {
		if l.in || !strings.HasPrefix(l.text, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(l.text, "#"))
		s := Slug(title)
		if k := seen[s]; k > 0 {
			a[fmt.Sprintf("%s-%d", s, k)] = true
		} else {
			a[s] = true
		}
		seen[s]++
	}
	return a
}

// Slug is the anchor GitHub gives a heading: lower case, punctuation dropped (hyphens and
// underscores kept), spaces as hyphens.
func Slug(title string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && isLetter(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
