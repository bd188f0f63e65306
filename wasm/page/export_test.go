package page

import (
	"reflect"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestExport: the Export dialog offers the results only with the answer key and only while they
// describe the table, ticked except in predict mode; the text with results imports as the same
// table as the text without, one result and one trace line per exported row (rows with a blank
// input are left out with their results), marked against the code the row is exported with.
// The worksheet carries neither results nor codes.
func TestExport(t *testing.T) {
	for _, mode := range []string{"", lesson.PredictMode} {
		tbl := lesson.Table{Mode: mode, Rows: []lesson.Row{{Input: `"17"`, Want: "ok"}, {Input: "  "}, {Input: "99", Want: "ok", Note: "guess"}, {Input: "True"}}}
		s := New(tbl)
		if offer, _ := s.ExportOffer(AnswerKey); offer || s.Export(AnswerKey, true) != s.Export(AnswerKey, false) {
			t.Fatalf("mode %q: results offered before any run", mode)
		}
		if err := s.Run(); err != nil {
			t.Fatal(err)
		}
		offer, ticked := s.ExportOffer(AnswerKey)
		if !offer || ticked != (mode == "") {
			t.Errorf("mode %q: offer %v ticked %v after Run", mode, offer, ticked)
		}
		if offer, _ := s.ExportOffer(Worksheet); offer || s.Export(Worksheet, true) != lesson.FormatTable(lesson.Worksheet(s.Table().Filled())) {
			t.Errorf("mode %q: the worksheet export offers results or codes:\n%s", mode, s.Export(Worksheet, true))
		}
		plain, with := s.Export(AnswerKey, false), s.Export(AnswerKey, true)
		a, errA := Import(plain)
		b, errB := Import(with)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, s.AnswerKey()) {
			t.Errorf("mode %q: the export with results imports as %+v (%v), without as %+v (%v)\n%s", mode, b, errB, a, errA, with)
		}
		if n := strings.Count(with, "\n"+lesson.ResultPrefix); n != 3 || strings.Count(with, "\n"+lesson.TracePrefix) != 3 {
			t.Errorf("mode %q: %d result lines for 3 exported rows:\n%s", mode, n, with)
		}
		// The answer key fills a row still to be predicted (predict mode), not a check-mode blank.
		marks := []string{"ok pass", "not_found fail", "invalid_args unpredicted"}
		if mode == lesson.PredictMode {
			marks[2] = "invalid_args pass"
		}
		for _, m := range marks {
			if !strings.Contains(with, lesson.ResultPrefix+m+" {") {
				t.Errorf("mode %q: no result line %q in\n%s", mode, m, with)
			}
		}
		s.SetNote(0, "edited")
		if offer, _ := s.ExportOffer(AnswerKey); offer || s.Export(AnswerKey, true) != s.Export(AnswerKey, false) {
			t.Errorf("mode %q: stale results still offered", mode)
		}
	}
}
