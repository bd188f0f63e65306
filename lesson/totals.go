package lesson

import (
	"strconv"

	"coerceplayground/coerce"
)

// CodeTotals sums metrics over tools, one entry per code in Codes() order, zeros included so
// a chart drawn from them keeps its axis.
func CodeTotals(counts []coerce.Count) []CodeCount {
	out := make([]CodeCount, 0, len(Codes()))
	for _, c := range Codes() {
		n := 0
		for _, k := range counts {
			if string(k.Code) == c {
				n += k.N
			}
		}
		out = append(out, CodeCount{c, n})
	}
	return out
}

// Reading says what the session's codes mean, the way the lesson reads a dashboard: codes are
// counted, not exceptions, and each spike points somewhere different.
func Reading(totals []CodeCount) []string {
	sum, by := 0, map[string]int{}
	for _, t := range totals {
		sum += t.N
		by[t.Code] = t.N
	}
	if sum == 0 {
		return []string{"No calls yet: run the table, the learner box or a loop, and the counts appear here."}
	}
	var out []string
	share := func(code string) int { return by[code] * 100 / sum }
	if share("invalid_args") >= 30 {
		out = append(out, "invalid_args is "+strconv.Itoa(share("invalid_args"))+"% of calls: in production a spike like this means the schema or the prompt changed, so the model sends shapes the tool no longer takes. Look at the field that fails most.")
	}
	if share("not_found") >= 20 {
		out = append(out, "not_found is "+strconv.Itoa(share("not_found"))+"% of calls: a spike means the data went away (a deleted record, a wrong environment) or the model is guessing ids. The budget hands off after two.")
	}
	if by["denied"] > 0 {
		out = append(out, "denied appeared "+strconv.Itoa(by["denied"])+" time(s): a permission is missing; the runtime stops at once and nobody retries.")
	}
	if by["internal_error"]+by["timeout"] > 0 {
		out = append(out, "internal_error and timeout are the tool's side failing, not the model: quote the correlation_id, watch the dependency.")
	}
	if len(out) == 0 {
		out = append(out, "Mostly ok: coercion absorbed the boring cases and nothing points at a schema, prompt or data change.")
	}
	return out
}
