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
	"slices"
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

// Error is why a part of a transcript cannot be read: its line and what is wrong, in a sentence.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }

// MaxBytes bounds a transcript: a long conversation log is a few megabytes.
const MaxBytes = 64 << 20

// MaxErrors bounds the errors Read lists; past it, one more says how many lines were left out.
const MaxErrors = 100

// maxDepth bounds nesting; a transcript's calls sit a few levels deep.
const maxDepth = 128

// Read returns the calls of data in the order they appear, and what it could not read.
//
// A value that is not JSON is an *Error on the line it starts on, and reading goes on from the
// line where the error was found, or the next line when that is the same one: in JSON Lines a
// broken line costs that line and nothing after it. A call whose envelope repeats a key
// ("name" twice, "arguments" twice) is an *Error and is not run, as the dispatcher refuses a
// repeated argument key: which of the two the model meant is not for a reader to guess. A
// transcript with neither a call nor an error is one *Error saying it holds no call.
//
// Read is linear in data: every byte is read at most twice (once more after an error), and
// line numbers come from an index of the line ends built once.
func Read(data []byte) ([]Call, []*Error) {
	if len(data) > MaxBytes {
		return nil, []*Error{{1, "the transcript is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(MaxBytes)}}
	}
	r := reader{data: data, lines: newLineIndex(data)}
	for base := 0; base >= 0 && base < len(data); {
		base = r.segment(base)
	}
	if len(r.calls) == 0 && len(r.errs) == 0 {
		r.fail(1, "the transcript holds no tool call coerce reads: an MCP tools/call request, an OpenAI tool_calls entry or function_call item, or an Anthropic tool_use block")
	}
	if r.dropped > 0 {
		r.errs = append(r.errs, &Error{r.firstDropped, "and " + strconv.Itoa(r.dropped) + " more errors after it, not listed"})
	}
	return r.calls, r.errs
}

type reader struct {
	data  []byte
	lines lineIndex
	base  int // the offset of the text the current decoder reads
	// src and dec are reused after each error: a transcript of a million broken lines makes no
	// million decoders.
	src   bytes.Reader
	dec   *jsontext.Decoder
	calls []Call
	errs  []*Error
	// dropped counts the errors past MaxErrors; firstDropped is the line of the first of them.
	dropped, firstDropped int
}

func (r *reader) fail(line int, msg string) {
	if len(r.errs) < MaxErrors {
		r.errs = append(r.errs, &Error{line, msg})
		return
	}
	if r.dropped == 0 {
		r.firstDropped = line
	}
	r.dropped++
}

// segment reads values from data[base:] until the end (then it returns -1), or until one is
// not JSON: then it records why and returns where reading resumes.
func (r *reader) segment(base int) int {
	b := r.values(base, len(r.data))
	if b == nil {
		return -1
	}
	return r.broken(b)
}

// brokenValue is a value that is not JSON: where it starts, where it breaks and why.
type brokenValue struct {
	start, at int
	err       error
}

// values reads the JSON values of data[from:to] one after another and walks each; it returns
// the first that is not JSON, or nil when all are.
func (r *reader) values(from, to int) *brokenValue {
	r.base = from
	r.src.Reset(r.data[from:to])
	if r.dec == nil {
		r.dec = jsontext.NewDecoder(&r.src, jsontext.AllowDuplicateNames(true))
	} else {
		r.dec.Reset(&r.src, jsontext.AllowDuplicateNames(true))
	}
	dec := r.dec
	for {
		start := from + skipSpace(r.data[from:to], int(dec.InputOffset()))
		if dec.PeekKind() == 0 {
			if _, err := dec.ReadToken(); errors.Is(err, io.EOF) {
				return nil
			}
		}
		n, err := jsontree.Read(dec, maxDepth)
		if err != nil {
			at := from + int(dec.InputOffset())
			var se *jsontext.SyntacticError
			if errors.As(err, &se) {
				at = from + int(se.ByteOffset)
			}
			return &brokenValue{start, at, err}
		}
		r.walk(n)
	}
}

// broken records the value that is not JSON on the line it starts on, still reads each line
// inside it that is whole JSON on its own (in JSON Lines, the lines after one cut short), and
// returns where reading resumes: the line it broke on, or the next line when that is the one
// it started on; -1 when there is none. Every byte is read at most three times.
func (r *reader) broken(b *brokenValue) int {
	first, found := r.lines.line(b.start), r.lines.line(b.at)
	msg := "this line is not JSON or JSON Lines"
	switch {
	case errors.Is(b.err, jsontree.ErrDepth):
		msg = "the value starting here nests more than " + strconv.Itoa(maxDepth) + " levels deep"
	case b.at >= len(r.data) && found > first:
		msg = "the value starting here is not JSON: it is cut off at the end of the transcript"
	case found > first:
		msg = "the value starting here is not JSON: it breaks on line " + strconv.Itoa(found)
	}
	r.fail(first, msg)
	for n := first + 1; n < found; n++ {
		r.wholeLine(n)
	}
	return r.lines.start(max(found, first+1), len(r.data))
}

// wholeLine reads line n alone, and keeps what it found only when the whole line is JSON.
func (r *reader) wholeLine(n int) {
	calls, errs, dropped := len(r.calls), len(r.errs), r.dropped
	if r.values(r.lines.start(n, len(r.data)), r.lines.end(n, len(r.data))) != nil {
		r.calls, r.errs, r.dropped = r.calls[:calls], r.errs[:errs], dropped
	}
}

// skipSpace returns the offset of the first byte at or after off in text that is not JSON
// white space.
func skipSpace(text []byte, off int) int {
	for off < len(text) && (text[off] == ' ' || text[off] == '\t' || text[off] == '\r' || text[off] == '\n') {
		off++
	}
	return off
}

// walk visits n and everything inside it, in document order, and keeps every call it finds.
func (r *reader) walk(n *jsontree.Node) {
	if n.Kind == '{' {
		if c, msg, ok := r.call(n); ok {
			if msg != "" {
				r.fail(c.Line, msg)
			} else {
				r.calls = append(r.calls, c)
			}
			return
		}
	}
	for _, k := range n.Kids {
		r.walk(k)
	}
}

// call reads n as a call in one of the four shapes. ok is false when n is not a call; msg is
// why a call cannot be run (its envelope repeats a key), or "".
func (r *reader) call(n *jsontree.Node) (c Call, msg string, ok bool) {
	typ, method := n.Get("type"), n.Get("method")
	if typ == nil && method == nil {
		return c, "", false // most objects: nothing to look at, no line to find
	}
	c.Line = r.lines.line(r.base + n.Start)
	if k := twice(n, "type", "method"); k != "" && marksCall(n, k) {
		return c, repeated(k), true
	}
	switch {
	case method != nil && method.Text == "tools/call" && method.Kind == '"':
		return r.mcp(n, c)
	case typ == nil || typ.Kind != '"':
		return c, "", false
	case typ.Text == "function":
		return r.chat(n, c)
	case typ.Text == "function_call":
		return r.responses(n, c)
	case typ.Text == "tool_use":
		return r.anthropic(n, c)
	}
	return c, "", false
}

func (r *reader) mcp(n *jsontree.Node, c Call) (Call, string, bool) {
	p := n.Get("params")
	if p == nil || p.Kind != '{' || p.Get("name") == nil {
		return c, "", false
	}
	if k := twice(n, "params", "id"); k != "" {
		return c, repeated(k), true
	}
	if k := twice(p, "name", "arguments"); k != "" {
		return c, repeated(k), true
	}
	c.Format, c.Tool, c.ID = "mcp", p.Str("name"), idText(n.Get("id"))
	if a := p.Get("arguments"); a != nil {
		c.Arguments = r.text(a)
	} else {
		c.Arguments = "{}" // MCP's own reading of a call without arguments
	}
	return c, "", true
}

func (r *reader) chat(n *jsontree.Node, c Call) (Call, string, bool) {
	f := n.Get("function")
	if f == nil || f.Kind != '{' || f.Get("name") == nil {
		return c, "", false
	}
	a := f.Get("arguments")
	if a == nil || a.Kind != '"' {
		return c, "", false
	}
	if k := twice(n, "function", "id"); k != "" {
		return c, repeated(k), true
	}
	if k := twice(f, "name", "arguments"); k != "" {
		return c, repeated(k), true
	}
	c.Format, c.Tool, c.Arguments, c.ID = "chat", f.Str("name"), a.Text, n.Str("id")
	return c, "", true
}

func (r *reader) responses(n *jsontree.Node, c Call) (Call, string, bool) {
	a := n.Get("arguments")
	if n.Get("name") == nil || a == nil || a.Kind != '"' {
		return c, "", false
	}
	if k := twice(n, "name", "arguments", "call_id"); k != "" {
		return c, repeated(k), true
	}
	c.Format, c.Tool, c.Arguments, c.ID = "responses", n.Str("name"), a.Text, n.Str("call_id")
	return c, "", true
}

func (r *reader) anthropic(n *jsontree.Node, c Call) (Call, string, bool) {
	a := n.Get("input")
	if n.Get("name") == nil || a == nil {
		return c, "", false
	}
	if k := twice(n, "name", "input", "id"); k != "" {
		return c, repeated(k), true
	}
	c.Format, c.Tool, c.Arguments, c.ID = "anthropic", n.Str("name"), r.text(a), n.Str("id")
	return c, "", true
}

// text is a value's bytes as they stand in the transcript.
func (r *reader) text(n *jsontree.Node) string { return string(r.data[r.base+n.Start : r.base+n.End]) }

// twice returns the first of keys that n holds more than once, or "".
func twice(n *jsontree.Node, keys ...string) string {
	for _, k := range keys {
		seen := false
		for _, have := range n.Keys {
			if have == k {
				if seen {
					return k
				}
				seen = true
			}
		}
	}
	return ""
}

// marksCall reports whether any of n's members named key says n is a call.
func marksCall(n *jsontree.Node, key string) bool {
	for i, have := range n.Keys {
		if v := n.Kids[i]; have == key && v.Kind == '"' {
			switch v.Text {
			case "tools/call", "function", "function_call", "tool_use":
				return true
			}
		}
	}
	return false
}

func repeated(key string) string {
	return "the call gives \"" + key + "\" twice, and a repeated key is refused: it is not run"
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
		if slices.Contains(tools, c.Tool) {
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
