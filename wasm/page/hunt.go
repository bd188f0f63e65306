package page

// The hunt (a table in lesson.HuntMode): after Run, the score, then one line per mutant in play.
// A surviving mutant shows its peer and its sentence, never an input that would catch it; a caught
// one names the rows that caught it, and its Why shows the mutant's steps, the loosened one
// marked, beside the lesson's steps on the same row. A passing row that catches nothing new says so.

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// Hunt is the last Run's hunt: nil unless the table is in hunt mode and its results are those
// of that Run.
func (s *State) Hunt() *lesson.Hunt {
	if s.hunt == nil || s.results == nil || s.table.Mode != lesson.HuntMode || len(s.hunt.Rows) != len(s.results) {
		return nil
	}
	return s.hunt
}

// HuntScore is what id="hunt-score" says: its data-caught, data-mutants and data-broken, and
// the sentence.
type HuntScore struct {
	Caught, Mutants, Broken int
	Text                    string
}

// ScoreOf is h's score.
func ScoreOf(h lesson.Hunt) HuntScore {
	return HuntScore{Caught: h.Score(), Mutants: len(h.Mutants), Broken: h.Broken(), Text: huntScore(h)}
}

// MutantsView is the items of id="mutants": one li per mutant in play, with data-mutant,
// data-caught and data-by.
func MutantsView(h lesson.Hunt) []Node {
	out := make([]Node, len(h.Mutants))
	for i, v := range h.Mutants {
		out[i] = mutantView(h, v)
	}
	return out
}

// huntScore says the score in words.
func huntScore(h lesson.Hunt) string {
	s := "Caught " + strconv.Itoa(h.Score()) + " of " + strconv.Itoa(len(h.Mutants)) + " mutants."
	switch b := h.Broken(); b {
	case 0:
	case 1:
		s += " 1 row is wrong on the real tool, so it catches nothing."
	default:
		s += " " + strconv.Itoa(b) + " rows are wrong on the real tool, so they catch nothing."
	}
	return s
}

// mutantView is one mutant's line.
func mutantView(h lesson.Hunt, v lesson.Verdict) Node {
	by := make([]string, len(v.By))
	for i, r := range v.By {
		by[i] = strconv.Itoa(r + 1)
	}
	li := E("li", "data-mutant", v.Name, "data-caught", strconv.FormatBool(v.Caught()), "data-by", strings.Join(by, ","))
	li = li.With(E("code").Say(v.Name), T(" "))
	if !v.Caught() {
		return li.With(E("span", "class", "survived").Say("survived"), T(": "+v.Sentence+" ("+v.Peer+")"))
	}
	rows := "row " + by[0]
	if len(by) > 1 {
		rows = "rows " + strings.Join(by, ", ")
	}
	li = li.With(E("span", "class", "caught").Say("caught"), T(" by "+rows+": "+v.Sentence+" ("+v.Peer+")"))
	held := h.Rows[v.By[0]]
	why := E("details", "class", "why").With(E("summary").Say("Why: the loosened rule beside the rule that held"),
		E("p").Say("The mutant answers "+string(v.Answer.Code)+"; the lesson answers "+string(held.Code)+"."),
		huntSteps("The mutant", v.Answer.Trace, v.Answer.Code), huntSteps("The lesson", held.Trace, held.Code))
	return li.With(why)
}

// huntSteps is one call's steps, headed by whose they are; a loosened step is marked.
func huntSteps(whose string, t coerce.Trace, code coerce.Code) Node {
	list := E("ol", "class", "steps")
	for i, w := range WhyFor(t, code) {
		item := E("li").With(E("strong").Say(w.Rule), T(": "+w.Text))
		if t[i].Loosened {
			item = item.Set("class", "loosened").With(T(" (loosened)"))
		}
		list = list.With(item)
	}
	return E("div", "class", "hunt-steps").With(E("p").Say(whose+":"), list)
}

// RedundantView is the items of id="hunt-rows": the passing rows that caught no mutant an
// earlier row had not, each saying so.
func RedundantView(h lesson.Hunt) []Node {
	var out []Node
	for i, r := range h.Rows {
		if r.Pass && len(h.New[i]) == 0 {
			out = append(out, E("li", "data-row", strconv.Itoa(i+1)).Say("Row "+strconv.Itoa(i+1)+" catches nothing new: every mutant it tells apart, an earlier row caught, or none answers differently."))
		}
	}
	return out
}
