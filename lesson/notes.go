package lesson

import (
	_ "embed"
	"slices"
	"strconv"
	"strings"
)

// Note is one card of the lesson notes: a title, the HTML body (authored here, never learner
// text), and the Try it targets that demonstrate its claim.
type Note struct {
	Slug, Title, HTML string
	Tries             []Try
}

// Try is a Try it target. Kind is "row" (Tool, Input → Claim code), "loop" (Preset → Claim
// decision), "http" (Target is a status or "deadline" → Claim code), "switch" (Target is a
// switch name; Tool and Input → Claim before, After after) or "panel" (Target names a part of
// the page, such as schema: which parts exist is the page's business, and its tests check every
// note's panel target).
type Try struct {
	Kind, Tool, Input, Target, Claim, After string
}

// The note files, each embedded as a string: embed.FS would link io/fs into the page for
// nothing. TestEveryNoteFileIsListed keeps this list and lesson/notes/ in step.
var (
	//go:embed notes/01-narrow-map.html
	note01 string
	//go:embed notes/02-never-coerced.html
	note02 string
	//go:embed notes/03-where-it-sits.html
	note03 string
	//go:embed notes/04-valid-json-still-wrong.html
	note04 string
	//go:embed notes/05-errors-are-interface.html
	note05 string
	//go:embed notes/06-http-status.html
	note06 string
	//go:embed notes/07-retry-caps.html
	note07 string
	//go:embed notes/08-count-codes.html
	note08 string
	//go:embed notes/09-test-errors.html
	note09 string
	//go:embed notes/10-catalog-next-to-schema.html
	note10 string
)

// noteSources pairs each note's slug with its file, in the order the cards are shown.
func noteSources() [][2]string {
	return [][2]string{
		{"01-narrow-map", note01},
		{"02-never-coerced", note02},
		{"03-where-it-sits", note03},
		{"04-valid-json-still-wrong", note04},
		{"05-errors-are-interface", note05},
		{"06-http-status", note06},
		{"07-retry-caps", note07},
		{"08-count-codes", note08},
		{"09-test-errors", note09},
		{"10-catalog-next-to-schema", note10},
	}
}

// Notes returns the cards in file order. A malformed note file panics: they are embedded and a
// test reads every one.
func Notes() []Note {
	src := noteSources()
	out := make([]Note, 0, len(src))
	for _, s := range src {
		n, err := ParseNote(s[0], s[1])
		if err != nil {
			panic("lesson: notes/" + s[0] + ".html: " + err.Error()) // caught by the tests
		}
		out = append(out, n)
	}
	return out
}

// ParseNote reads "title: …" and "try: …" lines, a "---" line, then the HTML body.
func ParseNote(slug, text string) (Note, error) {
	n := Note{Slug: slug}
	head, body, ok := strings.Cut(text, "\n---\n")
	if !ok {
		return n, &ParseError{0, "a note needs a --- line between its header and its body"}
	}
	n.HTML = strings.TrimSpace(body)
	for i, line := range strings.Split(head, "\n") {
		key, val, _ := strings.Cut(line, ": ")
		switch key {
		case "title":
			n.Title = strings.TrimSpace(val)
		case "try":
			t, msg := parseTry(strings.TrimSpace(val))
			if msg != "" {
				return n, &ParseError{i + 1, msg}
			}
			n.Tries = append(n.Tries, t)
		default:
			if strings.TrimSpace(line) != "" {
				return n, &ParseError{i + 1, "a header line is title: or try:"}
			}
		}
	}
	if n.Title == "" || len(n.Tries) == 0 {
		return n, &ParseError{0, "a note needs a title and at least one try"}
	}
	return n, nil
}

func parseTry(s string) (Try, string) {
	kind, rest, _ := strings.Cut(s, " ")
	t := Try{Kind: kind}
	claim := ""
	if i := strings.LastIndex(rest, " => "); i >= 0 {
		rest, claim = rest[:i], strings.TrimSpace(rest[i+4:])
	}
	switch kind {
	case "panel":
		t.Target = strings.TrimSpace(rest)
		if !isName(t.Target) {
			return t, "a panel target is one lower-case name, such as schema"
		}
		return t, ""
	case "row":
		t.Tool, t.Input, _ = strings.Cut(rest, " ")
		t.Claim = claim
	case "loop", "http":
		t.Target, t.Claim = strings.TrimSpace(rest), claim
	case "switch":
		var more string
		t.Target, more, _ = strings.Cut(rest, " ")
		t.Tool, t.Input, _ = strings.Cut(more, " ")
		t.Claim, t.After, _ = strings.Cut(claim, " -> ")
		if !slices.Contains(SwitchNames(), t.Target) {
			return t, "unknown switch " + strconv.Quote(t.Target)
		}
	default:
		return t, "a try is row, loop, http, switch or panel"
	}
	if claim == "" {
		return t, "a " + kind + " try needs => and what it shows"
	}
	return t, ""
}

// isName reports whether s is a lower-case name: letters, digits and _, starting with a letter.
func isName(s string) bool {
	for i, c := range s {
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= c && c <= '9' || c == '_')) {
			return false
		}
	}
	return s != ""
}
