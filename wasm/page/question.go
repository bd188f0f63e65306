package page

import (
	"strings"

	"coerceplayground/lesson"
)

// The lesson's question follows the table: the tool it calls, with its arguments, and the inputs
// its rows send, so a table of 42, "17.0" and 0017 asks about those, and a refund table about
// refund. The page's header and an embed's table panel show it.

// questionInputs is how many of the table's inputs the question names before "…".
const questionInputs = 8

// Question is the question about the table t calling a tool with the arguments fields.
func Question(tool string, fields []string, t lesson.Table) []Node {
	sig := tool + "(" + strings.Join(fields, ", ") + ")"
	out := []Node{T("A language model calls the tool "), E("code").Say(sig), T(". ")}
	var ins []string
	more := 0
	for _, r := range t.Rows {
		in := strings.TrimSpace(r.Input)
		if in == "" || contains(ins, in) {
			continue
		}
		if len(ins) == questionInputs {
			more++
			continue
		}
		ins = append(ins, in)
	}
	if len(ins) == 0 {
		return append(out, T("What does the tool answer for each input you add to the table?"))
	}
	out = append(out, T("What does the tool answer when the model sends "))
	for i, in := range ins {
		switch {
		case i > 0 && i == len(ins)-1 && more == 0:
			out = append(out, T(" or "))
		case i > 0:
			out = append(out, T(", "))
		}
		out = append(out, E("code").Say(in))
	}
	if more > 0 {
		out = append(out, T(", or "+plural(more, "other input", "other inputs")+" in the table"))
	}
	return append(out, T("?"))
}

// Question is the question about the State's table, for its tool.
func (s *State) Question() []Node {
	tool := s.Tool()
	var fields []string
	if l, ok := s.lab.(*lesson.Lab); ok {
		fields = l.Fields(tool)
	}
	return Question(tool, fields, s.table)
}

// QuestionText is Question as plain text (what a screen reader or a print reads).
func QuestionText(nodes []Node) string {
	var b strings.Builder
	var walk func(Node)
	walk = func(n Node) {
		b.WriteString(n.Text)
		for _, k := range n.Kids {
			walk(k)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return b.String()
}
