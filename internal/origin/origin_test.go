package origin

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	f, err := os.Open("testdata/origins.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		mode, rest, _ := strings.Cut(text, " ")
		in, want, ok := strings.Cut(rest, " => ")
		if !ok || (mode != "strict" && mode != "wild") {
			t.Fatalf("testdata/origins.txt:%d: malformed case %q", line, text)
		}
		n++
		o, err := Parse(in, mode == "wild")
		if phrase, isErr := strings.CutPrefix(want, "error: "); isErr {
			var oe *Error
			if !errors.As(err, &oe) || !strings.Contains(oe.Reason, phrase) {
				t.Errorf("line %d: Parse(%q) = %q, %v; want an error saying %q", line, in, o, err, phrase)
			}
			continue
		}
		if err != nil || o.String() != want {
			t.Errorf("line %d: Parse(%q) = %q, %v; want %q", line, in, o, err, want)
		}
	}
	if n < 40 {
		t.Fatalf("read %d cases", n)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"https://a.example", "http://[::1]:80", "https://*.a.example:*", "https://a:0443", "http://[::ffff:1.2.3.4]"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, wild bool) {
		o, err := Parse(s, wild)
		if err != nil {
			if o != (Origin{}) {
				t.Fatalf("an error with a value: %+v", o)
			}
			return
		}
		again, err := Parse(o.String(), wild)
		if err != nil || again != o {
			t.Fatalf("%q read as %q, which reads as %q, %v", s, o, again, err)
		}
		if !wild && (o.Subdomains || o.Port == "*") {
			t.Fatalf("a wildcard without wildcards: %q", o)
		}
	})
}
