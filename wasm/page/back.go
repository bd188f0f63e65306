package page

import (
	"strconv"
	"strings"
)

// The ways back from a detour: a lesson note's Try it takes the reader to a row or a panel, a
// Why rule's name to the switch, note or catalog entry that explains it, and each leaves there
// the way back, so following one is a detour, not a dead end. Each way back is a button, not a
// link: the focus it moves lands on a button (the Try it, the rule), which would take the Enter
// that followed a link (a link follows on keydown, a button on keypress) and leave again.

// BackToNote is the line a Try it leaves at the end of the section it took the reader to: the
// way back to its button.
func BackToNote(button string) Node {
	return E("p", "class", "back-line", "id", "back-to-note").With(
		E("button", "type", "button", "class", "back", "data-to", button).Say("↩ Back to the note"))
}

// BackToRule is the line a Why rule leaves where it took the reader: the way back to from, the
// id of what held the rule.
func BackToRule(from string) Node {
	return E("p", "class", "back-line", "id", "back-to-rule").With(
		E("button", "type", "button", "class", "back", "data-from", from).Say("↩ " + BackLabel(from)))
}

// BackLabel names the way back to from: "Back to row 3" for the results table's row 3 (its
// id, resultID), and the panel for the readings outside the table.
func BackLabel(from string) string {
	if n, ok := strings.CutPrefix(from, "result-"); ok {
		if i, err := strconv.Atoi(n); err == nil && i > 0 {
			return "Back to row " + n
		}
	}
	switch from {
	case "learner-results":
		return "Back to Try your own"
	case "loop-steps":
		return "Back to the loop"
	case "http-results":
		return "Back to the vendor responses"
	}
	return "Back to the result"
}
