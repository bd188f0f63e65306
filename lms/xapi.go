package lms

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// xAPI verbs and activity types (ADL's vocabulary, as H5P uses it).
const (
	verbCompleted = `{"id":"http://adlnet.gov/expapi/verbs/completed","display":{"en-US":"completed"}}`
	verbAnswered  = `{"id":"http://adlnet.gov/expapi/verbs/answered","display":{"en-US":"answered"}}`
	typeAssess    = "http://adlnet.gov/expapi/activities/assessment"
	typeQuestion  = "http://adlnet.gov/expapi/activities/cmi.interaction"
)

// maxNameInput is how much of a row's input its activity's name quotes.
const maxNameInput = 120

// Statements are the xAPI statements of a run as a JSON array, for a host with its own record
// store: one top-level "completed" for the table (its score: raw right, min 0, max rows,
// scaled; its duration, ms since the page opened), then one "answered" per row whose result
// has been shown, a choice among the codes, with the table as its parent. They carry no
// actor: the playground does not know the learner, the host adds it. The text is written by
// hand (the page links no encoding/json; the app hands it to JSON.parse).
func Statements(tool, id string, rows []Row, ms int64) []byte {
	sc := Tally(rows)
	table := ActivityID(id)
	b := []byte(`[{"verb":` + verbCompleted + `,"object":{"objectType":"Activity","id":"` + table +
		`","definition":{"type":"` + typeAssess + `","name":{"en-US":`)
	b = coerce.String("Coercion playground: " + tool + ", " + strconv.Itoa(sc.Rows) + " rows").AppendJSON(b)
	b = append(b, `}}},"result":{"score":{"raw":`+strconv.Itoa(sc.Right)+`,"min":0,"max":`+strconv.Itoa(sc.Rows)+
		`,"scaled":`+sc.Scaled()+`},"completion":`+strconv.FormatBool(sc.Complete())+`,"duration":"`+Duration(ms)+`"}}`...)
	choices := []byte(`[`)
	for i, c := range lesson.Codes() {
		if i > 0 {
			choices = append(choices, ',')
		}
		choices = append(choices, `{"id":"`+c+`","description":{"en-US":"`+c+`"}}`...)
	}
	choices = append(choices, ']')
	for i, r := range rows {
		if !r.Shown {
			break
		}
		b = append(b, `,{"verb":`+verbAnswered+`,"object":{"objectType":"Activity","id":"`+RowID(SCORM2004, id, i)+
			`","definition":{"type":"`+typeQuestion+`","name":{"en-US":`...)
		b = coerce.String("Row " + strconv.Itoa(i+1) + ": " + clip(r.Input)).AppendJSON(b)
		b = append(b, `},"interactionType":"choice","choices":`...)
		b = append(b, choices...)
		b = append(b, `,"correctResponsesPattern":["`+string(r.Got)+`"]}},"result":{`...)
		if r.Predicted != "" {
			b = append(b, `"response":"`+string(r.Predicted)+`",`...)
		}
		b = append(b, `"success":`+strconv.FormatBool(r.Right())+`},"context":{"contextActivities":{"parent":[{"objectType":"Activity","id":"`+
			table+`"}]}}}`...)
	}
	return append(b, ']')
}

// clip shortens s to maxNameInput bytes at a rune boundary, with an ellipsis.
func clip(s string) string {
	if len(s) <= maxNameInput {
		return s
	}
	i := maxNameInput
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}
