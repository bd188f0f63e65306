// Package transcript reads the tool calls out of a model's transcript, so real calls can be run
// through coerce as rows. A transcript is JSON, or JSON Lines (any number of JSON values one
// after another), holding calls in any of four shapes, found wherever they stand (a response, a
// request's message list, a log line):
//
//   - an MCP tools/call request: {"method": "tools/call", "params": {"name", "arguments": {…}}}
//   - an OpenAI Chat Completions tool call: {"type": "function", "function": {"name",
//     "arguments": "<JSON text>"}}
//   - an OpenAI Responses function_call item: {"type": "function_call", "name", "arguments":
//     "<JSON text>"}
//   - an Anthropic tool_use block: {"type": "tool_use", "name", "input": {…}}
//
// A call's Arguments are the text exactly as the model sent it: the string's content where
// arguments travel as a string (OpenAI), the value's bytes as they stand in the transcript where
// they travel as an object (MCP, Anthropic). Nothing is parsed into Go values, so nothing the
// model sent is lost or repaired on the way to the dispatcher. The reader uses jsontext only,
// without encoding/json, fmt or reflection.
package transcript

import (
	"bytes"
	"errors"
	"io"
	"strconv"

	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// Call is one tool call found in a transcript.
type Call struct {
	// Tool is the name of the tool called.
	Tool string
	// Arguments is the argument text exactly as the model sent it.
	Arguments string
	// Format is the call's shape: "mcp", "chat", "responses" or "anthropic".
	Format string
	// ID is the call's id in the transcript (a JSON-RPC id, tool_call id, call_id or tool_use
	// id), or "".
	ID string
	// Line is the line of the transcript the call starts on, from 1.
	Line int
}

// Error is why a transcript cannot be read: its line and what is wrong, in a sentence.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }

// MaxBytes bounds a transcript: a long conversation log is a few megabytes.
const MaxBytes = 64 << 20

// maxDepth bounds nesting; a transcript's calls sit a few levels deep.
const maxDepth = 128

// Read returns the calls of data in the order they appear. A transcript that is not JSON, or
// that holds no call in any of the four shapes, is an *Error.
func Read(data []byte) ([]Call, error) {
	if len(data) > MaxBytes {
		return nil, &Error{1, "the transcript is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(MaxBytes)}
	}
	r := reader{data: data}
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	for {
		if dec.PeekKind() == 0 {
			if _, err := dec.ReadToken(); errors.Is(err, io.EOF) {
				break
			}
		}
		n, err := jsontree.Read(dec, maxDepth)
		if err != nil {
			return nil, r.syntax(dec, err)
		}
		r.walk(n)
	}
	if len(r.calls) == 0 {
		return nil, &Error{1, "the transcript holds no tool call coerce reads: an MCP tools/call request, an OpenAI tool_calls entry or function_call item, or an Anthropic tool_use block"}
	}
	return r.calls, nil
}

type reader struct {
	data  []byte
	calls []Call
}

func (r *reader) syntax(dec *jsontext.Decoder, err error) *Error {
	off := int(dec.InputOffset())
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		off = int(se.ByteOffset)
	}
	if errors.Is(err, jsontree.ErrDepth) {
		return &Error{r.line(off), "the transcript nests more than " + strconv.Itoa(maxDepth) + " levels deep"}
	}
	return &Error{r.line(off), "the transcript is not JSON or JSON Lines"}
}

func (r *reader) line(off int) int {
	return bytes.Count(r.data[:min(max(off, 0), len(r.data))], []byte{'\n'}) + 1
}

// walk visits n and everything inside it, in document order, and keeps every call it finds.
func (r *reader) walk(n *jsontree.Node) {
	if n.Kind == '{' {
		if c, ok := r.call(n); ok {
			r.calls = append(r.calls, c)
			return
		}
	}
	for _, k := range n.Kids {
		r.walk(k)
	}
}

// call reads n as a call in one of the four shapes.
func (r *reader) call(n *jsontree.Node) (Call, bool) {
	c := Call{Line: r.line(n.Start)}
	typ := n.Str("type")
	switch {
	case n.Str("method") == "tools/call":
		p := n.Get("params")
		if p == nil || p.Kind != '{' || p.Get("name") == nil {
			return c, false
		}
		c.Format, c.Tool, c.ID = "mcp", p.Str("name"), idText(n.Get("id"))
		if a := p.Get("arguments"); a != nil {
			c.Arguments = string(r.data[a.Start:a.End])
		} else {
			c.Arguments = "{}" // MCP's own reading of a call without arguments
		}
	case typ == "function" && n.Get("function") != nil:
		f := n.Get("function")
		a := f.Get("arguments")
		if f.Kind != '{' || f.Get("name") == nil || a == nil || a.Kind != '"' {
			return c, false
		}
		c.Format, c.Tool, c.Arguments, c.ID = "chat", f.Str("name"), a.Text, n.Str("id")
	case typ == "function_call":
		a := n.Get("arguments")
		if n.Get("name") == nil || a == nil || a.Kind != '"' {
			return c, false
		}
		c.Format, c.Tool, c.Arguments, c.ID = "responses", n.Str("name"), a.Text, n.Str("call_id")
	case typ == "tool_use":
		a := n.Get("input")
		if n.Get("name") == nil || a == nil {
			return c, false
		}
		c.Format, c.Tool, c.Arguments, c.ID = "anthropic", n.Str("name"), string(r.data[a.Start:a.End]), n.Str("id")
	default:
		return c, false
	}
	return c, true
}

// idText is a JSON-RPC id as text: a string's content or a number's digits.
func idText(n *jsontree.Node) string {
	if n == nil || n.Kind != '"' && n.Kind != '0' {
		return ""
	}
	return n.Text
}

// Count is how many calls named one tool.
type Count struct {
	Tool string
	N    int
}

// Split returns the calls of the named tools, in order, and counts the others per tool, in the
// order each first appears: calls to other tools are named, never dropped unseen.
func Split(calls []Call, tools ...string) (mine []Call, others []Count) {
	for _, c := range calls {
		if contains(tools, c.Tool) {
			mine = append(mine, c)
			continue
		}
		i := 0
		for i < len(others) && others[i].Tool != c.Tool {
			i++
		}
		if i == len(others) {
			others = append(others, Count{Tool: c.Tool})
		}
		others[i].N++
	}
	return mine, others
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
