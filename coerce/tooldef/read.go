// Package tooldef reads a tool declared as data, an MCP tool definition, into a coerce.Tool:
// the tool object exactly as tools/list returns it ({"name", "description", "inputSchema"}),
// with one optional member of coerce's own, "x-coerce", for what a definition cannot say:
//
//	"x-coerce": {"records": {"<field>": [<id>, …]}, "boolStrings": ["<field>", …], "permission": "<name>"}
//
// The definition becomes a coerce.Schema of coerce's own field kinds, so a declared tool is
// answered by the same dispatcher, rules and catalog as a tool declared in Go; its handler
// returns the coerced arguments (what a real handler would receive), or not_found for an id
// that is not among its records, or denied without its permission (Def.ToolWith passes a valid
// call's coerced arguments on instead, for a proxy). A keyword coerce cannot honour refuses the
// tool, with a message naming the keyword, its JSON Pointer and its line, and Error.Keyword set:
// nothing in a definition is silently ignored or half-validated, and a proxy passes such a tool
// through untouched.
//
// It reads what real servers declare: draft-06 to 2020-12 schemas of integer, number, string,
// boolean, array and object arguments (docs/own-tool.md lists the keywords). Every bound is
// checked before the work that grows with it, every quoted value is cut, and reading is linear
// in the text.
//
// The reader uses jsontext and no encoding/json, fmt or reflection, so the page can link it.
package tooldef

import (
	"errors"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// Error is why a definition, or the text holding it, cannot be read.
type Error struct {
	// Line is the line of the text the problem is on, from 1.
	Line int
	// Pointer is where, as a JSON Pointer into the text read ("" for the whole text).
	Pointer string
	// Tool is the name of the tool the problem is in, when it has one.
	Tool string
	// Keyword, when set, is the JSON Schema keyword coerce cannot honour that refused the tool
	// ("format", "anyOf", "$ref", "additionalProperties", "type" for a type it does not read):
	// the schema may be valid, and a proxy passes such a tool through untouched, naming the
	// keyword, rather than validating half of it. Without it, the definition itself is wrong.
	Keyword string
	Msg     string
}

// Error says the line, the pointer and the problem: "line 9, at
// /inputSchema/properties/url/format: format is not supported; …".
func (e *Error) Error() string {
	s := "line " + strconv.Itoa(e.Line)
	if e.Pointer != "" {
		s += ", at " + e.Pointer
	}
	return s + ": " + e.Msg
}

// List is what a text held: the tools that can be read, in its order, and why each other one
// cannot.
type List struct {
	Tools   []Def
	Refused []*Error
}

// Read reads a single tool object, a tools/list result ({"tools": […]}) or the JSON-RPC
// response carrying one ({"result": {"tools": […]}}). The error is for a text that holds no
// tool at all; a tool that cannot be read is in the List's Refused, beside the tools that can.
func Read(data []byte) (List, error) {
	if len(data) > maxTextBytes {
		return List{}, newError(1, "", "", "the text is "+strconv.Itoa(len(data))+" bytes, over the limit of "+strconv.Itoa(maxTextBytes))
	}
	root, off, err := parseTree(data)
	if err != nil {
		return List{}, syntaxError(data, off, err)
	}
	if root.Kind != '{' {
		return List{}, newError(lineOf(data, root.Start), "", "", "the text is "+kindWord(root)+"; it must be a tool object, a tools/list result or its JSON-RPC response")
	}
	r := reader{data: data, breaks: lineBreaks(data)}
	list, ptr := root, ""
	if res, _ := root.Member("result"); res != nil && res.Kind == '{' {
		list, ptr = res, "/result"
	}
	if tools, off := list.Member("tools"); tools != nil {
		if tools.Kind != '[' {
			return List{}, r.errAt(off, ptr+"/tools", "", `"tools" is `+kindWord(tools)+", not an array of tools")
		}
		var l List
		for i, t := range tools.Kids {
			def, e := r.tool(t, ptr+"/tools/"+strconv.Itoa(i))
			if e != nil {
				l.Refused = append(l.Refused, e)
				continue
			}
			l.Tools = append(l.Tools, def)
		}
		if len(tools.Kids) == 0 {
			return List{}, r.errAt(off, ptr+"/tools", "", "the tools/list result lists no tools")
		}
		return l, nil
	}
	if name, _ := root.Member("name"); name == nil {
		return List{}, newError(lineOf(data, root.Start), "", "", `the text has neither "name" and "inputSchema" (a tool) nor "tools" (a tools/list result)`)
	}
	def, e := r.tool(root, "")
	if e != nil {
		return List{Refused: []*Error{e}}, nil
	}
	return List{Tools: []Def{def}}, nil
}

// Pick returns the named tool, or with name "" the text's only tool: its definition, or why it
// cannot be read.
func (l List) Pick(name string) (Def, error) {
	if name == "" {
		switch n := len(l.Tools) + len(l.Refused); {
		case n == 1 && len(l.Tools) == 1:
			return l.Tools[0], nil
		case n == 1:
			return Def{}, l.Refused[0]
		}
		return Def{}, newError(1, "", "", "the text holds "+strconv.Itoa(len(l.Tools)+len(l.Refused))+" tools; pick one of "+l.names())
	}
	for _, d := range l.Tools {
		if d.Name == name {
			return d, nil
		}
	}
	for _, e := range l.Refused {
		if e.Tool == name {
			return Def{}, e
		}
	}
	return Def{}, newError(1, "", "", "the text has no tool "+quote(name)+"; its tools are "+l.names())
}

// names lists every tool of l, readable or not, in the text's order as far as it is kept.
func (l List) names() string {
	var out []string
	for _, d := range l.Tools {
		out = append(out, d.Name)
	}
	for _, e := range l.Refused {
		if e.Tool != "" {
			out = append(out, e.Tool+" (cannot be read)")
		}
	}
	return strings.Join(out, ", ")
}

// reader reads one text's definitions; data is the whole text, for line numbers.
type reader struct {
	data   []byte
	breaks []int // the offsets of its line breaks
}

func (r reader) errAt(off int, pointer, tool, msg string) *Error {
	return newError(r.line(off), pointer, tool, msg)
}

// line is the line (from 1) of byte offset off, by a binary search of the text's line breaks,
// which are found once per text: a text of many refused tools is still read in linear time.
func (r reader) line(off int) int {
	off = min(max(off, 0), len(r.data))
	lo, hi := 0, len(r.breaks) // the line breaks before off are r.breaks[:lo]
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); r.breaks[m] < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo + 1
}

// lineBreaks lists the offsets of data's line breaks.
func lineBreaks(data []byte) []int {
	var out []int
	for i, c := range data {
		if c == '\n' {
			out = append(out, i)
		}
	}
	return out
}

// Bounds on what an Error carries, whatever the text: a message quotes a few values of the
// definition (each cut to maxQuoted bytes), and a pointer is made of the text's own keys.
const (
	maxQuoted       = 128
	maxPointerBytes = 512
	maxMsgBytes     = 1024
)

// newError is an Error with its pointer and message cut to their bounds on a UTF-8 boundary,
// the cut marked.
func newError(line int, pointer, tool, msg string) *Error {
	return &Error{Line: line, Pointer: coerce.Cut(pointer, maxPointerBytes), Tool: tool, Msg: coerce.Cut(msg, maxMsgBytes)}
}

// quote is s quoted for a message, cut to maxQuoted bytes first.
func quote(s string) string { return strconv.Quote(coerce.Cut(s, maxQuoted)) }

func syntaxError(data []byte, off int, err error) *Error {
	msg := "the text is not valid JSON"
	switch {
	case errors.Is(err, jsontree.ErrDepth):
		msg = "the text nests more than " + strconv.Itoa(maxDepth) + " levels deep"
	case errors.Is(err, jsontext.ErrDuplicateName):
		msg = "a name appears twice in one object"
	case len(strings.TrimSpace(string(data))) == 0:
		msg = "the text is empty"
	case err == errTrailing:
		msg = "the text has more after its JSON value"
	}
	return newError(lineOf(data, off), "", "", msg)
}
