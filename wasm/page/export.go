package page

// The Export dialog's text: the table in the text format, and, when asked and the last run's
// results still describe it, each row's result and Why as comment lines Import skips.

import (
	"strings"

	"coerceplayground/lesson"
)

// ExportOffer says whether the Export dialog offers the results (there are results and no edit
// or switch made them stale) and whether the offer starts ticked: not in predict mode, where the
// results are the answers a worksheet must not carry.
func (s *State) ExportOffer() (offer, ticked bool) {
	offer = s.results != nil && !s.Stale() && len(s.results) == len(s.table.Rows)
	return offer, offer && s.table.Mode != lesson.PredictMode
}

// Export is the text the Export dialog shows: the table as an export keeps it (lesson.Shared), with
// each row's result and trace under it (lesson.FormatTableResults) when withResults and the
// dialog offers them. Import reads either back as the same table.
func (s *State) Export(withResults bool) string {
	t := lesson.Shared(s.table)
	if offer, _ := s.ExportOffer(); !withResults || !offer {
		return lesson.FormatTable(t)
	}
	// lesson.Shared leaves out the rows with a blank input; so do their results. A result is marked
	// against the code its row is exported with (none in predict mode).
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
