package page

// The Export dialog's text: the table in the text format as a worksheet or an answer key
// (handout.go), and, for the answer key when asked and the last run's results still describe the
// table, each row's result and Why as comment lines Import skips.

import (
	"strings"

	"coerceplayground/lesson"
)

// ExportOffer says whether the Export dialog offers the results with the handout h (the answer
// key, while there are results and no edit or switch made them stale: a worksheet carries no
// answers) and whether the offer starts ticked: not in predict mode, where the results are the
// answers the student is still to predict.
func (s *State) ExportOffer(h Handout) (offer, ticked bool) {
	offer = h == AnswerKey && s.results != nil && !s.Stale() && len(s.results) == len(s.table.Rows)
	return offer, offer && s.table.Mode != lesson.PredictMode
}

// Export is the text the Export dialog shows: the table as h hands it on (State.Handed), with
// each row's result and trace under it (lesson.FormatTableResults) when withResults and the
// dialog offers them. Import reads either back as the same table.
func (s *State) Export(h Handout, withResults bool) string {
	t := s.Handed(h)
	if offer, _ := s.ExportOffer(h); !withResults || !offer {
		return lesson.FormatTable(t)
	}
	// Handed leaves out the rows with a blank input; so do their results. A result is marked
	// against the code its row is exported with.
	res := make([]lesson.Result, 0, len(t.Rows))
	for i, r := range s.table.Rows {
		if strings.TrimSpace(r.Input) != "" {
			x := s.results[i]
			x.Want = t.Rows[len(res)].Want
			x.Pass = x.Want != "" && x.Want == x.Code
			res = append(res, x)
		}
	}
	return lesson.FormatTableResults(t, res)
}
