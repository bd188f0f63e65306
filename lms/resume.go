package lms

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// The resume data (cmi.suspend_data) is "c1;<table id>;<one character per row>": the row's
// counted prediction as its index in lesson.Codes() plus one (0 for none), plus 16 when its
// result has been shown, written in base 32 (0-9, a-v). It is ASCII, so its length in
// characters is its length in bytes, and it grows by one character a row.

// resumePrefix starts the resume data of this format; another start is not ours to read.
const resumePrefix = "c1;"

// ResumeLimit is the most suspend_data v's LMS must keep: 4,096 characters in 1.2 (Moodle's
// default, scorm12standard), 64,000 in 2004.
func ResumeLimit(v Version) int {
	if v == SCORM2004 {
		return 64000
	}
	return 4096
}

// ResumeLen is the length of the resume data of a table of n rows.
func ResumeLen(n int) int { return len(resumePrefix) + 16 + 1 + n }

// FitProblem says why a table of n rows cannot be packaged for v (its resume data would not
// fit in the LMS's suspend_data), or "".
func FitProblem(v Version, n int) string {
	if l := ResumeLen(n); l > ResumeLimit(v) {
		return "the SCORM " + name(v) + " package's resume data for " + strconv.Itoa(n) + " rows is " +
			strconv.Itoa(l) + " characters, over the " + commas(ResumeLimit(v)) +
			" that SCORM " + name(v) + "'s suspend_data holds; a table of at most " +
			strconv.Itoa(ResumeLimit(v)-ResumeLen(0)) + " rows fits"
	}
	return ""
}

func name(v Version) string {
	if v == SCORM2004 {
		return "2004"
	}
	return "1.2"
}

func commas(n int) string {
	s := strconv.Itoa(n)
	if len(s) > 3 {
		return s[:len(s)-3] + "," + s[len(s)-3:]
	}
	return s
}

const digits32 = "0123456789abcdefghijklmnopqrstuv"

// EncodeResume is the resume data of rows for table id.
func EncodeResume(id string, rows []Row) string {
	codes := lesson.Codes()
	var b strings.Builder
	b.Grow(ResumeLen(len(rows)))
	b.WriteString(resumePrefix + id + ";")
	for _, r := range rows {
		d := 0
		for i, c := range codes {
			if c == r.Predicted {
				d = i + 1
			}
		}
		if r.Shown {
			d += 16
		}
		b.WriteByte(digits32[d])
	}
	return b.String()
}

// Resumed is what resume data says about each row: its counted prediction and whether its
// result had been shown.
type Resumed struct {
	Predicted coerce.Code
	Shown     bool
}

// DecodeResume reads resume data for table id of n rows. ok is false when the data is not of
// this format, of another table, or of another number of rows: the learner then starts afresh.
func DecodeResume(data, id string, n int) (rows []Resumed, ok bool) {
	rest, found := strings.CutPrefix(data, resumePrefix+id+";")
	if !found || len(rest) != n {
		return nil, false
	}
	codes := lesson.Codes()
	rows = make([]Resumed, n)
	for i := 0; i < n; i++ {
		d := strings.IndexByte(digits32, rest[i])
		if d < 0 || d%16 > len(codes) {
			return nil, false
		}
		if d%16 > 0 {
			rows[i].Predicted = codes[d%16-1]
		}
		rows[i].Shown = d >= 16
	}
	return rows, true
}
