package e2e

// BenchmarkSideBySide: the page and the embed against a bare Go WebAssembly page, cold and
// returning, in one run, over loopback and over an emulated classroom link. Figures from
// different runs on a shared 2-core machine are not comparable; ratios of loads interleaved in
// the same minute are.
//
//	go test -run '^$' -bench SideBySide -benchtime 7x ./web/e2e   (part of make bench)

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"coerceplayground/build/webbuild"
	"coerceplayground/lesson"
	"coerceplayground/web"
)

// sidePage is one page of the side-by-side: where it is served, which cell of a result row
// holds the code, whether a returning visit is measured, and the goal of its cold ready against
// the bare page's on this network (0: none).
type sidePage struct {
	name      string
	url       string
	codeCell  int
	returning bool
	goal      float64
	cold      []coldResult
	back      []coldResult
}

// The goals, checked and printed on every run; no goal fails the benchmark.
const (
	goalLoopback    = 2.5  // page ready / bare Go page ready, cold, over loopback, at most
	goalLink        = 1.15 // page (and embed) ready / bare Go page ready, cold, on the classroom link, at most
	goalReturningMS = 350  // ms to ready on a returning visit, at most
	goalFirstLoadKB = 660  // KiB brotli of the page's first load, at most
)

func BenchmarkSideBySide(b *testing.B) {
	if noBrowser != "" {
		b.Skip(noBrowser)
	}
	bare, err := bareSite(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	site := web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{})
	b.Run("loopback", func(b *testing.B) {
		pages := sidePages(b, bare, site, func(h http.Handler) http.Handler { return h }, goalLoopback, 0)
		if py, version, err := pyodideSite(b.TempDir()); err != nil {
			b.Logf("the Pyodide page is left out: %v", err)
		} else {
			pages = append(pages, &sidePage{name: "Pyodide " + version, url: serveFor(b, py), codeCell: 1})
		}
		sideBySide(b, pages, "over loopback")
	})
	b.Run("link", func(b *testing.B) {
		pages := sidePages(b, bare, site, classroomLink, goalLink, goalLink)
		sideBySide(b, pages, "on a classroom link paced at the server (10 Mbit/s, 40 ms round trip)")
	})
}

// sidePages serves the bare page and the site through network (each its own link), and lists
// the bare page, the page and the embed with their goals against the bare page.
func sidePages(b *testing.B, bare, site http.Handler, network func(http.Handler) http.Handler, pageGoal, embedGoal float64) []*sidePage {
	siteURL := serveFor(b, network(site))
	return []*sidePage{
		{name: "bare Go page", url: serveFor(b, network(bare)), codeCell: 1, returning: true},
		{name: "page", url: siteURL, codeCell: 3, returning: true, goal: pageGoal},
		{name: "embed", url: siteURL + "embed.html", codeCell: 3, returning: true, goal: embedGoal},
	}
}

func serveFor(b *testing.B, h http.Handler) string {
	s := httptest.NewServer(h)
	b.Cleanup(s.Close)
	return s.URL + "/"
}

// sideBySide loads every page in each round, starting one page further along each round so no
// page always follows the same one, then reports.
func sideBySide(b *testing.B, pages []*sidePage, network string) {
	var want []string
	for _, r := range lesson.Classroom().Rows {
		want = append(want, string(r.Want))
	}
	load := loadAverage()
	i := 0
	for b.Loop() {
		for k := range pages {
			p := pages[(i+k)%len(pages)]
			var cold, back coldResult
			var err error
			if p.returning {
				cold, back, err = returningLoad(context.Background(), p.url, p.codeCell, want)
				p.back = append(p.back, back)
			} else {
				cold, err = coldLoad(context.Background(), p.url, p.codeCell, want)
			}
			if err != nil {
				b.Fatalf("%s: %v", p.name, err)
			}
			p.cold = append(p.cold, cold)
		}
		i++
	}
	printReport(b, sideReport(b, pages, network+"; load average "+load+" at the start, "+loadAverage()+" at the end"))
}

func column(rs []coldResult, f func(coldResult) float64) []float64 {
	var xs []float64
	for _, r := range rs {
		xs = append(xs, f(r))
	}
	return xs
}

func ready(r coldResult) float64 { return r.Ready }

func medianMax(xs []float64) string {
	if len(xs) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f [%.0f]", median(xs), slices.Max(xs))
}

// sideReport prints a table of median [max] and the ratios against the goals.
func sideReport(b *testing.B, pages []*sidePage, network string) string {
	var t strings.Builder
	fmt.Fprintf(&t, "%s\na fresh browser process per visit, interleaved, n=%d per page (ms from navigation; median [max])\n",
		network, len(pages[0].cold))
	fmt.Fprintf(&t, "%-22s %14s %14s %14s %11s %12s %10s %14s %11s\n", "page", "cold ready", ".wasm start", ".wasm end", "first Run", "KiB on wire", "wasm GETs", "returning", "its Run")
	for _, p := range pages {
		c := func(f func(coldResult) float64) string { return medianMax(column(p.cold, f)) }
		fmt.Fprintf(&t, "%-22s %14s %14s %14s %11s %12.0f %10.0f %14s %11s\n", p.name, c(ready),
			c(func(r coldResult) float64 { return r.WasmStart }), c(func(r coldResult) float64 { return r.WasmEnd }),
			c(func(r coldResult) float64 { return r.FirstRun }), median(column(p.cold, func(r coldResult) float64 { return r.Wire }))/1024,
			slices.Max(column(p.cold, func(r coldResult) float64 { return float64(r.WasmFetches) })), medianMax(column(p.back, ready)), medianMax(column(p.back, func(r coldResult) float64 { return r.FirstRun })))
		slug := strings.NewReplacer(" ", "-", ".", "").Replace(strings.ToLower(p.name))
		b.ReportMetric(median(column(p.cold, ready)), "ms-cold-"+slug)
	}
	bare := median(column(pages[0].cold, ready))
	for _, p := range pages[1:] {
		ratio := median(column(p.cold, ready)) / bare
		if p.goal > 0 {
			b.ReportMetric(ratio, "x-"+strings.ReplaceAll(p.name, " ", "-")+"/bare")
			fmt.Fprintf(&t, "%s / bare Go page, cold: %.2f× (goal at most %.2f×: %s)\n", p.name, ratio, p.goal, met(ratio <= p.goal))
		} else {
			fmt.Fprintf(&t, "%s / bare Go page, cold: %.2f× (no goal)\n", p.name, ratio)
		}
		if len(p.back) > 0 {
			back := median(column(p.back, ready))
			fmt.Fprintf(&t, "%s, returning visit: %.0f ms to ready (goal at most %d ms: %s)\n", p.name, back, goalReturningMS, met(back <= goalReturningMS))
		}
	}
	wire := median(column(pages[1].cold, func(r coldResult) float64 { return r.Wire })) / 1024
	fmt.Fprintf(&t, "page first load: %.0f KiB on the wire, brotli, headers included (goal at most %d KiB: %s)", wire, goalFirstLoadKB, met(wire <= goalFirstLoadKB))
	return t.String()
}

// loadAverage is the machine's load over the last minute (Linux), or "unknown".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Fields(string(b))[0]
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}
