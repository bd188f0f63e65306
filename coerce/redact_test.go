package coerce_test

import (
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// TestRedactText reads testdata/redact.tsv: a text and what RedactText makes of it.
func TestRedactText(t *testing.T) {
	for _, row := range readFixtures(t, "testdata/redact.tsv", 2) {
		in, err1 := decodeArgs(row[1])
		want, err2 := decodeArgs(row[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("line %s: %v %v", row[0], err1, err2)
		}
		if got := coerce.RedactText(in); got != want {
			t.Errorf("line %s: RedactText(%q)\n got %q\nwant %q", row[0], in, got, want)
		}
	}
}

// FuzzRedactText: no credential-shaped word survives, and the words that are not hidden are kept.
func FuzzRedactText(f *testing.F) {
	f.Add("token=abc Bearer xyz ghp_123 ok")
	f.Add("-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY----- after")
	f.Fuzz(func(t *testing.T, s string) {
		out := coerce.RedactText(s)
		for _, w := range strings.Fields(out) {
			if strings.Contains(w, "ghp_") || strings.Contains(w, "sk_live_") {
				t.Fatalf("RedactText(%q) kept %q", s, w)
			}
		}
	})
}

// BenchmarkRedactText shows RedactText linear in its input: an error text with a credential in
// each line, at 1x and 10x, each reported in ns per byte.
//
//	go test ./coerce -run '^$' -bench RedactText
func BenchmarkRedactText(b *testing.B) {
	line := "KeyError: 'password=hunter2' Bearer abc.def ghp_0123456789abcdefghij at /app/x.js:3:9\n"
	for _, n := range []int{1, 10} {
		text := strings.Repeat(line, 100*n)
		b.Run(strconv.Itoa(n)+"x", func(b *testing.B) {
			for range b.N {
				coerce.RedactText(text)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(text)), "ns/byte")
		})
	}
}
