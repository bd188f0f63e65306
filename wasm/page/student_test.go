package page

import (
	"encoding/base64"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// The student's page opens on the lesson's table with nothing predicted, scores what the
// student picked, and the answers come from the lesson, not from the table or its link.
func TestOpeningIsUnpredicted(t *testing.T) {
	st := chooseFrom("", "")
	if st.Table.Mode != lesson.PredictMode || len(st.Table.Rows) != len(lesson.Classroom().Rows) {
		t.Fatalf("opening table %+v", st.Table)
	}
	for i, r := range st.Table.Rows {
		if r.Want != "" {
			t.Errorf("row %d opens predicted %q", i+1, r.Want)
		}
	}
	if st.Notice != "" || st.FromLink {
		t.Errorf("the opening table says %q (from link %v)", st.Notice, st.FromLink)
	}
	s := New(st.Table)
	if !s.Predicting() {
		t.Error("not predicting before the first run")
	}
	s.Run()
	if s.Predicting() {
		t.Error("still predicting after a run")
	}
	if sc, _ := s.Prediction(); sc != "No predictions yet: pick the code you expect in each row's Your prediction, then press Run." {
		t.Errorf("score with nothing predicted: %q", sc)
	}
}

func TestShowAnswers(t *testing.T) {
	s := New(lesson.Opening())
	s.SetWant(0, "invalid_args") // a prediction the answers replace
	s.Add()                      // a blank row stays blank
	s.SetInput(6, `"42"`)        // not in the lesson: the page computes its answer
	s.Add()
	s.ShowAnswers()
	got := s.Table()
	if got.Mode != "" {
		t.Errorf("mode %q after the answers, want check mode", got.Mode)
	}
	for i, r := range lesson.Classroom().Rows {
		if got.Rows[i].Want != r.Want {
			t.Errorf("row %d: %q, the lesson says %q", i+1, got.Rows[i].Want, r.Want)
		}
	}
	if got.Rows[6].Want != "ok" || got.Rows[7].Want != "" {
		t.Errorf("computed answers %+v", got.Rows[6:])
	}
	if !s.Undo() || s.Table().Rows[0].Want != "invalid_args" || s.Table().Mode != lesson.PredictMode {
		t.Errorf("Undo did not bring the predictions back: %+v", s.Table())
	}
}

// A link made from a predict table carries no want, whatever the student picked; a check-mode
// table keeps its wants; the saved copy keeps the student's predictions.
func TestPredictLinkCarriesNoWant(t *testing.T) {
	s := New(lesson.Opening())
	s.SetWant(0, "ok")
	for _, link := range []string{ShareLink("https://x.test/", s.Table()), PredictLink("https://x.test/", lesson.Classroom()),
		embed.Link("https://x.test/", s.Table())} {
		payload := embed.ParseFragment(link[strings.Index(link, "#"):]).Payload
		raw, err := base64.RawURLEncoding.DecodeString(payload)
		if err != nil || !strings.Contains(string(raw), `"input"`) || strings.Contains(string(raw), `"want"`) {
			t.Errorf("%s carries %s (%v)", link, raw, err)
		}
	}
	check := lesson.Classroom()
	if tb := chooseFrom(ShareLink("https://x.test/", check)[len("https://x.test/"):], "").Table; tb.Rows[0].Want != "ok" || tb.Mode != "" {
		t.Errorf("a check-mode link lost its wants: %+v", tb)
	}
	if saved := chooseFrom("", s.Saved()).Table; saved.Rows[0].Want != "ok" {
		t.Errorf("the saved copy lost the prediction: %+v", saved.Rows[0])
	}
}
