package tooldef

import (
	"bytes"
	"errors"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// node is one JSON value of a definition, read once into a tree so the reader can look members
// up by name and say where each one was: off is the byte offset of the value (of the member's
// name, for keyOff) in the text read, for the line an error names.
type node struct {
	kind   byte // '{', '[', '"', '0' (a number), 't', 'f', 'n'
	str    string
	keys   []string
	keyOff []int
	kids   []*node
	off    int
}

// Bounds on the text read: a whole tools/list result of a large server is some hundreds of KB.
const (
	maxTextBytes = 4 << 20
	maxDepth     = 64
)

var (
	// errDepth is a tree nested deeper than maxDepth.
	errDepth = errors.New("too deep")
	// errTrailing is text after the value.
	errTrailing = errors.New("trailing")
)

// parseTree reads data as exactly one JSON value. A syntax error is returned with its offset.
func parseTree(data []byte) (*node, int, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	n, err := readNode(dec, 0)
	if err == nil {
		if _, err2 := dec.ReadToken(); !errors.Is(err2, io.EOF) {
			err = errTrailing
		}
	}
	if err != nil {
		off := int(dec.InputOffset())
		var se *jsontext.SyntacticError
		if errors.As(err, &se) {
			off = int(se.ByteOffset)
		}
		return nil, off, err
	}
	return n, 0, nil
}

func readNode(dec *jsontext.Decoder, depth int) (*node, error) {
	if depth > maxDepth {
		return nil, errDepth
	}
	switch dec.PeekKind() {
	case '{', '[':
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		n := &node{kind: byte(tok.Kind()), off: int(dec.InputOffset()) - 1}
		end := jsontext.Kind('}')
		if n.kind == '[' {
			end = ']'
		}
		for dec.PeekKind() != end {
			if n.kind == '{' {
				name, err := dec.ReadToken()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, name.String())
				n.keyOff = append(n.keyOff, int(dec.InputOffset())-1)
			}
			kid, err := readNode(dec, depth+1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		}
		_, err = dec.ReadToken()
		return n, err
	}
	v, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	n := &node{kind: byte(v.Kind()), off: int(dec.InputOffset()) - len(v)}
	switch n.kind {
	case '"':
		s, err := jsontext.AppendUnquote(nil, v)
		if err != nil {
			return nil, err
		}
		n.str = string(s)
	default:
		n.str = string(v)
	}
	return n, nil
}

// get returns the member named key and the offset of its name, or nil.
func (n *node) get(key string) (*node, int) {
	for i, k := range n.keys {
		if k == key {
			return n.kids[i], n.keyOff[i]
		}
	}
	return nil, 0
}

// kindWord names a value's JSON type for a message.
func kindWord(n *node) string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 't', 'f':
		return "a boolean"
	}
	return "null"
}

// pointerToken escapes one JSON Pointer reference token.
func pointerToken(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}

// lineOf is the line (from 1) of byte offset off in data.
func lineOf(data []byte, off int) int {
	if off > len(data) {
		off = len(data)
	}
	if off < 0 {
		off = 0
	}
	return bytes.Count(data[:off], []byte{'\n'}) + 1
}
