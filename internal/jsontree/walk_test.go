package jsontree

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/go-json-experiment/json/jsontext"
)

// walk reads raw as one object, skipping every value, and returns the names it saw.
func walk(raw []byte) ([]string, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	var names []string
	err := Members(dec, func(name string) error {
		names = append(names, name)
		return dec.SkipValue()
	})
	if err == nil && !AtEnd(dec) {
		err = errors.New("trailing")
	}
	return names, err
}

func TestMembers(t *testing.T) {
	for _, c := range []struct {
		in    string
		names []string
		err   error
	}{
		{`{}`, nil, nil},
		{` {"a": 1, "b": {"c": [2, {"d": 3}]}, "e\u0041": "x"} `, []string{"a", "b", "eA"}, nil},
		{`[1]`, nil, ErrNotObject},
		{`"a"`, nil, ErrNotObject},
		{``, nil, ErrNotObject},
		{`{"a": 1,}`, []string{"a"}, ErrSyntax},
		{`{"a": 1`, []string{"a"}, ErrSyntax},
		{`{"a": 1, "a": 2}`, []string{"a"}, ErrSyntax},
		{`{1: 2}`, nil, ErrSyntax},
	} {
		names, err := walk([]byte(c.in))
		if !slices.Equal(names, c.names) || !errors.Is(err, c.err) && !(c.err == nil && err == nil) {
			t.Errorf("%s: names %q, error %v; want %q, %v", c.in, names, err, c.names, c.err)
		}
	}
	if _, err := walk([]byte(`{} {}`)); err == nil {
		t.Error("a second value was not noticed by AtEnd")
	}
}

// A member's own error ends the walk and comes back unchanged.
func TestMemberErrorIsReturned(t *testing.T) {
	mine := errors.New("mine")
	dec := jsontext.NewDecoder(bytes.NewReader([]byte(`{"a": 1, "b": 2}`)))
	seen := 0
	if err := Members(dec, func(string) error { seen++; return mine }); err != mine || seen != 1 {
		t.Errorf("got %v after %d members", err, seen)
	}
}

func TestString(t *testing.T) {
	dec := jsontext.NewDecoder(bytes.NewReader([]byte(`["a\n", 1]`)))
	dec.ReadToken()
	if s, ok := String(dec); !ok || s != "a\n" {
		t.Errorf("String = %q, %v", s, ok)
	}
	if _, ok := String(dec); ok {
		t.Error("a number read as a string")
	}
}

// FuzzMembers: Members never panics, accepts exactly the valid JSON objects (as jsontext
// judges them, duplicate names refused) and visits every top-level name once, in order.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1,"b":[{"c":2}]}`, `{"a":1,"a":2}`, `{"a":`, `[]`, `{"\ud800":1}`, `{"a":1} x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		names, err := walk(raw)
		v := jsontext.Value(bytes.Clone(raw))
		valid := v.IsValid() && v.Kind() == '{'
		if (err == nil) != valid {
			t.Fatalf("walk error %v, but jsontext says valid object: %v", err, valid)
		}
		if !valid {
			return
		}
		want := topNames(raw)
		if !slices.Equal(names, want) {
			t.Fatalf("names %q, want %q", names, want)
		}
	})
}

// topNames lists an object's top-level names by reading every token: the reference walk.
func topNames(raw []byte) []string {
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	var names []string
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return names
		}
		// In the top object, an odd count of tokens read so far means tok was a name.
		if dec.StackDepth() != 1 || tok.Kind() != '"' {
			continue
		}
		if _, n := dec.StackIndex(1); n%2 == 1 {
			names = append(names, tok.String())
		}
	}
}
