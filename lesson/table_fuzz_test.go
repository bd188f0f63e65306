package lesson_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// readStringCorpus reads string seeds from the repository's root testdata/fuzz/<name>, in Go's
// corpus format ("go test fuzz v1", then string("…") lines). Go only reads <pkg>/testdata/fuzz.
func readStringCorpus(t testing.TB, name string) []string {
	t.Helper()
	dir := filepath.Join("..", "testdata", "fuzz", name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("seed corpus: %v", err)
	}
	var out []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "string(") || !strings.HasSuffix(lines[1], ")") {
			t.Fatalf("%s: not a one-string corpus file", e.Name())
		}
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "string("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		t.Fatalf("no seeds in %s", dir)
	}
	return out
}

// FuzzParseTable: ParseTable never panics; its errors are *ParseError naming a line of the text;
// a table it reads comes back unchanged through FormatTable, and formatting is stable.
func FuzzParseTable(f *testing.F) {
	for _, s := range readStringCorpus(f, "FuzzParseTable") {
		f.Add(s)
	}
	f.Add(lesson.FormatTable(lesson.Classroom()))
	f.Fuzz(func(t *testing.T, text string) {
		tbl, err := lesson.ParseTable(text)
		if err != nil {
			var pe *lesson.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if lines := strings.Count(text, "\n") + 1; pe.Line < 1 || pe.Line > lines {
				t.Fatalf("error names line %d of %d: %v", pe.Line, lines, err)
			}
			return
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
// passes Check and survives EncodeShare and DecodeShare unchanged.
func FuzzDecodeShare(f *testing.F) {
	for _, s := range readStringCorpus(f, "FuzzDecodeShare") {
		f.Add(s)
	}
	f.Add(lesson.EncodeShare(lesson.Classroom()))
	f.Fuzz(func(t *testing.T, payload string) {
		tbl, err := lesson.DecodeShare(payload)
		if err != nil {
			if !errors.Is(err, lesson.ErrShare) {
				t.Fatalf("error %v does not wrap ErrShare", err)
			}
			return
		}
		if err := tbl.Check(); err != nil {
			t.Fatalf("a decoded table fails Check: %v", err)
		}
		enc := lesson.EncodeShare(tbl)
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
