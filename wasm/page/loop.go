package page

// The loop panel: a script of calls played through the runtime's retry budget.

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// RunLoop plays a script through the runtime's retry budget with the page's permissions and
// switches. A panic in the lesson comes back as an error.
func (s *State) RunLoop(sc lesson.Script) (steps []lesson.Step, err error) {
	defer func() {
		if p := recover(); p != nil {
			steps, err = nil, panicError(p)
			return
		}
		s.emit(Counted)
	}()
	return s.lab.RunLoop(sc), nil
}

// PresetNamed is the lesson's loop script called name.
func PresetNamed(name string) (lesson.Script, bool) {
	for _, p := range lesson.Presets() {
		if p.Name == name {
			return p, true
		}
	}
	return lesson.Script{}, false
}

// LoopSummary is the sentence read out after a loop: how it ended and how many calls the
// runtime kept the model from making.
func LoopSummary(steps []lesson.Step) string {
	sent, last := 0, lesson.Step{}
	for _, st := range steps {
		if st.Sent {
			sent++
			last = st
		}
	}
	if sent == 0 {
		return "The script has no calls. Write one call per line: the tool, a space, the raw input."
	}
	var b strings.Builder
	switch last.Decision {
	case coerce.Stop, coerce.Handoff:
		b.WriteString("The runtime ended the loop after " + plural(sent, "call", "calls") + ": " + string(last.Decision) + ".")
	case coerce.Retry:
		b.WriteString("The script ran out after " + plural(sent, "call", "calls") + " while the runtime still allowed a retry.")
	default:
		b.WriteString("All " + plural(sent, "call", "calls") + " sent; the last decision is " + string(last.Decision) + ".")
	}
	if n := len(steps) - sent; n > 0 {
		b.WriteString(" " + plural(n, "call was", "calls were") + " not sent.")
	}
	return b.String()
}

// endsLoop reports whether the runtime ends the loop on d: stop or hand off.
func endsLoop(d coerce.Decision) bool { return d == coerce.Stop || d == coerce.Handoff }

// LineError is how a panel shows a *lesson.ParseError: "Line 3: …".
// An error of the table as a whole (line 0: its size, its tool) is a sentence of its own.
func LineError(err error) string {
	pe, ok := err.(*lesson.ParseError)
	switch {
	case ok && pe.Line > 0:
		return "Line " + strconv.Itoa(pe.Line) + ": " + pe.Msg + "."
	case ok && pe.Msg != "":
		return strings.ToUpper(pe.Msg[:1]) + pe.Msg[1:] + "."
	}
	return err.Error()
}
