package coerce_test

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"coerceplayground/coerce"
)

// TestPatterns reads testdata/patterns.tsv: each supported pattern matches and refuses
// what it should, each refused one says why, and every match agrees with Go's regexp.
func TestPatterns(t *testing.T) {
	for _, c := range readFixtures(t, "testdata/patterns.tsv", 4) {
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
	// Inputs of 1 MB: a pattern past every bound, and a long input against a long pattern.
	mb := strings.Repeat("a{10000}", 1<<17)
	f.Add("^"+mb+"$", "a")
	f.Add("^"+strings.Repeat("[a-zé]?", 20)+"[^/]*$", strings.Repeat("aé", 1<<20/3))
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

// TestPatternBounds: a pattern past the bounds is refused while it is read, before the work
// that grows with it, and the refusal is a sentence of bounded size that does not quote it.
func TestPatternBounds(t *testing.T) {
	for _, c := range []struct{ name, src, phrase string }{
		{"a{10000} 1,000 times (8 KB)", "^" + strings.Repeat("a{10000}", 1000) + "$", "over the limit of 4096"},
		{"a{10000} 50,000 times (400 KB)", "^" + strings.Repeat("a{10000}", 50000) + "$", "over the limit of 4096"},
		{"a{1000} 3 times", "^a{1000}b{1000}c{1000}$", "more than 2048 characters"},
		{"a{1001}", "^a{1001}$", "repeat count"},
		{"[ab]{1,1000} 3 times", "^[ab]{1,1000}[ab]{1,1000}[ab]{1,1000}$", "more than 2048 characters"},
	} {
		_, err := coerce.CompilePattern(c.src)
		if err == nil || !strings.Contains(err.Error(), c.phrase) || len(err.Error()) > 300 {
			t.Errorf("%s: %v; want a refusal of at most 300 bytes containing %q", c.name, err, c.phrase)
		}
	}
	p, err := coerce.CompilePattern("^" + strings.Repeat("a?", 1024) + "$")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Match(strings.Repeat("a", 1024)) || p.Match(strings.Repeat("a", 1025)) || p.Sample() != "" || p.ShortestLength() != 0 {
		t.Errorf("a? 1,024 times: wrong match or sample")
	}
}

// BenchmarkPattern compiles a pattern and matches an input at 1x and 10x their size in one run
// and reports ns per byte: both are linear. The pattern is a? repeated (the shape that cost
// atoms × input length before), the input is a's that match it whole.
func BenchmarkPattern(b *testing.B) {
	for _, scale := range []int{1, 10} {
		src := "^" + strings.Repeat("[a-z]?", 60*scale) + "$"
		b.Run("compile/"+strconv.Itoa(scale)+"x", func(b *testing.B) {
			for b.Loop() {
				if _, err := coerce.CompilePattern(src); err != nil {
					b.Fatal(err)
				}
			}
			reportPerByte(b, len(src))
		})
	}
	p, err := coerce.CompilePattern("^[a-z]*" + strings.Repeat("[a-z]?", 300) + "$")
	if err != nil {
		b.Fatal(err)
	}
	for _, scale := range []int{1, 10} {
		in := strings.Repeat("a", 6000*scale)
		b.Run("match/"+strconv.Itoa(scale)+"x", func(b *testing.B) {
			for b.Loop() {
				if !p.Match(in) {
					b.Fatal("no match")
				}
			}
			reportPerByte(b, len(in))
		})
	}
}

// reportPerByte reports the time per byte of an input of n bytes.
func reportPerByte(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
}

// TestPatternHintIsCapped: a value that misses a 4 KB pattern gets a hint, and a Why step, that
// quote the pattern cut to 128 bytes and marked, as every other quoted value is.
func TestPatternHintIsCapped(t *testing.T) {
	src := "^" + strings.Repeat("a?", 2000) + "$"
	p, err := coerce.CompilePattern(src)
	if err != nil {
		t.Fatal(err)
	}
	tool := coerce.Tool{
		Name:   "get_sku",
		Schema: coerce.Schema{Fields: []coerce.Field{{Name: "sku", Kind: coerce.Text, Pattern: p, Example: "a", Description: "The SKU."}}},
		Handler: func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
			return coerce.Result{}, nil
		},
	}
	d, err := coerce.NewDispatcher(coerce.Config{}, tool)
	if err != nil {
		t.Fatal(err)
	}
	o, tr := d.CallTraced(context.Background(), "get_sku", []byte(`{"sku":"b"}`))
	cut := coerce.Cut(src, 128)
	if o.Code != coerce.InvalidArgs || !strings.Contains(string(o.Observation), `must match `+cut+`"`) || len(o.Observation) > 400 {
		t.Errorf("observation of %d bytes, want the pattern cut to 128: %.600s", len(o.Observation), o.Observation)
	}
	if j := tr.JSON(); strings.Contains(string(j), src[:129]) || len(j) > 1500 {
		t.Errorf("trace of %d bytes quotes more than 128 bytes of the pattern: %.600s", len(j), j)
	}
	ok, tr := d.CallTraced(context.Background(), "get_sku", []byte(`{"sku":"aa"}`))
	if j := tr.JSON(); ok.Code != coerce.OK || !strings.Contains(string(j), cut) || strings.Contains(string(j), src[:129]) {
		t.Errorf("%s: the match step of a passing value quotes the pattern uncut: %.600s", ok.Code, j)
	}
}
