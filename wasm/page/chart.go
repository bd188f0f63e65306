package page

// The chart panel: the session's counts per code, over every run on the page, as bars.

import (
	"strconv"
	"strings"

	"coerceplayground/lesson"
)

// ChartSVG draws the session's code totals (lesson.CodeTotals) as a horizontal bar chart. It
// holds only code names and numbers, never learner text, so the app may set it as markup. Bars
// are styled by class (bar-ok, bar-invalid_args, …) so web/style.css colours them for the light
// and dark themes; each bar also carries its count as text, not colour alone.
func ChartSVG(totals []lesson.CodeCount) string {
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
		b.WriteString(`<text class="chart-label" x="` + strconv.Itoa(labelW-8) + `" y="` + strconv.Itoa(y+17) + `" text-anchor="end">` + string(t.Code) + `</text>`)
		b.WriteString(`<rect class="bar bar-` + string(t.Code) + `" x="` + strconv.Itoa(labelW) + `" y="` + strconv.Itoa(y+4) + `" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(rowH-8) + `" rx="3"/>`)
		b.WriteString(`<text class="chart-value" x="` + strconv.Itoa(labelW+w+6) + `" y="` + strconv.Itoa(y+17) + `">` + strconv.Itoa(t.N) + `</text>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// chartSummary is the chart's title, read out by screen readers instead of the bars.
func chartSummary(totals []lesson.CodeCount, sum int) string {
	if sum == 0 {
		return "no calls yet"
	}
	var parts []string
	for _, t := range totals {
		if t.N > 0 {
			parts = append(parts, string(t.Code)+" "+strconv.Itoa(t.N))
		}
	}
	return strings.Join(parts, ", ")
}

// Totals are the session's counts per code, every code included.
func (s *State) Totals() []lesson.CodeCount { return lesson.CodeTotals(s.set.metrics.Snapshot()) }

// ResetCounts sets the session's counts back to zero.
func (s *State) ResetCounts() {
	s.set.metrics.Reset()
	s.set.planned.Reset()
	s.emit(Counted)
}

// CountsTotal is how many results totals counts.
func CountsTotal(totals []lesson.CodeCount) int {
	n := 0
	for _, t := range totals {
		n += t.N
	}
	return n
}
