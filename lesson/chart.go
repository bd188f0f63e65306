package lesson

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
)

// CodeTotals sums metrics over tools, one entry per code in Codes() order, zeros included so
// the chart's axis never moves.
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

// ChartSVG draws code totals as a horizontal bar chart. It holds only code names and numbers,
// never learner text, and styles bars by class (bar-ok, bar-invalid_args, …) so the page's
// light and dark themes colour it; each bar also carries its count as text, not colour alone.
func ChartSVG(totals []CodeCount) string {
	const (
		width, rowH, labelW, barMax, top = 360, 26, 110, 200, 8
	)
	max := 1
	sum := 0
	for _, t := range totals {
		if t.N > max {
			max = t.N
		}
		sum += t.N
	}
	height := top*2 + rowH*len(totals)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 ` + strconv.Itoa(width) + " " + strconv.Itoa(height) + `" aria-labelledby="chart-title">`)
	b.WriteString(`<title id="chart-title">Codes this session: ` + chartSummary(totals, sum) + `</title>`)
	for i, t := range totals {
		y := top + i*rowH
		w := 0
		if t.N > 0 {
			w = 2 + (barMax-2)*t.N/max
		}
		b.WriteString(`<text class="chart-label" x="` + strconv.Itoa(labelW-8) + `" y="` + strconv.Itoa(y+17) + `" text-anchor="end">` + t.Code + `</text>`)
		b.WriteString(`<rect class="bar bar-` + t.Code + `" x="` + strconv.Itoa(labelW) + `" y="` + strconv.Itoa(y+4) + `" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(rowH-8) + `" rx="3"/>`)
		b.WriteString(`<text class="chart-value" x="` + strconv.Itoa(labelW+w+6) + `" y="` + strconv.Itoa(y+17) + `">` + strconv.Itoa(t.N) + `</text>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func chartSummary(totals []CodeCount, sum int) string {
	if sum == 0 {
		return "no calls yet"
	}
	var parts []string
	for _, t := range totals {
		if t.N > 0 {
			parts = append(parts, t.Code+" "+strconv.Itoa(t.N))
		}
	}
	return strings.Join(parts, ", ")
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
