package page

import (
	"encoding/xml"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func TestChartFromASessionsMetrics(t *testing.T) {
	lab := lesson.NewLab(lesson.LabConfig{})
	lab.Run(lesson.Classroom())
	lab.RunOne(`"<script>alert(1)</script>"`)
	lab.RunOne(`100`)
	svg := ChartSVG(lesson.CodeTotals(lab.Metrics.Snapshot()))
	if strings.Contains(svg, "script") || !strings.Contains(svg, `class="bar bar-invalid_args"`) || !strings.Contains(svg, ">4</text>") {
		t.Errorf("svg = %s", svg)
	}
	if !strings.Contains(svg, "<title id=\"chart-title\">Codes this session: ok 2, invalid_args 4, not_found 2</title>") {
		t.Errorf("svg title does not summarize the counts: %s", svg)
	}
	if empty := ChartSVG(lesson.CodeTotals(nil)); !strings.Contains(empty, "Codes this session: no calls yet") || !strings.Contains(empty, `width="0"`) {
		t.Errorf("an empty session's chart = %s", empty)
	}
}

func TestChartSVGIsWellFormedXML(t *testing.T) {
	for _, totals := range [][]lesson.CodeCount{lesson.CodeTotals(nil), {{Code: "ok", N: 1000000}, {Code: "invalid_args", N: 1}}} {
		dec := xml.NewDecoder(strings.NewReader(ChartSVG(totals)))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v in %s", err, ChartSVG(totals))
			}
		}
	}
}

// The chart is coloured by web/style.css: every class it draws must have a rule there, or a
// code's bar falls back to the default colour in one theme or both.
func TestChartClassesHaveStyles(t *testing.T) {
	css, err := os.ReadFile("../../web/style.css")
	if err != nil {
		t.Fatal(err)
	}
	all := make([]lesson.CodeCount, 0, len(lesson.Codes()))
	for _, c := range lesson.Codes() {
		all = append(all, lesson.CodeCount{Code: c, N: 1})
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`class="([^"]*)"`).FindAllStringSubmatch(ChartSVG(all), -1) {
		for _, class := range strings.Fields(m[1]) {
			seen[class] = true
		}
	}
	for class := range seen {
		if class == "chart" {
			continue // styled through its box, .chart-box svg
		}
		rules := regexp.MustCompile(`\.`+regexp.QuoteMeta(class)+`\b[^-]`).FindAll(css, -1)
		// One rule each: a bar's colour, light and dark, is its code's variable (TestStylePalette).
		if len(rules) < 1 {
			t.Errorf("style.css has no rule for .%s", class)
		}
	}
	if !seen["bar-internal_error"] {
		t.Errorf("the chart drew no bar for internal_error: %v", seen)
	}
}

// The chart's reading knows which calls the table made: the lesson's table run alone is planned,
// a learner's tries are not the table's, and Reset counts forgets both.
func TestChartReadingTellsTheTablesCalls(t *testing.T) {
	s := New(lesson.Classroom())
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	text := func() string {
		var b strings.Builder
		for _, n := range s.ChartLines() {
			b.WriteString(n.HTML())
		}
		return b.String()
	}
	if got := text(); !strings.Contains(got, "invalid_args is 50% of calls, all from the table's rows") || strings.Contains(got, "spike like this") {
		t.Errorf("after the lesson's table: %s", got)
	}
	for _, in := range []string{`"x"`, `"y"`} {
		if _, err := s.runOne(in); err != nil {
			t.Fatal(err)
		}
	}
	if got := text(); !strings.Contains(got, "invalid_args is 62% of calls, 3 of the 5 from the table's rows") {
		t.Errorf("after two tries in the learner box: %s", got)
	}
	s.ResetCounts()
	if _, err := s.runOne(`"x"`); err != nil {
		t.Fatal(err)
	}
	if got := text(); !strings.Contains(got, "invalid_args is 100% of calls, all from inputs tried outside the table.") {
		t.Errorf("after Reset counts and one try: %s", got)
	}
}
