// Package page is the playground page's state and the logic behind its
// controls, without the DOM, so that it runs under go test. The browser app
// (wasm/app) reads the DOM, calls this package and renders what it returns.
//
// Vocabulary, as on the page and in the README:
//   - the table is the instructor's list of rows (input and want); the
//     lesson's table is lesson.Classroom();
//   - a run turns each row into a lesson.Result: its code and observation, and
//     whether the code matches the row's want (pass);
//   - the fragment is the part of the page URL after '#'. "table=" + payload
//     in it carries a whole table (lesson.EncodeShare); other "key=value"
//     pairs, joined by '&', are left for later options;
//   - the saved table is the copy kept in the browser's localStorage.
package page

import (
	"strings"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// StorageKey is the localStorage key of the saved table.
const StorageKey = "coerce-playground:table"

// predictNotice is the sentence shown when a predict-mode table arrives.
const predictNotice = "Predict mode: choose the code you expect for each row, then press Run to check."

// Start is the table the page opens with and what to tell the reader about
// where it came from.
type Start struct {
	Table lesson.Table
	// Notice is a sentence for the reader, or "" when there is nothing to say.
	Notice string
	// FromLink is true when the table came from the fragment.
	FromLink bool
	// Lesson is true when the table is the lesson's own, from neither a link nor the
	// browser's storage: what the build wrote into index.html (Prerendered).
	Lesson bool
	// Offer, when not nil, holds the readable rows of a link (or of the saved table) that has
	// rows that cannot be read: Table is not them, and the notice offers to open them.
	Offer *Offer
	// Learner is the learner's history kept in the saved copy, oldest first. It is this
	// browser's, not the table's: it comes back whichever table opens.
	Learner []lesson.Tried
	// Locked are the rows of Table whose prediction the saved copy kept locked
	// (State.RestoreLocks); nil unless Table is the saved one.
	Locked []int
}

// Choose picks the opening table from what the page opened with: the fragment f
// (embed.ParseFragment), the saved copy and, in an embed (embedded), its options. The
// fragment's table comes first, else the saved one, else the lesson's. A fragment or saved
// table that cannot be read gives the lesson's table and a notice saying so; it is never
// half-loaded. When only some of its rows cannot be read, the notice names them and Offer
// holds the others, for the reader to open or not. An embed's mode=predict makes the table a
// worksheet here, so that the page draws it once.
func Choose(f embed.Fragment, saved string, embedded bool) Start {
	var copy lesson.Saved
	var savedErr error
	if saved != "" {
		copy, savedErr = lesson.DecodeSaved(saved)
	}
	st := choose(f, copy.Table, saved != "", savedErr)
	if f.HasTable && f.Err == nil && savedErr == nil && len(copy.Locked) > 0 && sameWorksheet(f.Table, copy.Table) {
		// The link of a worksheet this browser has already run: the work comes back, locks and
		// all, or a reload of a course page would hand the student a fresh worksheet to predict
		// with the results in mind.
		st = Start{Table: copy.Table, Notice: workBackNotice}
	}
	st.Learner = copy.Learner
	if saved != "" && savedErr == nil && !st.FromLink && !st.Lesson {
		st.Locked = copy.Locked
	}
	if embedded && f.Options.Predict && st.Table.Mode != lesson.PredictMode {
		st.Table = lesson.Worksheet(st.Table)
		st.Lesson = false
		if st.Notice == "" {
			st.Notice = predictNotice
		}
	}
	return st
}

// workBackNotice is the sentence shown when a worksheet's link opens on the work this browser kept.
const workBackNotice = "Your predictions for this table are back, as this browser kept them: the rows that have run stay locked."

// sameWorksheet reports whether a and b are the same worksheet: the same tool, question and rows,
// whatever the predictions.
func sameWorksheet(a, b lesson.Table) bool {
	return a.Mode == lesson.PredictMode && b.Mode == lesson.PredictMode &&
		lesson.EncodeShare(lesson.Worksheet(a.Filled())) == lesson.EncodeShare(lesson.Worksheet(b.Filled()))
}

func choose(f embed.Fragment, saved lesson.Table, hasSaved bool, savedErr error) Start {
	switch {
	case f.HasTable && f.Err != nil:
		st := Start{Table: lesson.Opening()}
		st.Offer = offerOf(f.Err, "the link")
		st.Notice = "This link's table could not be read (" + shareReason(f.Err) + "), so the lesson's table is shown instead. "
		if st.Offer != nil {
			st.Notice += "You can open its readable rows, or ask for a new link."
		} else {
			st.Notice += "Ask for a new link."
		}
		return st
	case f.HasTable:
		t, predict := lesson.ForLearner(f.Table)
		st := Start{Table: t, FromLink: true}
		if predict {
			st.Notice = predictNotice
		}
		return st
	case hasSaved && savedErr != nil:
		st := Start{Table: lesson.Opening(), Offer: offerOf(savedErr, "the saved table")}
		st.Notice = "The table saved in this browser could not be read"
		if st.Offer != nil {
			st.Notice += " (" + shareReason(savedErr) + "), so the lesson's table is shown instead. You can open its readable rows."
		} else {
			st.Notice += ", so the lesson's table is shown instead."
		}
		return st
	case hasSaved:
		return Start{Table: saved}
	}
	return Start{Table: lesson.Opening(), Lesson: true}
}

// shareReason is DecodeShare's error without its common start: "row 3: the input is empty".
func shareReason(err error) string {
	return strings.TrimPrefix(err.Error(), lesson.ErrShare.Error()+": ")
}

// Greeting is what the page says on opening about where the table came from, or "". An embed's
// table always comes from its link: saying so there only puzzles a learner.
func (st Start) Greeting(embed bool) string {
	switch {
	case st.Notice != "":
		return st.Notice
	case st.FromLink && !embed:
		return "This table came from the link you opened. Your changes stay in this browser; use Copy link to share them."
	}
	return ""
}

// Pasted is what to do with a fragment pasted into the address bar of the open page: replace is
// true when its table is to replace the reader's (with Undo, as any replacement); msg is the
// notice, "" when the fragment holds no table and there is nothing to do. A table that cannot be
// read replaces nothing: the reader's current table stays and the notice says so (not the
// start-up notice, which offers the lesson's table instead); when only some of its rows cannot
// be read, offer holds the others for the reader to open or not.
func Pasted(f embed.Fragment) (t lesson.Table, msg string, replace bool, offer *Offer) {
	if !f.HasTable {
		return lesson.Table{}, "", false, nil
	}
	if f.Err != nil {
		msg = "This link's table could not be read (" + shareReason(f.Err) + "), so your current table was kept. "
		if offer = offerOf(f.Err, "the link"); offer != nil {
			return lesson.Table{}, msg + "You can open its readable rows, or ask for a new link.", false, offer
		}
		return lesson.Table{}, msg + "Ask for a new link.", false, nil
	}
	next := choose(f, lesson.Table{}, false, nil)
	msg = "Loaded the table from the link."
	if next.Notice != "" {
		msg += " " + next.Notice
	}
	return next.Table, msg, true, nil
}

// Unlinked is the page's URL (path, query and fragment as the Location has them) without the
// table in its fragment, the other options kept; ok is false when the fragment holds no table.
// Once the reader edits the table, the address bar must not hold a link to the old one.
func Unlinked(path, query, fragment string) (url string, ok bool) {
	rest, had := embed.WithoutTable(fragment)
	if !had {
		return "", false
	}
	url = path + query
	if rest != "" {
		url += "#" + rest
	}
	return url, true
}

// ShareLink returns the page URL href with the table in its fragment: the
// link Copy link puts on the clipboard. Rows whose input is still empty are
// left out, since a link must load as a valid table.
func ShareLink(href string, t lesson.Table) string {
	base, fragment, _ := strings.Cut(href, "#")
	return base + "#" + embed.WithTable(fragment, lesson.EncodeShare(lesson.Shared(t)))
}

// Import reads the plain-text table format. The error names the line.
func Import(text string) (lesson.Table, error) {
	t, err := lesson.ParseTable(text)
	if err != nil {
		return lesson.Table{}, err
	}
	if len(t.Rows) == 0 {
		return lesson.Table{}, &lesson.ParseError{Line: 1, Msg: "the text has no rows; write one row per line: the input, then the expected code"}
	}
	if err := t.Check(); err != nil {
		return lesson.Table{}, err
	}
	return t, nil
}

// TableMeta is what the editor says under the table about the table as a whole (its tool when
// not the default one, predict mode), or "" when there is nothing to say.
func TableMeta(t lesson.Table) string {
	var meta []string
	if tool := t.ToolName(); tool != lesson.DefaultTool {
		meta = append(meta, "The rows call "+tool+".")
	}
	if t.Mode == lesson.PredictMode {
		meta = append(meta, "Predict mode: Copy link, Copy embed code and Export start on the worksheet, which carries no expected code; pick the answer key to keep them.")
	}
	return strings.Join(meta, " ")
}
