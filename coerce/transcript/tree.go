package transcript

import (
	"errors"

	"github.com/go-json-experiment/json/jsontext"
)

// node is one JSON value of a transcript with where it stands: start and end are byte offsets
// of the value's text, so a call's arguments can be handed on exactly as they were written.
type node struct {
	kind       byte // '{', '[', '"', '0', 't', 'f', 'n'
	text       string
	keys       []string
	kids       []*node
	start, end int
}

var errDepth = errors.New("too deep")

// readNode reads one value. A transcript's duplicate names are allowed (a log is what it is);
// the first of them is the one looked up.
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
		n := &node{kind: byte(tok.Kind()), start: int(dec.InputOffset()) - 1}
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
			}
			kid, err := readNode(dec, depth+1)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		n.end = int(dec.InputOffset())
		return n, nil
	}
	v, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	n := &node{kind: byte(v.Kind()), end: int(dec.InputOffset())}
	n.start = n.end - len(v)
	if n.kind == '"' {
		s, err := jsontext.AppendUnquote(nil, v)
		if err != nil {
			return nil, err
		}
		n.text = string(s)
	} else {
		n.text = string(v)
	}
	return n, nil
}

// get returns the first member named key, or nil.
func (n *node) get(key string) *node {
	for i, k := range n.keys {
		if k == key {
			return n.kids[i]
		}
	}
	return nil
}

// str returns the text of the string member named key, or "".
func (n *node) str(key string) string {
	if v := n.get(key); v != nil && v.kind == '"' {
		return v.text
	}
	return ""
}
