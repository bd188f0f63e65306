package e2e

// Timings for docs/performance.md, measured in the same headless Chromium as the
// tests. They report figures; no budget makes them fail.
//
//	go test -run '^$' -bench . -benchtime 7x ./web/e2e   (make bench)

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// clickAndLayout clicks a button and forces layout in the same task: the Go
// handler runs synchronously inside click(), so this is the time from the
// click to rendered, laid-out rows.
func clickAndLayout(id string) string {
	return `(() => { const t0 = performance.now(); document.getElementById("` + id + `").click();
		void document.body.offsetHeight; return performance.now() - t0; })()`
}

// pageBytes sums what the page moved over the wire (headers included) and
// its decoded size, from Resource Timing.
const pageBytes = `(() => { let wire = 0, decoded = 0;
	for (const e of [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]) {
		wire += e.transferSize; decoded += e.decodedBodySize; }
	return [wire, decoded]; })()`

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func report(b *testing.B, name string, xs []float64) {
	b.ReportMetric(median(xs), name+"-median")
	b.ReportMetric(slices.Max(xs), name+"-max")
}

// BenchmarkColdLoad opens the page in a fresh browser context (empty cache)
// each time: navigation to ready, the first Run, and the bytes moved.
func BenchmarkColdLoad(b *testing.B) {
	var ready, firstRun, wire []float64
	for b.Loop() {
		tb := newTab(b)
		if err := chromedp.Do(tb.ctx, chromedp.Navigate(server.URL+"/")); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.documentElement.dataset.ready === "true"`)); err != nil {
			b.Fatal(err)
		}
		r, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](`performance.getEntriesByName("coerce:ready")[0].startTime`))
		if err != nil {
			b.Fatal(err)
		}
		run, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](clickAndLayout("run")))
		if err != nil {
			b.Fatal(err)
		}
		bytes, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]float64](pageBytes))
		if err != nil {
			b.Fatal(err)
		}
		ready = append(ready, r)
		firstRun = append(firstRun, run)
		wire = append(wire, bytes[0])
	}
	report(b, "ms-to-ready", ready)
	report(b, "ms-first-run", firstRun)
	b.ReportMetric(median(wire)/1024, "KiB-on-wire")
}

func benchRun(b *testing.B, fragment string, rows int) {
	tb := newTab(b)
	if err := chromedp.Do(tb.ctx, chromedp.Navigate(server.URL+"/"+fragment)); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.documentElement.dataset.ready === "true"`)); err != nil {
		b.Fatal(err)
	}
	// One run to warm up, as a student's second press of Run.
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](clickAndLayout("run"))); err != nil {
		b.Fatal(err)
	}
	var times []float64
	for b.Loop() {
		ms, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](clickAndLayout("run")))
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, ms)
	}
	n, err := chromedp.Run(tb.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#results > tr").length`))
	if err != nil || n != rows {
		b.Fatalf("%d result rows, want %d (%v)", n, rows, err)
	}
	report(b, "ms-run", times)
}

// BenchmarkRunClassroom is pressing Run on the six lesson rows.
func BenchmarkRunClassroom(b *testing.B) { benchRun(b, "", 6) }

// maxRowsTable is the largest table a link can carry (lesson.MaxRows rows), mixing the lesson's
// inputs with ids so codes vary.
func maxRowsTable() lesson.Table {
	t := lesson.Table{}
	inputs := []string{`"17"`, "17", "-1", `"abc"`, "True", "99", `{"job_id": 42}`, `" 42"`, "1e3", "null"}
	for i := range lesson.MaxRows {
		in := inputs[i%len(inputs)]
		if i%3 == 0 {
			in = strconv.Itoa(i + 1)
		}
		t.Rows = append(t.Rows, lesson.Row{Input: in, Want: "ok"})
	}
	return t
}

func maxRowsLink(b testing.TB) string {
	s := lesson.EncodeShare(maxRowsTable())
	if strings.Contains(s, "=") {
		b.Fatal("padded payload")
	}
	return "#table=" + s
}

// BenchmarkRunMaxRows is pressing Run on the largest table a link can carry: click to all
// lesson.MaxRows result rows rendered and laid out.
func BenchmarkRunMaxRows(b *testing.B) {
	benchRun(b, maxRowsLink(b), lesson.MaxRows)
}

// BenchmarkLoadMaxRows opens a link to the largest table: navigation to ready, warm cache.
func BenchmarkLoadMaxRows(b *testing.B) {
	link := maxRowsLink(b)
	tb := newTab(b)
	var ready []float64
	for b.Loop() {
		// From about:blank, so each is a new document (a fragment change alone would not reload).
		if err := chromedp.Do(tb.ctx, chromedp.Navigate("about:blank")); err != nil {
			b.Fatal(err)
		}
		if err := chromedp.Do(tb.ctx, chromedp.Navigate(server.URL+"/"+link)); err != nil {
			b.Fatal(err)
		}
		if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.documentElement.dataset.ready === "true"`)); err != nil {
			b.Fatal(err)
		}
		r, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](`performance.getEntriesByName("coerce:ready")[0].startTime`))
		if err != nil {
			b.Fatal(err)
		}
		ready = append(ready, r)
	}
	report(b, "ms-to-ready", ready)
}
