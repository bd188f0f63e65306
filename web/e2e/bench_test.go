package e2e

// Timings for docs/performance.md, measured in the same headless Chromium as the
// tests. They report figures; no budget makes them fail.
//
//	go test -run '^$' -bench . -benchtime 7x ./web/e2e   (make bench)

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
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

// The 10,000-row Run's goals (ms, click to all rows laid out).
const (
	goalMaxRowsMax    = 1000
	goalMaxRowsMedian = 700
)

// runTab is one build's page open on the largest table, and its Run times.
type runTab struct {
	name  string
	tab   *tab
	times []float64
}

// BenchmarkRunMaxRows is pressing Run on the largest table a link can carry: click to all
// lesson.MaxRows result rows rendered and laid out. With BENCH_REF set, the reference build is
// open in a second tab and the two are pressed in turn, so both are measured in the same run.
func BenchmarkRunMaxRows(b *testing.B) {
	link := maxRowsLink(b)
	tabs := []*runTab{{name: "this build", tab: maxRowsTab(b, server.URL+"/"+link)}}
	if ref := benchReference(b); ref != nil {
		tabs = append(tabs, &runTab{name: ref.name, tab: maxRowsTab(b, ref.url+link)})
	}
	i := 0
	for b.Loop() {
		for k := range tabs {
			rt := tabs[(i+k)%len(tabs)]
			// The tab pressed is the one in front, as the student's is: a hidden tab is
			// rendered at a lower priority.
			if _, err := chromedp.Call(rt.tab.ctx, cdppage.BringToFront, cdp.Empty{}); err != nil {
				b.Fatalf("%s: %v", rt.name, err)
			}
			ms, err := chromedp.Run(rt.tab.ctx, chromedp.Evaluate[float64](clickAndLayout("run")))
			if err != nil {
				b.Fatalf("%s: %v", rt.name, err)
			}
			rt.times = append(rt.times, ms)
		}
		i++
	}
	var t strings.Builder
	fmt.Fprintf(&t, "Run on %d rows, tabs pressed in turn, n=%d each (ms, click to rows laid out); load average %s\n", lesson.MaxRows, len(tabs[0].times), loadAverage())
	for _, rt := range tabs {
		n, err := chromedp.Run(rt.tab.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#results > tr").length`))
		if err != nil || n != lesson.MaxRows {
			b.Fatalf("%s: %d result rows, want %d (%v)", rt.name, n, lesson.MaxRows, err)
		}
		fmt.Fprintf(&t, "%-22s median %6.0f  max %6.0f\n", rt.name, median(rt.times), slices.Max(rt.times))
	}
	med, worst := median(tabs[0].times), slices.Max(tabs[0].times)
	report(b, "ms-run", tabs[0].times)
	fmt.Fprintf(&t, "this build: max %.0f ms (goal at most %d: %s), median %.0f ms (goal at most %d: %s)", worst, goalMaxRowsMax,
		met(worst <= goalMaxRowsMax), med, goalMaxRowsMedian, met(med <= goalMaxRowsMedian))
	if len(tabs) > 1 {
		fmt.Fprintf(&t, "\nthis build / %s, medians: %.2f×", tabs[1].name, med/median(tabs[1].times))
	}
	printReport(b, t.String())
}

// maxRowsTab opens url, waits for ready and presses Run once to warm up, as a student's second
// press of Run.
func maxRowsTab(b *testing.B, url string) *tab {
	tb := newTab(b)
	if err := chromedp.Do(tb.ctx, chromedp.Navigate(url)); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.documentElement.dataset.ready === "true"`)); err != nil {
		b.Fatal(err)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](clickAndLayout("run"))); err != nil {
		b.Fatal(err)
	}
	return tb
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

// printReport writes a benchmark's table to standard output, under the benchmark's name: go test
// keeps only the first ten lines a benchmark logs.
func printReport(b *testing.B, text string) {
	fmt.Printf("--- %s\n%s\n", b.Name(), strings.TrimRight(text, "\n"))
}
