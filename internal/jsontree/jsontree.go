// Package jsontree is the one JSON reader of the hand-written readers, which keep encoding/json
// and reflection out of the page. It reads in two ways off a jsontext.Decoder:
//
//   - Read reads one JSON value into a tree, once, so that a reader can look members up by name
//     and still say where each was written: a tool definition's errors name their line, and a
//     transcript hands a call's arguments on as the bytes that were sent. It is strict where
//     jsontext is (UTF-8, syntax) and keeps an object's duplicate names; a reader that refuses
//     them reads with a decoder that does.
//   - Members walks one object member by member without a tree, for the readers that stream
//     (walk.go).
package jsontree

import (
	"errors"

	"github.com/go-json-experiment/json/jsontext"
)

// Node is one JSON value and where it stands in the text read.
type Node struct {
	Kind byte // '{', '[', '"', '0' (a number), 't', 'f', 'n'
	// Text is a string's unquoted text, or a number's or literal's text as written.
	Text string
	// Keys are an object's member names in order, KeyOffsets the byte offset of each name, and
	// Kids the members' values (an array's elements).
	Keys       []string
	KeyOffsets []int
	Kids       []*Node
	// Start and End are the byte offsets of the value's text.
	Start, End int
}

// ErrDepth is a value nested deeper than Read was allowed to go.
var ErrDepth = errors.New("jsontree: nested too deep")

// Read reads the decoder's next value, nested at most maxDepth levels (a scalar is one level,
// an array of scalars two).
func Read(dec *jsontext.Decoder, maxDepth int) (*Node, error) { return read(dec, 1, maxDepth) }

func read(dec *jsontext.Decoder, depth, maxDepth int) (*Node, error) {
	if depth > maxDepth {
		return nil, ErrDepth
	}
	if k := dec.PeekKind(); k != '{' && k != '[' {
		return readScalar(dec)
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	n := &Node{Kind: byte(tok.Kind()), Start: int(dec.InputOffset()) - 1}
	end := jsontext.Kind('}')
	if n.Kind == '[' {
		end = ']'
	}
	for dec.PeekKind() != end {
		if n.Kind == '{' {
			// The name as a value, not a token: its length as written gives where it began.
			raw, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			name, err := jsontext.AppendUnquote(nil, raw)
			if err != nil {
				return nil, err
			}
			n.Keys = append(n.Keys, string(name))
			n.KeyOffsets = append(n.KeyOffsets, int(dec.InputOffset())-len(raw))
		}
		kid, err := read(dec, depth+1, maxDepth)
		if err != nil {
			return nil, err
		}
		n.Kids = append(n.Kids, kid)
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, err
	}
	n.End = int(dec.InputOffset())
	return n, nil
}

func readScalar(dec *jsontext.Decoder) (*Node, error) {
	v, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	n := &Node{Kind: byte(v.Kind()), End: int(dec.InputOffset())}
	n.Start = n.End - len(v)
	if n.Kind != '"' {
		n.Text = string(v)
		return n, nil
	}
	s, err := jsontext.AppendUnquote(nil, v)
	if err != nil {
		return nil, err
	}
	n.Text = string(s)
	return n, nil
}

// Member returns the first member named key and the offset of its name, or nil.
func (n *Node) Member(key string) (*Node, int) {
	for i, k := range n.Keys {
		if k == key {
			return n.Kids[i], n.KeyOffsets[i]
		}
	}
	return nil, 0
}

// Get returns the first member named key, or nil.
func (n *Node) Get(key string) *Node {
	v, _ := n.Member(key)
	return v
}

// Str returns the text of the string member named key, or "".
func (n *Node) Str(key string) string {
	if v := n.Get(key); v != nil && v.Kind == '"' {
		return v.Text
	}
	return ""
}
