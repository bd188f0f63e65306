package tooldef

import (
	"bytes"
	"errors"
	"io"

	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// Bounds on the text read: a whole tools/list result of a large server is some hundreds of KB.
const (
	maxTextBytes = 4 << 20
	maxDepth     = 64
)

// errTrailing is text after the value.
var errTrailing = errors.New("trailing")

// parseTree reads data as exactly one JSON value. A syntax error is returned with its offset.
func parseTree(data []byte) (*jsontree.Node, int, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	n, err := jsontree.Read(dec, maxDepth)
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

// kindWord names a value's JSON type for a message.
func kindWord(n *jsontree.Node) string {
	switch n.Kind {
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
