package lesson_test

import (
	"reflect"
	"testing"

	"coerceplayground/lesson"
)

// FuzzParseHTTPRows: ParseHTTPRows never panics; its errors are *ParseError naming a line of the
// text; rows it reads come back unchanged through FormatHTTPRows. Seeds: the lesson's own rows,
// and testdata/fuzz/FuzzParseHTTPRows.
func FuzzParseHTTPRows(f *testing.F) {
	f.Add(lesson.FormatHTTPRows(lesson.HTTPRows()))
	f.Fuzz(func(t *testing.T, text string) {
		rows, err := lesson.ParseHTTPRows(text)
		if err != nil {
			checkLineError(t, text, err)
			return
		}
		out := lesson.FormatHTTPRows(rows)
		again, err := lesson.ParseHTTPRows(out)
		if err != nil {
			t.Fatalf("FormatHTTPRows wrote text ParseHTTPRows rejects: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(normalizeHTTP(again), normalizeHTTP(rows)) {
			t.Fatalf("round trip changed the rows:\n got %#v\nwant %#v\ntext:\n%s", again, rows, out)
		}
	})
}

// normalizeHTTP forgets what the format does not keep: a status beside "deadline": true (a
// deadline row has no response), and nil against empty lists.
func normalizeHTTP(rows []lesson.HTTPRow) []lesson.HTTPRow {
	out := make([]lesson.HTTPRow, len(rows))
	for i, r := range rows {
		if r.Deadline {
			r.Status = 0
		}
		if len(r.Headers) == 0 {
			r.Headers = nil
		}
		out[i] = r
	}
	return out
}
