package coerce_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"coerceplayground/coerce"
)

// TestPatterns reads testdata/coerce/patterns.tsv: each supported pattern matches and refuses
// what it should, each refused one says why, and every match agrees with Go's regexp.
func TestPatterns(t *testing.T) {
	for _, c := range readFixtures(t, "../testdata/coerce/patterns.tsv", 4) {
		r := struct{ Line string }{c[0]}
		src, want := c[1], c[3]
		in, err := decodeArgs(c[2])
		if err != nil {
			t.Fatalf("patterns.tsv:%s: %v", r.Line, err)
		}
		p, err := coerce.CompilePattern(src)
		if phrase, refused := strings.CutPrefix(want, "refused: "); refused {
			if err == nil || !strings.Contains(err.Error(), phrase) {
				t.Errorf("patterns.tsv:%s: %s compiled with error %v; want one containing %q", r.Line, src, err, phrase)
			}
			continue
		}
		if err != nil {
			t.Errorf("patterns.tsv:%s: %s: %v", r.Line, src, err)
			continue
		}
		if got := p.Match(in); got != (want == "match") {
			t.Errorf("patterns.tsv:%s: %s on %q: match %v, want %s", r.Line, src, in, got, want)
		}
		if re := regexp.MustCompile(src); re.MatchString(in) != p.Match(in) {
			t.Errorf("patterns.tsv:%s: %s on %q disagrees with regexp", r.Line, src, in)
		}
		if s := p.Sample(); !p.Match(s) {
			t.Errorf("patterns.tsv:%s: %s: its sample %q does not match it", r.Line, src, s)
		}
		if p.String() != src {
			t.Errorf("patterns.tsv:%s: String() = %q", r.Line, p.String())
		}
	}
}

// FuzzPattern: compiling never panics; a compiled pattern agrees with Go's regexp on every
// input without the line breaks whose meaning for . differs (Go's . takes \r, \u2028 and
// \u2029; JSON Schema's does not), and matches its own sample.
func FuzzPattern(f *testing.F) {
	for _, s := range [][2]string{{`^ord_[0-9a-f]{8}$`, "ord_3f9a2b1c"}, {`^[^/]+$`, "a/b"}, {`^a.c$`, "abc"}, {`^\w{2,}-\d*$`, "ab-"}, {`^[a-z-]+$`, "-"}, {`^(a)$`, "a"}, {`^é{2}$`, "éé"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, src, in string) {
		p, err := coerce.CompilePattern(src)
		if err != nil {
			return
		}
		if s := p.Sample(); !p.Match(s) {
			t.Fatalf("%s: sample %q does not match", src, s)
		}
		if !utf8.ValidString(src) || !utf8.ValidString(in) || strings.ContainsAny(in, "\r\u2028\u2029") {
			return
		}
		re, err := regexp.Compile(src)
		if err != nil {
			return // beyond regexp's own repeat bound of 1000
		}
		if re.MatchString(in) != p.Match(in) {
			t.Fatalf("%s on %q: coerce %v, regexp %v", src, in, p.Match(in), re.MatchString(in))
		}
	})
}
