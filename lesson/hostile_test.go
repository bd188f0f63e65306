package lesson_test

import (
	"strconv"
	"strings"
	"testing"

	"coerceplayground/internal/fixture"
	"coerceplayground/lesson"
	"coerceplayground/lesson/largest"
)

// Every hostile case of testdata/hostile.tsv is read with a message that says what it holds, within
// the bound the case gives, cut values marked; the readers never echo an input whole.
func TestHostile(t *testing.T) {
	cases, err := fixture.Read("testdata/hostile.tsv", 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		in, err := fixture.Text(c.Cols[1])
		if err != nil {
			t.Fatalf("line %d: %v", c.Line, err)
		}
		want, why := c.Cols[2], c.Cols[4]
		max, err := strconv.Atoi(c.Cols[3])
		if err != nil {
			t.Fatalf("line %d: max %q", c.Line, c.Cols[3])
		}
		err = readHostile(c.Cols[0], in)
		switch {
		case want == "" && err != nil:
			t.Errorf("line %d (%s): %.300v", c.Line, why, err)
		case want == "":
		case err == nil:
			t.Errorf("line %d (%s): read, want an error holding %q", c.Line, why, want)
		case !strings.Contains(err.Error(), want) || len(err.Error()) > max:
			t.Errorf("line %d (%s): a %d-byte error %.300q; want at most %d bytes holding %q", c.Line, why, len(err.Error()), err, max, want)
		case len(in) > max && strings.Contains(want, `"`) && !strings.Contains(err.Error(), `…"`):
			t.Errorf("line %d (%s): the value is cut without the mark: %.300q", c.Line, why, err)
		}
	}
}

// readHostile reads in as reader does (testdata/hostile.tsv's reader column).
func readHostile(reader, in string) error {
	var err error
	switch reader {
	case "json":
		_, err = lesson.DecodeShare(lesson.EncodeShareRaw([]byte(in)))
	case "saved":
		_, err = lesson.DecodeSaved(lesson.EncodeShareRaw([]byte(in)))
	case "payload":
		_, err = lesson.DecodeShare(in)
	case "text":
		var tb lesson.Table
		if tb, err = lesson.ParseTable(in); err == nil {
			err = tb.Check()
		}
	default:
		panic("testdata/hostile.tsv: unknown reader " + reader)
	}
	return err
}

// MaxTableTextBytes holds what the page writes: the largest table exported with its results (each
// row's observation and trace as comment lines) is read back whole.
func TestLargestExportIsRead(t *testing.T) {
	tb := largest.Table()
	text := lesson.FormatTableResults(tb, lesson.NewLab(lesson.LabConfig{}).Run(tb))
	if len(text) > lesson.MaxTableTextBytes/2 {
		t.Errorf("the largest export is %d bytes, more than half of MaxTableTextBytes", len(text))
	}
	back, err := lesson.ParseTable(text)
	if err != nil || len(back.Rows) != len(tb.Rows) {
		t.Errorf("the largest export reads back as %d rows (%v)", len(back.Rows), err)
	}
}
