package lesson

import (
	_ "embed"
	"strconv"
	"strings"

	"coerceplayground/coerce"
)

//go:embed loops.txt
var loopPresets string

// Call is one raw call of a scripted fake model.
type Call struct {
	Tool, Input string
}

// Script is a fake model: the calls it makes, in order, whatever it is told.
type Script struct {
	Name, Title string
	Calls       []Call
}

// Step is one call of a loop and what the runtime decided after it. Sent is false for the calls
// the model never got to make because the runtime had stopped the loop.
type Step struct {
	Call
	Sent     bool
	Result   Result
	Decision coerce.Decision
	Reason   string
	// Count and Cap are the verdict's: how many outcomes of this kind the conversation has had,
	// against which catalog cap (both zero for ok and for a call not sent).
	Count, Cap int
	// Why explains the decision (coerce.Verdict.Trace): the code, the count against the cap, and
	// what the runtime does; nil for a call not sent.
	Why coerce.Trace
}

// MaxScriptCalls bounds a script: a loop that needs more has already gone wrong.
const MaxScriptCalls = 50

// Presets returns the lesson's loop scripts.
func Presets() []Script {
	var out []Script
	for _, block := range strings.Split(loopPresets, "\n## ")[1:] {
		head, body, _ := strings.Cut(block, "\n")
		name, title, _ := strings.Cut(head, ": ")
		s, err := ParseScript(body)
		if err != nil {
			panic("lesson: loops.txt preset " + name + ": " + err.Error()) // caught by the tests
		}
		s.Name, s.Title = strings.TrimSpace(name), strings.TrimSpace(title)
		out = append(out, s)
	}
	return out
}

// ParseScript reads a script: one call per line, the tool name then its raw input; # comments
// and blank lines are skipped. A bad line is a *ParseError naming it.
func ParseScript(text string) (Script, error) {
	var s Script
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimRight(line, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		tool, input, _ := strings.Cut(line, " ")
		input = strings.TrimSpace(input)
		switch {
		case !isTool(tool):
			return Script{}, &ParseError{n + 1, "a call starts with a tool name: " + strings.Join(ToolNames(), ", ")}
		case input == "":
			return Script{}, &ParseError{n + 1, "the call has no input after " + tool}
		case len(input) > MaxInputBytes:
			return Script{}, &ParseError{n + 1, InputProblem(input)}
		case len(s.Calls) == MaxScriptCalls:
			return Script{}, &ParseError{n + 1, "a script holds at most " + strconv.Itoa(MaxScriptCalls) + " calls"}
		}
		s.Calls = append(s.Calls, Call{Tool: tool, Input: input})
	}
	return s, nil
}

// FormatScript writes s in the format ParseScript reads.
func FormatScript(s Script) string {
	var b strings.Builder
	for _, c := range s.Calls {
		b.WriteString(c.Tool + " " + c.Input + "\n")
	}
	return b.String()
}

// RunLoop plays a script through a fresh retry budget: each call is dispatched and its outcome
// fed to the budget; once the budget says stop or hand off, the remaining calls are not sent.
func (l *Lab) RunLoop(s Script) []Step {
	budget := coerce.NewBudget()
	steps := make([]Step, len(s.Calls))
	over := false
	for i, c := range s.Calls {
		steps[i].Call = c
		if over {
			steps[i].Reason = "not sent: the runtime ended the loop"
			continue
		}
		r := l.RunRow(c.Tool, Row{Input: c.Input})
		o := coerce.Outcome{Tool: r.Tool, Code: coerce.Code(r.Code), Field: r.Field}
		v := budget.Observe(o)
		steps[i].Sent, steps[i].Result, steps[i].Decision, steps[i].Reason = true, r, v.Decision, v.Reason
		steps[i].Count, steps[i].Cap, steps[i].Why = v.Count, v.Cap, v.Trace(o)
		over = v.Decision == coerce.Stop || v.Decision == coerce.Handoff
	}
	return steps
}
