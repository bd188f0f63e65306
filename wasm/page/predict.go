package page

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
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
	Want, Got coerce.Code
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

// Sentence reads a score out: "You predicted 4 of 6 right." counts every row, and says how
// many were not predicted (which is not wrong).
func (sc Score) Sentence() string {
	total := sc.Predicted + sc.Unpredicted
	if sc.Predicted == 0 {
		return "No predictions yet: pick the code you expect in each row's Your prediction, then press Run."
	}
	s := "You predicted " + strconv.Itoa(sc.Right) + " of " + strconv.Itoa(total) + " right."
	if sc.Right == total {
		s += " Every one matched."
	}
	if sc.Unpredicted > 0 {
		s += " " + plural(sc.Unpredicted, "row was", "rows were") + " not predicted (not counted as wrong)."
	}
	return s
}

// StartPredicting puts the table in predict mode (lesson.Worksheet, with Undo) and returns "", or
// leaves it as it is and says why: a table at its size limit that has no expected codes to
// clear would grow past it by the mode itself.
func (s *State) StartPredicting() string {
	t := lesson.Worksheet(s.table)
	if msg := lesson.SizeProblem(t); msg != "" {
		return "Predict mode was not turned on: " + msg + "."
	}
	s.Replace(t)
	return ""
}

// StopPredicting leaves predict mode, with Undo: every code in the table is kept (the predictions
// and what an instructor typed become the expected codes) and each row still to be predicted gets
// its true code (State.AnswerKey: the lesson's answer, else what the tool answers), so that in
// check mode no row shows "? not predicted" for an answer the page knows. It returns how many
// rows it filled in.
func (s *State) StopPredicting() int {
	if s.table.Mode != lesson.PredictMode {
		return 0
	}
	answer, n := answers(s.scratch(), s.Tool()), 0
	t := lesson.AnswerKey(s.table, func(r lesson.Row) coerce.Code { n++; return answer(r) })
	if lesson.SizeProblem(t) != "" { // a table at its size limit: the mode alone
		s.SetMode("")
		return 0
	}
	s.Replace(t)
	return n
}

// CheckSentence is what the page says of a table in check mode, naming its expected codes:
// "Predict mode is off: Run checks each row against its expected code (2 ok, 3 invalid_args,
// 1 not_found)."
func (s *State) CheckSentence() string {
	var codes []string
	count := map[string]int{}
	blank := 0
	for _, r := range s.table.Rows {
		switch {
		case strings.TrimSpace(r.Input) == "":
		case r.Want == "":
			blank++
		default:
			if count[string(r.Want)] == 0 {
				codes = append(codes, string(r.Want))
			}
			count[string(r.Want)]++
		}
	}
	if len(codes) == 0 {
		return "Predict mode is off, and no row has an expected code yet: pick one in each row for Run to check."
	}
	var parts []string
	for _, c := range codes {
		parts = append(parts, strconv.Itoa(count[c])+" "+c)
	}
	msg := "Predict mode is off: Run checks each row against its expected code (" + strings.Join(parts, ", ") + ")."
	if blank > 0 {
		msg += " " + plural(blank, "row has", "rows have") + " none yet (Run shows the code it gets, unchecked)."
	}
	return msg
}

// PredictLink is a link to the table in predict mode: it carries no expected code, so whoever
// opens it predicts every row before Run (and cannot read the answers out of the link).
func PredictLink(href string, t lesson.Table) string {
	t.Mode = lesson.PredictMode
	return ShareLink(href, t)
}

// Prediction is what the predict panel says about the table: where the score of the last run
// in predict mode is (the results panel's #score says it; the panel lists the wrong
// predictions), or why there is none yet (score is nil).
func (s *State) Prediction() (sentence string, score *Score) {
	switch {
	case s.table.Mode != lesson.PredictMode:
		return s.CheckSentence(), nil
	case s.results == nil || s.Stale():
		return "Choose the code you expect in each row of the input table, then press Run to score your predictions.", nil
	}
	sc := ScorePredictions(s.results)
	switch {
	case sc.Predicted == 0:
		return sc.Sentence(), &sc
	case len(sc.Wrong) == 0:
		return "Run scored your predictions (the score is above the results): none was wrong.", &sc
	}
	return "Run scored your predictions (the score is above the results). " +
		plural(len(sc.Wrong), "prediction was", "predictions were") + " wrong:", &sc
}

// Predicting reports whether the student is still to predict: predict mode and no run yet.
// Until then the page hides what gives the answers away (the rows' notes, the lesson notes).
func (s *State) Predicting() bool {
	return s.table.Mode == lesson.PredictMode && s.results == nil
}

// answers gives each row of a table calling tool its answer: the code l answers for the row's
// input. A table needs no stored answers, and none could be right for every setting: with a
// coercion switch off, "17" is invalid_args, not the lesson's ok. The page's own answers (the key
// line, Show the lesson's answers, predict mode turned off) come from a Lab with the page's
// settings (scratch, counting nowhere); a key handed on (Export, a link, an embed) from freshLab,
// since the switches and grants do not travel with a table.
func answers(l *lesson.Lab, tool string) func(lesson.Row) coerce.Code {
	return func(r lesson.Row) coerce.Code { return l.RunRow(tool, lesson.Row{Input: r.Input}).Code }
}

// ShowAnswers fills every row's expected code with the lesson's answer and leaves predict
// mode (the answers are no longer to be predicted); Undo brings the predictions back.
func (s *State) ShowAnswers() {
	t := s.table
	answer := answers(s.scratch(), t.ToolName())
	t.Rows = make([]lesson.Row, len(s.table.Rows))
	for i, r := range s.table.Rows {
		if strings.TrimSpace(r.Input) != "" {
			r.Want = answer(r)
		}
		t.Rows[i] = r
	}
	t.Mode = ""
	s.Replace(t)
}
