package lms

import (
	"strconv"

	"coerceplayground/lesson"
)

// xAPI verbs and activity types (ADL's vocabulary, as H5P uses it).
const (
	verbCompleted = "http://adlnet.gov/expapi/verbs/completed"
	verbAnswered  = "http://adlnet.gov/expapi/verbs/answered"
	typeAssess    = "http://adlnet.gov/expapi/activities/assessment"
	typeQuestion  = "http://adlnet.gov/expapi/activities/cmi.interaction"
)

// maxNameInput is how much of a row's input its activity's name quotes.
const maxNameInput = 120

// Statements are the xAPI statements of a run, for a host with its own record store: one
// top-level "completed" for the table (its score: raw right, min 0, max rows, scaled; its
// duration, ms since the page opened), then one "answered" per row whose result has been
// shown, a choice among the codes, with the table as its parent. They carry no actor: the
// playground does not know the learner, the host adds it. The values are maps and slices of
// strings, numbers and booleans, as postMessage sends them.
func Statements(tool, id string, rows []Row, ms int64) []any {
	if tool == "" {
		tool = lesson.DefaultTool
	}
	sc := Tally(rows)
	table := ActivityID(id)
	scaled, _ := strconv.ParseFloat(sc.Scaled(), 64)
	out := []any{map[string]any{
		"verb": verb(verbCompleted, "completed"),
		"object": activity(table, map[string]any{
			"type": typeAssess,
			"name": lang("Coercion playground: " + tool + ", " + strconv.Itoa(sc.Rows) + " rows"),
		}),
		"result": map[string]any{
			"score":      map[string]any{"raw": sc.Right, "min": 0, "max": sc.Rows, "scaled": scaled},
			"completion": sc.Complete(),
			"duration":   Duration(ms),
		},
	}}
	choices := []any{}
	for _, c := range lesson.Codes() {
		choices = append(choices, map[string]any{"id": c, "description": lang(c)})
	}
	parent := map[string]any{"contextActivities": map[string]any{"parent": []any{activity(table, nil)}}}
	for i, r := range rows {
		if !r.Shown {
			break
		}
		res := map[string]any{"success": r.Right()}
		if r.Predicted != "" {
			res["response"] = r.Predicted
		}
		out = append(out, map[string]any{
			"verb": verb(verbAnswered, "answered"),
			"object": activity(RowID(SCORM2004, id, i), map[string]any{
				"type":                    typeQuestion,
				"name":                    lang("Row " + strconv.Itoa(i+1) + ": " + clip(r.Input)),
				"interactionType":         "choice",
				"choices":                 choices,
				"correctResponsesPattern": []any{r.Got},
			}),
			"result":  res,
			"context": parent,
		})
	}
	return out
}

func verb(id, display string) map[string]any {
	return map[string]any{"id": id, "display": lang(display)}
}

func activity(id string, def map[string]any) map[string]any {
	a := map[string]any{"objectType": "Activity", "id": id}
	if def != nil {
		a["definition"] = def
	}
	return a
}

func lang(s string) map[string]any { return map[string]any{"en-US": s} }

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
