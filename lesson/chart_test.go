package lesson

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

func TestChartFromASessionsMetrics(t *testing.T) {
	lab := NewLab(LabConfig{})
	lab.Run(Classroom())
	lab.RunOne(`"<script>alert(1)</script>"`)
	lab.RunOne(`100`)
	totals := CodeTotals(lab.Metrics.Snapshot())
	if len(totals) != len(Codes()) || totals[0] != (CodeCount{"ok", 2}) || totals[1] != (CodeCount{"invalid_args", 4}) || totals[2] != (CodeCount{"not_found", 2}) {
		t.Fatalf("totals = %+v", totals)
	}
	svg := ChartSVG(totals)
	if strings.Contains(svg, "script") || !strings.Contains(svg, `class="bar bar-invalid_args"`) || !strings.Contains(svg, ">4</text>") {
		t.Errorf("svg = %s", svg)
	}
	if !strings.Contains(svg, "<title id=\"chart-title\">Codes this session: ok 2, invalid_args 4, not_found 2</title>") {
		t.Errorf("svg title does not summarize the counts: %s", svg)
	}
	reading := strings.Join(Reading(totals), " ")
	if !strings.Contains(reading, "schema or the prompt changed") || !strings.Contains(reading, "data went away") {
		t.Errorf("reading = %s", reading)
	}
	if r := Reading(CodeTotals(nil)); len(r) != 1 || !strings.Contains(r[0], "No calls yet") {
		t.Errorf("empty reading = %v", r)
	}
	if !strings.Contains(strings.Join(Reading(CodeTotals([]coerce.Count{{Tool: "refund", Code: coerce.Denied, N: 1}})), " "), "permission") {
		t.Error("denied is not read")
	}
}

func TestChartSVGIsWellFormedXML(t *testing.T) {
	for _, totals := range [][]CodeCount{CodeTotals(nil), {{"ok", 1000000}, {"invalid_args", 1}}} {
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
