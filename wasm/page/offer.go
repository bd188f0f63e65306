package page

// A link with rows that cannot be read (lesson.UnreadableRows): the page keeps the table it has,
// names the rows, and offers the rest; the reader chooses. A table is never opened partly
// without the reader's say, and once opened the notice still says which rows were left out.

import (
	"errors"
	"strconv"
	"strings"

	"coerceplayground/lesson"
)

// Offer is the readable part of a table that has rows that cannot be read.
type Offer struct {
	// Table is the readable rows, as a learner gets them (lesson.ForLearner: a predict-mode table's
	// expected codes cleared).
	Table lesson.Table
	// Bad are the rows left out, numbered as the link holds them.
	Bad []lesson.BadRow
	// From is where the rows came from, for the notice: "the link", "the saved table".
	From string
}

// offerOf is the offer an error of DecodeShare makes, or nil: only a table whose other rows can
// be read, and of which at least one can, is offered.
func offerOf(err error, from string) *Offer {
	var u *lesson.UnreadableRows
	if !errors.As(err, &u) || len(u.Readable.Rows) == 0 {
		return nil
	}
	t, _ := lesson.ForLearner(u.Readable)
	return &Offer{Table: t, Bad: u.Bad, From: from}
}

// Label is the offer's button: "Open the 5 readable rows".
func (o *Offer) Label() string {
	if len(o.Table.Rows) == 1 {
		return "Open the readable row"
	}
	return "Open the " + strconv.Itoa(len(o.Table.Rows)) + " readable rows"
}

// Opened is the notice once the reader took the offer: what was opened and which rows were
// left out, so the table is never partial without saying so.
func (o *Offer) Opened() string {
	return "Opened " + Plural(len(o.Table.Rows), "readable row", "readable rows") + " of " + o.From + ". Left out: " + leftOut(o.Bad) + "."
}

// leftOut names the rows left out: "row 3 (the input is empty)", or "rows 3, 7 and 9" for more
// (up to ten numbers, then how many more).
func leftOut(bad []lesson.BadRow) string {
	if len(bad) == 1 {
		return "row " + strconv.Itoa(bad[0].Row) + " (" + bad[0].Msg + ")"
	}
	var nums []string
	for i, b := range bad {
		if i == 10 {
			nums = append(nums, strconv.Itoa(len(bad)-10)+" more")
			break
		}
		nums = append(nums, strconv.Itoa(b.Row))
	}
	last := len(nums) - 1
	return "rows " + strings.Join(nums[:last], ", ") + " and " + nums[last]
}
