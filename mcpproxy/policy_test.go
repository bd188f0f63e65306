package mcpproxy

import (
	"os"
	"strings"
	"testing"
)

// TestReadPolicy reads testdata/policies.tsv: a policy text and the error phrase it gives, or ok.
func TestReadPolicy(t *testing.T) {
	b, err := os.ReadFile("testdata/policies.tsv")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		text, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %d: want two tab-separated columns", i+1)
		}
		n++
		_, err := ReadPolicy([]byte(text))
		switch {
		case want == "ok" && err != nil:
			t.Errorf("line %d: %v", i+1, err)
		case want != "ok" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("line %d: got %v, want an error with %q", i+1, err, want)
		case err != nil && strings.Contains(err.Error(), "json:"):
			t.Errorf("line %d: Go's text reaches the user: %v", i+1, err)
		}
	}
	if n < 5 {
		t.Fatalf("only %d rows", n)
	}
}

// FuzzReadPolicy: any text is read or refused with an error, never a panic, and what is read
// has only object x-coerce values.
func FuzzReadPolicy(f *testing.F) {
	f.Add([]byte(`{"tools":{"a":{"permission":"x"}},"passThrough":["b"]}`))
	f.Add([]byte(`{"tools":{"a":1}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ReadPolicy(b)
		if err != nil {
			return
		}
		for name, x := range p.Tools {
			if len(x) == 0 || x[0] != '{' {
				t.Fatalf("tool %q: %s", name, x)
			}
		}
	})
}
