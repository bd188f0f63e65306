package page

import (
	"slices"
	"strings"

	"coerceplayground/lesson"
)

// The lesson's question follows the table: the tool it calls, with its arguments, and the inputs
// its rows send, so a table of 42, "17.0" and 0017 asks about those, and a refund table about
// refund; or it is the instructor's own text (lesson.Table.Question: a @question line, the
// link's "question"). The page's header and an embed's table panel show it.

// questionInputs is how many of the table's inputs the question names before "…".
const questionInputs = 8

// Question is the question about the table t calling a tool with the arguments fields: t's own
// when it has one, else the one built from the tool and t's inputs.
func Question(tool string, fields []string, t lesson.Table) []Node {
	if t.Question != "" {
		return []Node{T(t.Question)}
	}
	sig := tool + "(" + strings.Join(fields, ", ") + ")"
	out := []Node{T("A language model calls the tool "), E("code").Say(sig), T(". ")}
	var ins []string
	more := 0
	for _, r := range t.Rows {
		in := strings.TrimSpace(r.Input)
		if in == "" || slices.Contains(ins, in) {
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
	return Question(tool, s.lab.Fields(tool), s.table)
}

// BuiltQuestion is the question the page builds from the table's tool and inputs, as text: what
// the table asks when it has no question of its own (the question field's placeholder).
func (s *State) BuiltQuestion() string {
	t := s.table
	t.Question = ""
	return QuestionText(Question(s.Tool(), s.lab.Fields(s.Tool()), t))
}

// SetQuestion sets the table's own question ("" for the one built from the table), trimmed. A
// question that is not one line, or over its limit, is refused: the table keeps its question and
// the sentence returned says why; "" means the change was made (or there was none).
func (s *State) SetQuestion(q string) string {
	q = strings.TrimSpace(q)
	if q == s.table.Question {
		return ""
	}
	if msg := lesson.QuestionProblem(q); msg != "" {
		return "The question was not changed: " + msg + "."
	}
	old := s.table.Question
	s.table.Question = q
	if len(q) > len(old) {
		if msg := lesson.SizeProblem(s.table); msg != "" {
			s.table.Question = old
			return "The question was not changed: " + msg + "."
		}
	}
	s.emit(SetupChanged) // the results still describe the table: only its question changed
	return ""
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
