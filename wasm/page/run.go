package page

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// Run runs every row and keeps the results. lesson turns a row that panics
// into internal_error; should the lesson itself panic, the page keeps
// working: the results are cleared and the error comes back for a notice.
func (s *State) Run() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
			s.results, s.stale = nil, ""
		}
		s.emit(Ran)
		s.emit(Counted)
	}()
	s.hunt = nil
	if s.table.Mode == lesson.HuntMode {
		h := s.lab.Hunt(s.table)
		s.hunt, s.results, s.stale = &h, h.Rows, ""
	} else {
		s.results, s.stale = s.lab.Run(s.table), ""
	}
	for _, r := range s.results {
		s.set.planned.Add(r.Tool, coerce.Code(r.Code))
	}
	s.lockRan()
	return nil
}

// runOne runs a learner's input against the table's tool.
func (s *State) runOne(input string) (res lesson.Result, err error) {
	return s.runTool(s.Tool(), input)
}

// runTool runs one input against tool, counted in the session.
func (s *State) runTool(tool, input string) (res lesson.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
			return
		}
		s.emit(Counted)
	}()
	return s.lab.RunRow(tool, lesson.Row{Input: input}), nil
}

type panicErr struct{ msg string }

func (e panicErr) Error() string { return e.msg }

func panicError(p any) error {
	switch v := p.(type) {
	case error:
		return panicErr{v.Error()}
	case string:
		return panicErr{v}
	default:
		return panicErr{"unexpected panic"}
	}
}

// msgError is an error that is only its message, for the panels to show.
type msgError string

func (e msgError) Error() string { return string(e) }

// SummaryView is Summary as the results panel shows it: the same words, each wrong row's number
// a link to its result (resultID), so a student goes straight to what was wrong.
func SummaryView(results []lesson.Result) []Node {
	text := Summary(results)
	open, close := strings.Index(text, " wrong (row "), -1
	if open >= 0 {
		open += len(" wrong (row ")
		close = open + strings.Index(text[open:], ")")
	}
	if open < 0 || close < open {
		return []Node{T(text)}
	}
	out := []Node{T(text[:open])}
	for i, part := range strings.Split(text[open:close], ", ") {
		if i > 0 {
			out = append(out, T(", "))
		}
		n, err := strconv.Atoi(part)
		if err != nil {
			out = append(out, T(part)) // the "…" of a long list
			continue
		}
		out = append(out, E("a", "class", "row-link", "href", "#"+resultID(n-1)).Say(part))
	}
	return append(out, T(text[close:]))
}

// RunScoreView is what Run's bar says after a run, for a reader who cannot see the results yet
// (an embed in a frame shorter than them): the score in predict mode, and links to the first
// wrong row and to the results.
func RunScoreView(results []lesson.Result, predict bool) []Node {
	var out []Node
	if predict {
		out = append(out, E("strong").Say(ScorePredictions(results).Sentence()), T(" "))
	}
	for i, r := range results {
		if r.Want != "" && !r.Pass {
			out = append(out, E("a", "class", "row-link", "href", "#"+resultID(i)).Say("Row "+strconv.Itoa(i+1)+" was wrong"), T(" · "))
			break
		}
	}
	return append(out, E("a", "href", "#results-h").Say("See the results"))
}

// resultID is the id of the results table's row for table row i (from 0): "result-1" for the
// first, as the summary names rows.
func resultID(i int) string { return "result-" + strconv.Itoa(i+1) }

// Summary is the sentence read out after a run. Its rows are right, wrong or not predicted,
// the words of the score and of each row's mark.
func Summary(results []lesson.Result) string {
	n := len(results)
	if n == 0 {
		return "The table has no rows. Add a row, then press Run."
	}
	sum := lesson.Summarize(results)
	var b strings.Builder
	b.WriteString(plural(n, "row", "rows"))
	b.WriteString(": ")
	var parts []string
	if sum.Passed > 0 || sum.Failed > 0 {
		parts = append(parts, strconv.Itoa(sum.Passed)+" right")
	}
	if sum.Failed > 0 {
		var which []string
		for i, r := range results {
			if r.Want != "" && !r.Pass {
				which = append(which, strconv.Itoa(i+1))
			}
		}
		if len(which) > 5 {
			which = append(which[:5], "…")
		}
		parts = append(parts, strconv.Itoa(sum.Failed)+" wrong (row "+strings.Join(which, ", ")+")")
	}
	if sum.Unpredicted > 0 {
		parts = append(parts, strconv.Itoa(sum.Unpredicted)+" not predicted")
	}
	b.WriteString(strings.Join(parts, ", "))
	b.WriteString(". ")
	var counts []string
	for _, c := range sum.Counts {
		counts = append(counts, string(c.Code)+" "+strconv.Itoa(c.N))
	}
	b.WriteString("Codes: ")
	b.WriteString(strings.Join(counts, ", "))
	b.WriteString(".")
	return b.String()
}

// Plural is n with the noun that fits it: "1 row", "3 rows".
func Plural(n int, one, many string) string { return plural(n, one, many) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
