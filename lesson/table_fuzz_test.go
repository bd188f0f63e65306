package lesson_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// The seed corpora are Go's own: testdata/fuzz/FuzzParseTable and testdata/fuzz/FuzzDecodeShare
// beside this file, which go test runs as sub-tests and go test -fuzz extends with what it finds.
// Go skips a missing directory silently, so this test notices when the seeds go missing.
func TestFuzzSeedsArePresent(t *testing.T) {
	for _, name := range []string{"FuzzParseTable", "FuzzDecodeShare", "FuzzDecodeSaved", "FuzzParseHTTPRows"} {
		entries, err := os.ReadDir(filepath.Join("testdata", "fuzz", name))
		if err != nil || len(entries) < 5 {
			t.Errorf("testdata/fuzz/%s holds %d seeds (%v); the hand-written edge cases belong there", name, len(entries), err)
		}
	}
}

// FuzzParseTable: ParseTable never panics; its errors are *ParseError naming a line of the text;
// a table it reads comes back unchanged through FormatTable, and through FormatTableResults with
// its results; formatting is stable.
func FuzzParseTable(f *testing.F) {
	f.Add(lesson.FormatTable(lesson.Classroom()))
	for _, name := range []string{"own-tool.table", "question.table"} {
		if b, err := os.ReadFile("testdata/tables/" + name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("@question \t What does 17 give?  \n@question again\n17 ok\n@question\n")
	for _, text := range hugeTexts() {
		f.Add(text)
	}
	lab := lesson.NewLab(lesson.LabConfig{})
	f.Fuzz(func(t *testing.T, text string) {
		tbl, err := lesson.ParseTable(text)
		if err != nil {
			checkLineError(t, text, err)
			checkErrorSize(t, err)
			return
		}
		if n, enc := lesson.ShareLen(tbl), lesson.EncodeShare(tbl); n != len(enc) {
			t.Fatalf("ShareLen %d, payload %d bytes", n, len(enc))
		}
		out := lesson.FormatTable(tbl)
		again, err := lesson.ParseTable(out)
		if err != nil {
			t.Fatalf("FormatTable wrote text ParseTable rejects: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(normalize(again), normalize(tbl)) {
			t.Fatalf("round trip changed the table:\n got %#v\nwant %#v\ntext:\n%s", again, tbl, out)
		}
		if out2 := lesson.FormatTable(again); out2 != out {
			t.Fatalf("FormatTable is not stable:\n%s\n%s", out, out2)
		}
		// An export with the results reads back as the same table.
		withResults := lesson.FormatTableResults(tbl, lab.Run(tbl))
		if back, err := lesson.ParseTable(withResults); err != nil || !reflect.DeepEqual(normalize(back), normalize(tbl)) {
			t.Fatalf("the export with results reads back as %#v (%v), want %#v:\n%s", back, err, tbl, withResults)
		}
	})
}

func normalize(t lesson.Table) lesson.Table {
	if len(t.Preamble) == 0 {
		t.Preamble = nil
	}
	if len(t.Rows) == 0 {
		t.Rows = nil
	}
	return t
}

// FuzzDecodeShare: DecodeShare never panics; every error wraps ErrShare; a table it decodes
// passes Check, is ShareLen bytes as a payload and survives EncodeShare and DecodeShare
// unchanged; a link with unreadable rows names them in order and offers rows that pass Check.
func FuzzDecodeShare(f *testing.F) {
	f.Add(lesson.EncodeShare(lesson.Classroom()))
	f.Add(lesson.EncodeShare(lesson.Table{Preamble: []string{"# week 3", "# predict first"}, Rows: []lesson.Row{{Input: "17", Want: "ok"}}}))
	f.Add(lesson.EncodeShareRaw([]byte(`{"question":" What does 17 give? ","rows":[{"input":"17"}]}`)))
	f.Add(lesson.EncodeShareRaw([]byte(`{"question":"two\nlines","rows":[]}`)))
	f.Add(lesson.EncodeShareRaw([]byte(`{"rows":[{"input":"17"},5,{"input":"-1","want":"nope"},{"input":[1,{"a":"}"}]}]}`)))
	f.Add(lesson.EncodeShareRaw([]byte(`{"tool":"get_job","tooldef":{"name":"get_job","inputSchema":{"type":"object","properties":{"job_id":{"type":"integer","minimum":1}}},"x-coerce":{"records":{"job_id":[17,42]}}},"rows":[{"input":"99","want":"not_found"}]}`)))
	for _, payload := range hugePayloads() {
		f.Add(payload)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		tbl, err := lesson.DecodeShare(payload)
		var u *lesson.UnreadableRows
		if errors.As(err, &u) {
			checkUnreadable(t, u)
		}
		if err != nil {
			if !errors.Is(err, lesson.ErrShare) {
				t.Fatalf("error %.300v does not wrap ErrShare", err)
			}
			checkErrorSize(t, err)
			return
		}
		if err := tbl.Check(); err != nil {
			t.Fatalf("a decoded table fails Check: %v", err)
		}
		enc := lesson.EncodeShare(tbl)
		if n := lesson.ShareLen(tbl); n != len(enc) {
			t.Fatalf("ShareLen %d, payload %d bytes", n, len(enc))
		}
		again, err := lesson.DecodeShare(enc)
		if err != nil {
			t.Fatalf("EncodeShare wrote a payload DecodeShare rejects: %v", err)
		}
		if !reflect.DeepEqual(normalize(again), normalize(tbl)) {
			t.Fatalf("round trip changed the table:\n got %#v\nwant %#v", again, tbl)
		}
		if lesson.EncodeShare(again) != enc {
			t.Fatal("EncodeShare is not stable")
		}
	})
}

// maxErrorBytes bounds the text of any error of the table's readers: a message within
// MaxMessageBytes, with the reader's prefix ("line N: ", ErrShare's text) and the count of the
// other unreadable rows around it.
const maxErrorBytes = lesson.MaxMessageBytes + 100

// checkErrorSize fails the test when err's text is over maxErrorBytes.
func checkErrorSize(t *testing.T, err error) {
	t.Helper()
	if n := len(err.Error()); n > maxErrorBytes {
		t.Fatalf("a %d-byte error: %.300q", n, err)
	}
}

// hugePayloads are links of about 1 MB that the fuzz targets start from too: a value as long as
// the link where a message quotes one, a code in every row, base64 of garbage.
func hugePayloads() []string {
	big := strings.Repeat("m", 1<<20-100)
	return []string{
		lesson.EncodeShareRaw([]byte(`{"mode":"` + big + `","rows":[]}`)),
		lesson.EncodeShareRaw([]byte(`{"tool":"` + big + `","rows":[{"input":"17"}]}`)),
		lesson.EncodeShareRaw([]byte(`{"rows":[{"input":"17","want":"` + big + `"}]}`)),
		lesson.EncodeShareRaw([]byte(`{"rows":[` + strings.Repeat(`{"input":"17","want":"nope"},`, 20000) + `5]}`)),
		strings.Repeat("A", 1<<20),
	}
}

// hugeTexts are table texts of about 1 MB that FuzzParseTable starts from too.
func hugeTexts() []string {
	big := strings.Repeat("m", 1<<20-100)
	return []string{
		"@mode " + big + "\n17 ok\n",
		"@" + big + " x\n",
		"17 " + big + "\n",
		strings.Repeat(`"a ok # b" ok # c`+"\n", 60000),
		strings.Repeat("# "+strings.Repeat("c", 1000)+"\n", 1000) + "17 ok\n",
	}
}

// checkUnreadable holds an UnreadableRows error to its promise: rows named once each, in order,
// with a reason; readable rows that pass Check.
func checkUnreadable(t *testing.T, u *lesson.UnreadableRows) {
	t.Helper()
	if len(u.Bad) == 0 {
		t.Fatal("UnreadableRows without a bad row")
	}
	for i, b := range u.Bad {
		if b.Row < 1 || b.Msg == "" || i > 0 && b.Row <= u.Bad[i-1].Row {
			t.Fatalf("bad rows %+v: not numbered from 1, in order, with reasons", u.Bad)
		}
	}
	if err := u.Readable.Check(); err != nil {
		t.Fatalf("the readable rows fail Check: %v", err)
	}
}

// checkLineError fails the test unless err, from reading text, is a *ParseError naming one of
// text's lines (line 0, the text as a whole, only for one over MaxTableTextBytes): what every
// line-based reader of the lesson promises.
func checkLineError(t *testing.T, text string, err error) {
	t.Helper()
	var pe *lesson.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is not a *ParseError", err)
	}
	if pe.Line == 0 && len(text) > lesson.MaxTableTextBytes {
		return // refused whole, before a line is read
	}
	if lines := strings.Count(text, "\n") + 1; pe.Line < 1 || pe.Line > lines {
		t.Fatalf("error names line %d of %d: %v", pe.Line, lines, err)
	}
}
