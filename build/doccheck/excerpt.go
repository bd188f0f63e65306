package doccheck

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"strings"
)

// excerptRE is the line that ties the next ```go block to an Example function.
var excerptRE = regexp.MustCompile(`^<!-- excerpt: (\S+\.go) (\w+) -->$`)

// Elision is the line that stands for lines of the function left out of an excerpt.
const Elision = "// …"

// excerpts checks that every ```go block follows an excerpt line and matches its function.
func (c *checker) excerpts(name string, ls []line) {
	for i, l := range ls {
		m := excerptRE.FindStringSubmatch(strings.TrimSpace(l.text))
		if m != nil {
			if i+1 >= len(ls) || strings.TrimSpace(ls[i+1].text) != "```go" {
				c.report(name, l.n, "an excerpt line must be followed by a ```go block")
				continue
			}
			if err := c.excerpt(m[1], m[2], block(ls[i+2:])); err != nil {
				c.report(name, l.n, "%s %s: %v", m[1], m[2], err)
			}
			continue
		}
		if strings.TrimSpace(l.text) == "```go" && !l.in && (i == 0 || !excerptRE.MatchString(strings.TrimSpace(ls[i-1].text))) {
			c.report(name, l.n, "a Go sample must be an excerpt of an Example function: put <!-- excerpt: <file> <Func> --> before it")
		}
	}
}

// block returns the lines of the code block whose first line is ls[0].
func block(ls []line) []string {
	var out []string
	for _, l := range ls {
		if !l.in {
			break
		}
		out = append(out, l.text)
	}
	return out
}

func (c *checker) excerpt(file, fn string, excerpt []string) error {
	src, err := fs.ReadFile(c.fsys, file)
	if err != nil {
		return err
	}
	body, err := FuncBody(src, fn)
	if err != nil {
		return err
	}
	return Matches(body, excerpt)
}

// FuncBody returns the lines of the body of the top-level function fn in the Go source src,
// comments included and one level of indentation removed, as gofmt wrote them.
func FuncBody(src []byte, fn string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Name.Name != fn || fd.Body == nil {
			continue
		}
		start := fset.Position(fd.Body.Lbrace).Offset + 1
		end := fset.Position(fd.Body.Rbrace).Offset
		text := strings.Trim(string(src[start:end]), "\n")
		ls := strings.Split(text, "\n")
		for i, l := range ls {
			ls[i] = strings.TrimPrefix(l, "\t")
		}
		return ls, nil
	}
	return nil, errors.New("no such function")
}

// Matches reports whether excerpt is body with runs of lines left out: the lines between
// Elision lines must appear in body as consecutive lines, in order. Trailing spaces are
// ignored; indentation is not.
func Matches(body, excerpt []string) error {
	if len(excerpt) == 0 {
		return errors.New("the excerpt is empty")
	}
	from := 0
	var chunk []string
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		i := find(body, chunk, from)
		if i < 0 {
			return fmt.Errorf("the excerpt's lines starting %q are not, in this order, lines of the function after line %d of its body", chunk[0], from)
		}
		from = i + len(chunk)
		chunk = nil
		return nil
	}
	for _, l := range excerpt {
		if strings.TrimSpace(l) == Elision {
			if err := flush(); err != nil {
				return err
			}
			continue
		}
		chunk = append(chunk, strings.TrimRight(l, " \t"))
	}
	return flush()
}

// find returns the first index at or after from where chunk occurs in body, or -1.
func find(body, chunk []string, from int) int {
	for i := from; i+len(chunk) <= len(body); i++ {
		ok := true
		for j, l := range chunk {
			if strings.TrimRight(body[i+j], " \t") != l {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}
