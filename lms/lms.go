// Package lms decides what the playground records in a course site: the SCORM 1.2 and 2004
// data-model values a run sets and in which order, the score, the resume data, and the xAPI
// statements a host with its own record store receives. It is pure Go, tested natively; the
// page's app (wasm/app) only finds the LMS's API object and makes the calls this package lists.
//
// Vocabulary:
//   - A version is SCORM 1.2 (the LMS's window.API) or SCORM 2004 4th Edition
//     (window.API_1484_11). Their data models name the same things differently (Names).
//   - A row is one row of the table as recorded: its input, the prediction that counts (the one
//     made before the row's result was shown; "" when none), whether its result has been shown,
//     and the code it got.
//   - A set is one SetValue call: an element of the data model and its value. Record returns
//     the sets of one run in the order the standards require (an interaction's id and type
//     before its response).
//   - The table id is a hash of the table's tool and inputs (TableID): the same table gives the
//     same interaction ids, resume data and xAPI activity ids in every package and every embed.
//   - The mastery is what the LMS gives as the pass mark: 1.2's cmi.student_data.mastery_score
//     (0 to 100) or 2004's cmi.scaled_passing_score (-1 to 1); "" when it gives none, and then
//     the record says neither passed nor failed.
//
// Moodle's rules are the ones followed where LMSs differ (mod/scorm/datamodels/scorm_12.js,
// scorm_13.js): a 1.2 interaction id is printable ASCII without spaces, a 2004 one a URN; 1.2
// suspend_data holds 4,096 characters, 2004's 64,000; a score is a percentage.
package lms

import (
	"math"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// Version is the SCORM version of a package and of the API it talks to.
type Version int

const (
	// SCORM12 is SCORM 1.2: window.API, LMSInitialize, cmi.core.*.
	SCORM12 Version = iota + 1
	// SCORM2004 is SCORM 2004 4th Edition: window.API_1484_11, Initialize, cmi.*.
	SCORM2004
)

// ParseVersion reads the launch page's data-lms attribute ("scorm12", "scorm2004").
func ParseVersion(s string) (Version, bool) {
	switch s {
	case "scorm12":
		return SCORM12, true
	case "scorm2004":
		return SCORM2004, true
	}
	return 0, false
}

// String is the attribute's value and the package's file-name suffix.
func (v Version) String() string {
	if v == SCORM2004 {
		return "scorm2004"
	}
	return "scorm12"
}

// MaxInteractions is how many rows get an interaction of their own: the first 250. The score
// still counts every row.
const MaxInteractions = 250

// Row is one row of a run as recorded (see the package doc).
type Row struct {
	Input     string
	Predicted coerce.Code // the prediction that counts, "" for none
	Shown     bool        // the row's result has been shown
	Got       coerce.Code // the code it got, when Shown
}

// Right reports whether the row's counted prediction matched the code it got.
func (r Row) Right() bool { return r.Shown && r.Predicted != "" && r.Predicted == r.Got }

// Score is a run's tally.
type Score struct {
	Rows, Right, Predicted, Shown int
}

// Tally counts rows.
func Tally(rows []Row) Score {
	sc := Score{Rows: len(rows)}
	for _, r := range rows {
		if r.Right() {
			sc.Right++
		}
		if r.Predicted != "" {
			sc.Predicted++
		}
		if r.Shown {
			sc.Shown++
		}
	}
	return sc
}

// Percent is round(100 × right ÷ rows), halves up: the score LMSs grade on (raw, 0 to 100).
func (s Score) Percent() int {
	if s.Rows == 0 {
		return 0
	}
	return (200*s.Right + s.Rows) / (2 * s.Rows)
}

// Scaled is right ÷ rows with 4 decimals, as 2004's cmi.score.scaled and xAPI's score.scaled.
func (s Score) Scaled() string { return ratio(s.Right, s.Rows) }

// Progress is predicted ÷ rows with 4 decimals: 2004's cmi.progress_measure.
func (s Score) Progress() string { return ratio(s.Predicted, s.Rows) }

// Complete reports whether every row's result has been shown.
func (s Score) Complete() bool { return s.Rows > 0 && s.Shown == s.Rows }

func ratio(n, d int) string {
	if d == 0 {
		return "0"
	}
	return strconv.FormatFloat(math.Round(float64(n)*10000/float64(d))/10000, 'f', -1, 64)
}

// TableID is the table's id: 16 hex digits of the 64-bit FNV-1a hash of its tool (its name,
// and its definition when the table declares its own) and its inputs, each ended by a newline. Expected codes, notes and the mode are not part of it: a
// learner's predictions do not make it another table. (FNV, not SHA-256: the page links no
// crypto code for an id that guards nothing.)
func TableID(t lesson.Table) string {
	h := uint64(14695981039346656037)
	add := func(s string) {
		for i := 0; i < len(s); i++ {
			h ^= uint64(s[i])
			h *= 1099511628211
		}
		h ^= '\n'
		h *= 1099511628211
	}
	add(t.ToolName())
	if t.ToolDef != "" { // a tool declared as data: another definition is another table
		add(t.ToolDef)
	}
	for _, r := range t.Rows {
		add(r.Input)
	}
	s := strconv.FormatUint(h, 16)
	return strings.Repeat("0", 16-len(s)) + s
}

// ActivityID is the IRI of a table as an activity, shared by 2004's interaction ids and xAPI.
func ActivityID(id string) string { return "urn:coerce-playground:" + id }

// RowID is row i's (from 0) interaction id: row-N in 1.2 (printable ASCII, no spaces: Moodle's
// CMIIdentifier), the table's URN and :row:N in 2004 (a long identifier) and xAPI.
func RowID(v Version, id string, i int) string {
	n := strconv.Itoa(i + 1)
	if v == SCORM12 {
		return "row-" + n
	}
	return ActivityID(id) + ":row:" + n
}

// Rows is t as recorded after a run whose results are results (nil before any run). In predict
// mode a row's result counts as shown when its prediction is locked (page.State.Locked: Run
// locked it, so its prediction is the one made before the result was shown); in check mode,
// where the expected codes are the instructor's, when the run had it.
func Rows(t lesson.Table, results []lesson.Result, locked func(i int) bool) []Row {
	rows := make([]Row, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = Row{Input: r.Input, Predicted: r.Want}
		if i < len(results) && results[i].Input == r.Input && (t.Mode != lesson.PredictMode || locked(i)) {
			rows[i].Shown, rows[i].Got = true, results[i].Code
		}
	}
	return rows
}
