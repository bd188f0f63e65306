package lesson

import (
	"strconv"
	"testing"
)

// bigTable is a table of MaxRows rows mixing the lesson's inputs, as the
// browser benchmark (web/e2e BenchmarkRunMaxRows) loads it.
func bigTable() Table {
	inputs := []string{`"17"`, "17", "-1", `"abc"`, "True", "99", `{"job_id": 42}`, `" 42"`, "1e3", "null"}
	t := Table{Rows: make([]Row, 0, MaxRows)}
	for i := range MaxRows {
		in := inputs[i%len(inputs)]
		if i%3 == 0 {
			in = strconv.Itoa(i + 1)
		}
		t.Rows = append(t.Rows, Row{Input: in, Want: "ok", Note: "row " + strconv.Itoa(i+1)})
	}
	return t
}

// The largest table must round-trip through a link and the text format, and
// run, far inside the page's one-second budget (the browser adds the DOM).
// go test -run '^$' -bench . ./lesson

func BenchmarkShareMaxRows(b *testing.B) {
	t := bigTable()
	s := EncodeShare(t)
	if len(s) > MaxShareBytes {
		b.Fatalf("a %d-row link is %d bytes, over MaxShareBytes", MaxRows, len(s))
	}
	for b.Loop() {
		got, err := DecodeShare(EncodeShare(t))
		if err != nil || len(got.Rows) != MaxRows {
			b.Fatalf("%d rows, %v", len(got.Rows), err)
		}
	}
	b.ReportMetric(float64(len(s))/1024, "KiB-link")
}

func BenchmarkTextMaxRows(b *testing.B) {
	t := bigTable()
	for b.Loop() {
		got, err := ParseTable(FormatTable(t))
		if err != nil || len(got.Rows) != MaxRows {
			b.Fatalf("%d rows, %v", len(got.Rows), err)
		}
	}
}

func BenchmarkCheckMaxRows(b *testing.B) {
	t := bigTable()
	for b.Loop() {
		if err := t.Check(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunMaxRows(b *testing.B) {
	t := bigTable()
	l := NewLab(LabConfig{})
	for b.Loop() {
		if res := l.Run(t); len(res) != MaxRows {
			b.Fatalf("%d results", len(res))
		}
	}
}
