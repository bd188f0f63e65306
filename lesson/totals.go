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
			if k.Code == c {
				n += k.N
			}
		}
		out = append(out, CodeCount{c, n})
	}
	return out
}

// Reading says what the session's codes mean, the way the lesson reads a dashboard: codes are
// counted, not exceptions, and each kind of rise points somewhere different. planned are the
// codes of the calls the table's runs made (CodeTotals too): a table's rows were chosen to show
// codes, so a share they make is the table's plan, not a spike, and the reading says which
// calls made it before it says what the same share would mean in production.
func Reading(totals, planned []CodeCount) []string {
	sum, by, fromTable := 0, map[coerce.Code]int{}, map[coerce.Code]int{}
	for _, t := range totals {
		sum += t.N
		by[t.Code] = t.N
	}
	for _, t := range planned {
		fromTable[t.Code] = t.N
	}
	if sum == 0 {
		return []string{"No calls yet: run the table, the learner box or a loop, and the counts appear here."}
	}
	var out []string
	share := func(code coerce.Code) string {
		return string(code) + " is " + strconv.Itoa(by[code]*100/sum) + "% of calls" + madeBy(by[code], fromTable[code])
	}
	if by["invalid_args"]*100/sum >= 30 {
		out = append(out, share("invalid_args")+" In production, where the model writes every call, a rise like this means the schema or the prompt changed, so the model sends shapes the tool no longer takes. Look at the field that fails most.")
	}
	if by["not_found"]*100/sum >= 20 {
		out = append(out, share("not_found")+" In production a rise like this means the data went away (a deleted record, a wrong environment) or the model is guessing ids. The budget hands off after two.")
	}
	if n := by["denied"]; n > 0 {
		out = append(out, "denied came back "+times(n)+": a permission is missing; the runtime stops at once and nobody retries.")
	}
	if by["internal_error"]+by["timeout"] > 0 {
		out = append(out, "internal_error and timeout are the tool's side failing, not the model: quote the correlation_id, watch the dependency.")
	}
	if len(out) == 0 {
		out = append(out, "Mostly ok: coercion absorbed the boring cases and nothing points at a schema, prompt or data change.")
	}
	return out
}

// madeBy says where a code's n calls came from, fromTable of them the table's rows.
func madeBy(n, fromTable int) string {
	switch {
	case fromTable >= n:
		return ", all from the table's rows, chosen to show the codes: here the share is planned, not a spike."
	case fromTable > 0:
		return ", " + strconv.Itoa(fromTable) + " of the " + strconv.Itoa(n) + " from the table's rows (chosen to show the codes), the rest from inputs tried outside the table."
	}
	return ", all from inputs tried outside the table."
}

// times is "once", "twice" or "n times".
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}
