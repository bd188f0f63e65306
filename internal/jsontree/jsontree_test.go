package jsontree

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

func readText(t *testing.T, text string, maxDepth int, opts ...jsontext.Options) (*Node, error) {
	t.Helper()
	return Read(jsontext.NewDecoder(strings.NewReader(text), opts...), maxDepth)
}

// TestOffsets: every value's Start and End cut exactly its own text out of the input, and each
// name's offset points at its opening quote, so a reader can quote what was sent and name lines.
func TestOffsets(t *testing.T) {
	text := " {\"a\": [1, \"x\\u0041\", true, null],\n \"b\": {\"c\": -2.5e3}} "
	n, err := readText(t, text, 8)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *Node)
	walk = func(n *Node) {
		raw := text[n.Start:n.End]
		if !jsontext.Value(raw).IsValid() || raw != strings.TrimSpace(raw) {
			t.Errorf("value %q at %d:%d is not one whole JSON value", raw, n.Start, n.End)
		}
		for i, off := range n.KeyOffsets {
			if !strings.HasPrefix(text[off:], `"`+n.Keys[i]+`"`) {
				t.Errorf("name %q's offset %d points at %q", n.Keys[i], off, text[off:])
			}
		}
		for _, k := range n.Kids {
			walk(k)
		}
	}
	walk(n)
	a := n.Get("a")
	if a.Kind != '[' || len(a.Kids) != 4 || a.Kids[1].Text != "xA" || a.Kids[0].Text != "1" || a.Kids[2].Kind != 't' {
		t.Errorf("a = %+v", a)
	}
	if c := n.Get("b").Get("c"); c.Kind != '0' || c.Text != "-2.5e3" {
		t.Errorf("b.c = %+v", c)
	}
	if v, off := n.Member("b"); v == nil || !strings.HasPrefix(text[off:], `"b"`) {
		t.Errorf("Member(b) = %v, %d", v, off)
	}
	if n.Get("missing") != nil || n.Str("a") != "" || n.Get("b").Str("c") != "" {
		t.Error("a missing member, or one that is not a string, has no value")
	}
}

// TestDuplicates: with a decoder that allows them, every member is kept and the first is found.
func TestDuplicates(t *testing.T) {
	n, err := readText(t, `{"k":"first","k":"second"}`, 4, jsontext.AllowDuplicateNames(true))
	if err != nil || len(n.Kids) != 2 || n.Str("k") != "first" {
		t.Fatalf("%+v, %v", n, err)
	}
	if _, err := readText(t, `{"k":1,"k":2}`, 4); err == nil {
		t.Error("a strict decoder's duplicate passed")
	}
}

func TestDepth(t *testing.T) {
	deep := strings.Repeat("[", 5) + strings.Repeat("]", 5)
	if _, err := readText(t, deep, 4); !errors.Is(err, ErrDepth) {
		t.Errorf("5 levels at a limit of 4: %v, want ErrDepth", err)
	}
	if _, err := readText(t, deep, 5); err != nil {
		t.Errorf("5 levels at a limit of 5: %v", err)
	}
}

// FuzzRead: Read accepts exactly the values jsontext accepts (within the depth limit) and never
// panics, and the tree's top value spans the bytes jsontext read as the value.
func FuzzRead(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `"\ud800"`, `[`, `{"a":1,"a":2}`, "\"\xff\"", `1e999`, ` 0 `} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Read(jsontext.NewDecoder(bytes.NewReader(data)), 16)
		want := jsontext.NewDecoder(bytes.NewReader(data))
		v, werr := want.ReadValue()
		if errors.Is(err, ErrDepth) {
			return
		}
		if (err == nil) != (werr == nil) {
			t.Fatalf("%q: Read %v, jsontext %v", data, err, werr)
		}
		if err == nil && !bytes.Equal(data[n.Start:n.End], v) {
			t.Fatalf("%q: span %d:%d", data, n.Start, n.End)
		}
	})
}
