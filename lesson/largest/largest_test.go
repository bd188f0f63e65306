package largest

import (
	"testing"

	"coerceplayground/lesson"
)

// The table is what its doc says: every limit reached, and accepted.
func TestTableIsTheLargest(t *testing.T) {
	tb := Table()
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
	if n := len(lesson.EncodeShare(tb)); n > lesson.MaxShareBytes || lesson.MaxShareBytes-n > 3 {
		t.Errorf("the payload is %d bytes; want within a base64 quantum of %d", n, lesson.MaxShareBytes)
	}
	if len(tb.Rows) != lesson.MaxRows || len(tb.Preamble) != lesson.MaxPreamble {
		t.Errorf("%d rows, %d comment lines", len(tb.Rows), len(tb.Preamble))
	}
	for i := range 3 {
		if n := len(tb.Rows[i].Input); n != lesson.MaxInputBytes {
			t.Errorf("row %d: a %d-byte input", i+1, n)
		}
	}
	if n := len(tb.Rows[3].Note); n != lesson.MaxNoteBytes {
		t.Errorf("row 4: a %d-byte note", n)
	}
}
