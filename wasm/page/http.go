package page

// The vendor-responses panel: HTTP responses of a vendor API, normalized into the catalog's codes.

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// maxBodyBytes bounds a vendor response body in the panel's editor: an HTML error page or a
// traceback fits; the normalizer reads only its start anyway.
const maxBodyBytes = 16 << 10

// HTTPDraft is a vendor response as its editor holds it: text fields, checked or not.
type HTTPDraft struct {
	Status, Headers, Body string
	Deadline              bool
	Want                  coerce.Code
	Note                  string
}

// draftOf is the editor's view of a response.
func draftOf(r lesson.HTTPRow) HTTPDraft {
	d := HTTPDraft{Headers: strings.Join(r.Headers, "\n"), Body: r.Body, Deadline: r.Deadline, Want: r.Want, Note: r.Note}
	if r.Status != 0 {
		d.Status = strconv.Itoa(r.Status)
	}
	return d
}

// HTTPDrafts is draftOf for each row.
func HTTPDrafts(rows []lesson.HTTPRow) []HTTPDraft {
	out := make([]HTTPDraft, len(rows))
	for i, r := range rows {
		out[i] = draftOf(r)
	}
	return out
}

// Row checks a draft and returns the response it describes. The error says which field is
// wrong and what it should hold; the caller adds the row number.
func (d HTTPDraft) Row() (lesson.HTTPRow, error) {
	r := lesson.HTTPRow{Body: d.Body, Deadline: d.Deadline, Want: d.Want, Note: d.Note}
	if st := strings.TrimSpace(d.Status); st != "" || !d.Deadline {
		n, err := strconv.Atoi(st)
		if err != nil || n < 100 || n > 599 {
			return r, msgError("the status is a number from 100 to 599, such as 429 (or tick “deadline passed”)")
		}
		r.Status = n
	}
	for _, line := range strings.Split(d.Headers, "\n") {
		line = strings.TrimSpace(strings.TrimRight(line, "\r"))
		if line == "" {
			continue
		}
		if name, _, ok := strings.Cut(line, ":"); !ok || strings.TrimSpace(name) == "" {
			return r, msgError("each header line is “Name: value”, such as Retry-After: 30")
		}
		r.Headers = append(r.Headers, line)
	}
	if len(r.Body) > maxBodyBytes {
		return r, msgError("the body is " + lesson.Bytes(len(r.Body)) + ", over the limit of " + lesson.Bytes(maxBodyBytes))
	}
	return r, nil
}

// HTTPRowsOf checks every draft; the error names the first bad row ("Row 2: …").
func HTTPRowsOf(drafts []HTTPDraft) ([]lesson.HTTPRow, error) {
	if len(drafts) > lesson.MaxRows {
		return nil, msgError("at most " + strconv.Itoa(lesson.MaxRows) + " responses")
	}
	rows := make([]lesson.HTTPRow, len(drafts))
	for i, d := range drafts {
		r, err := d.Row()
		if err != nil {
			return nil, msgError("Row " + strconv.Itoa(i+1) + ": " + err.Error() + ".")
		}
		rows[i] = r
	}
	return rows, nil
}

// RunHTTP normalizes vendor responses on the classroom clock and counts their codes in the
// session's metrics.
func (s *State) RunHTTP(rows []lesson.HTTPRow) (res []lesson.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, panicError(p)
		}
	}()
	res = lesson.RunHTTP(rows, nil)
	for _, r := range res {
		s.set.metrics.Add(vendorTool, coerce.Code(r.Code))
	}
	s.emit(Counted)
	return res, nil
}

// HTTPSummary is the sentence read out after the vendor responses ran.
func HTTPSummary(res []lesson.Result) string {
	sum := lesson.Summarize(res)
	msg := plural(len(res), "response", "responses") + ": " + strconv.Itoa(sum.Passed) + " gave the expected code"
	if sum.Failed > 0 {
		msg += ", " + strconv.Itoa(sum.Failed) + " did not"
	}
	return msg + "."
}

// FindHTTPRow is the first row a Try it target names: a status such as "429", or "deadline".
func FindHTTPRow(rows []lesson.HTTPRow, target string) int {
	for i, r := range rows {
		if r.Deadline && target == "deadline" || !r.Deadline && strconv.Itoa(r.Status) == target {
			return i
		}
	}
	return -1
}
