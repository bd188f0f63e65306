package page

// What the page says when something is over one of the table's limits (lesson/limits.go). The
// limits are lesson's, counted in UTF-8 bytes as its decoders count them; the page only words
// them for the place they were met: an editor field, the learner box, Copy link.

import (
	"strconv"

	"coerceplayground/lesson"
)

// editRefused is what the editor says under row i's field when its change is over a limit (msg,
// from lesson: which limit, in bytes). The row keeps its value until the field fits.
func editRefused(i int, msg string) string {
	return "Row " + strconv.Itoa(i+1) + " was not changed: " + msg + "."
}

// LearnerRefused is what the learner box says instead of running input over the row limit, or
// "": a learner's input is what a row may hold, so Add to table never meets a refusal.
func LearnerRefused(input string) string {
	if msg := lesson.InputProblem(input); msg != "" {
		return "Not run: " + msg + "."
	}
	return ""
}

// LinkRefused is what Copy link says instead of copying link, or "" when the link is short
// enough for a browser's address bar (lesson.MaxURLBytes). A table within lesson.MaxShareBytes
// leaves room for the page's address and options; only an unusually long address runs out.
func LinkRefused(link string) string {
	if len(link) <= lesson.MaxURLBytes {
		return ""
	}
	return "This table's link would be " + lesson.Bytes(len(link)) + ", over the " + lesson.Bytes(lesson.MaxURLBytes) +
		" a browser accepts in an address, so it was not copied. Export keeps the table as a file."
}
