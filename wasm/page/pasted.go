package page

import (
	"strings"

	"coerceplayground/lesson"
)

// Pasted is what a link pasted into the address bar of an open page does
// (only its fragment changes, so the page is not reloaded). load is false
// when the fragment holds no table. A table that cannot be read replaces
// nothing: the reader's current table stays, and Notice says so; it is not
// the start-up message, which offers the lesson's table instead.
func Pasted(fragment string) (st Start, load bool) {
	payload, ok := FragmentTable(fragment)
	if !ok {
		return Start{}, false
	}
	t, err := lesson.DecodeShare(payload)
	if err != nil {
		return Start{Notice: "This link's table could not be read (" +
			strings.TrimPrefix(err.Error(), lesson.ErrShare.Error()+": ") +
			"), so your current table was kept. Ask for a new link."}, false
	}
	t, predict := ForLearner(t)
	st = Start{Table: t, FromLink: true, Notice: "Loaded the table from the link."}
	if predict {
		st.Notice += " " + PredictNotice
	}
	return st, true
}
