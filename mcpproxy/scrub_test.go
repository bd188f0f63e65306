package mcpproxy

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestScrubTraces reads testdata/traces/*.txt: each file is an upstream error text, a line
// "=== want", and what scrub makes of it.
func TestScrubTraces(t *testing.T) {
	files, err := os.ReadDir("testdata/traces")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 4 {
		t.Fatalf("want the Go, Python, Node and Java traces, found %d files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile("testdata/traces/" + f.Name())
		if err != nil {
			t.Fatal(err)
		}
		in, want, ok := strings.Cut(string(b), "\n=== want\n")
		if !ok {
			t.Fatalf("%s: no === want line", f.Name())
		}
		if got := scrub(in, maxUpstreamText); got != strings.TrimSpace(want) {
			t.Errorf("%s:\n got %q\nwant %q", f.Name(), got, strings.TrimSpace(want))
		}
	}
}

// FuzzScrub: whatever the text, the result is valid UTF-8 within the cap, with no frame line left.
func FuzzScrub(f *testing.F) {
	f.Add("Error: boom\n    at f (/app/x.js:3:9)\n    at g (/app/y.js:1:1)")
	f.Add("panic: x\n\ngoroutine 1 [running]:\nmain.main()\n\t/a.go:5 +0x1d")
	f.Add(strings.Repeat("é", 600))
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		out := scrub(s, maxUpstreamText)
		if len(out) > maxUpstreamText || !utf8.ValidString(out) {
			t.Fatalf("scrub(%q) = %q: %d bytes", s, out, len(out))
		}
		for _, line := range strings.Split(out, "\n") {
			if isAtFrame(strings.TrimSpace(line)) || isGoroutineLine(strings.TrimSpace(line)) {
				t.Fatalf("scrub(%q) kept the frame %q", s, line)
			}
		}
	})
}
