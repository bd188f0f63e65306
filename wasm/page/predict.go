package page

import (
	"strconv"

	"coerceplayground/lesson"
)

// Score is how a learner's predictions did.
type Score struct {
	Right, Predicted, Unpredicted int
	Wrong                         []Miss
}

// Miss is a wrong prediction: the row (from 1), what the learner expected and what came.
type Miss struct {
	Row       int
	Input     string
	Want, Got string
}

// ScorePredictions compares each prediction with the code that came back.
func ScorePredictions(results []lesson.Result) Score {
	var sc Score
	for i, r := range results {
		switch {
		case r.Want == "":
			sc.Unpredicted++
		case r.Want == r.Code:
			sc.Right++
			sc.Predicted++
		default:
			sc.Predicted++
			sc.Wrong = append(sc.Wrong, Miss{Row: i + 1, Input: r.Input, Want: r.Want, Got: r.Code})
		}
	}
	return sc
}

// Sentence reads a score out: "4 of 6 predictions right." and what is missing.
func (sc Score) Sentence() string {
	if sc.Predicted == 0 {
		return "No predictions yet: choose the code you expect in each row's Expected code, then press Run."
	}
	s := strconv.Itoa(sc.Right) + " of " + plural(sc.Predicted, "prediction", "predictions") + " right."
	if sc.Right == sc.Predicted {
		s += " Every prediction matched."
	}
	if sc.Unpredicted > 0 {
		s += " " + plural(sc.Unpredicted, "row has", "rows have") + " no prediction."
	}
	return s
}

// StartPredict puts the table in predict mode with its expected codes cleared, as a learner
// opening a predict-mode link gets it.
func StartPredict(t lesson.Table) lesson.Table {
	t.Mode = lesson.PredictMode
	t, _ = ForLearner(t)
	return t
}

// PredictLink is a link to the table in predict mode: whoever opens it gets the rows with the
// expected codes cleared, to predict before Run.
func PredictLink(href string, t lesson.Table) string {
	t.Mode = lesson.PredictMode
	return ShareLink(href, t)
}

// Prediction is what the predict panel says about the table: the score of the last run in
// predict mode, or why there is none yet (score is nil).
func (s *State) Prediction() (sentence string, score *Score) {
	switch {
	case s.table.Mode != lesson.PredictMode:
		return "Predict mode is off: the table's expected codes are the lesson's answers.", nil
	case s.results == nil || s.Stale():
		return "Choose the code you expect in each row of the input table, then press Run to score your predictions.", nil
	}
	sc := ScorePredictions(s.results)
	return sc.Sentence(), &sc
}
