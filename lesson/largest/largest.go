// Package largest builds the largest table the playground accepts, for the tests that save it,
// link it and read it back (wasm/page natively, web/e2e in Chromium): every limit of
// lesson/limits.go reached at once, so that "nothing the editor accepts is refused on reload"
// is checked where it is hardest.
package largest

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// Table is lesson.MaxRows rows within lesson.MaxShareBytes of payload, less than one base64
// quantum short of it: lesson.MaxPreamble comment lines of lesson.MaxNoteBytes, three inputs of
// lesson.MaxInputBytes (ASCII inside a JSON string, 中 at 3 bytes, 😀 at 4 bytes and two UTF-16
// units), and then as many notes of lesson.MaxNoteBytes as fit, the last one cut to fill the
// payload. The other rows are the lesson's inputs with codes or still to be predicted.
func Table() lesson.Table {
	var t lesson.Table
	for i := range lesson.MaxPreamble {
		head := "# line " + itoa(i+1) + " "
		t.Preamble = append(t.Preamble, head+strings.Repeat("p", lesson.MaxNoteBytes-len(head)))
	}
	long := []string{
		`"` + strings.Repeat("a", lesson.MaxInputBytes-2) + `"`,
		strings.Repeat("中", lesson.MaxInputBytes/3) + "x",
		strings.Repeat("😀", lesson.MaxInputBytes/4),
	}
	inputs := []string{`"17"`, `17`, `-1`, `"abc"`, `True`, `99`}
	wants := []coerce.Code{"ok", "ok", "invalid_args", "invalid_args", "", "not_found"}
	for i := range lesson.MaxRows {
		r := lesson.Row{Input: inputs[i%len(inputs)], Want: wants[i%len(wants)], Note: "n" + itoa(i+1)}
		if i < len(long) {
			r.Input = long[i]
			r.Note = strings.Repeat("中", lesson.MaxNoteBytes/3) + "n"
		}
		t.Rows = append(t.Rows, r)
	}
	// Grow notes to the limit, from row 4 on: each ASCII byte of a note is one byte of JSON.
	room := lesson.MaxShareBytes*3/4 - (lesson.ShareLen(t)*3+3)/4
	for i := len(long); room > 0 && i < len(t.Rows); i++ {
		grow := min(room, lesson.MaxNoteBytes-len(t.Rows[i].Note))
		t.Rows[i].Note += strings.Repeat("m", grow)
		room -= grow
	}
	for lesson.ShareLen(t) > lesson.MaxShareBytes { // the estimate's rounding, a byte or two
		r := &t.Rows[len(long)]
		r.Note = r.Note[:len(r.Note)-1]
	}
	return t
}

func itoa(n int) string { return strconv.Itoa(n) }
