package e2e

// BenchmarkColdSideBySide: the playground against its floor and its alternative, cold, in one
// run. Figures from different runs on a shared 2-core machine are not comparable; ratios of
// loads interleaved in the same minute are.
//
//	go test -run '^$' -bench ColdSideBySide -benchtime 7x ./web/e2e   (part of make bench)

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"coerceplayground/build/webbuild"
	"coerceplayground/lesson"
)

// sidePage is one page of the side-by-side: where it is served and which cell of a result row
// holds the code.
type sidePage struct {
	name     string
	url      string
	codeCell int
	results  []coldResult
}

// sideGoals are the speed goals, checked (and printed) on every run; no goal fails the benchmark.
const (
	goalVsBare      = 1.5  // playground ready / bare Go page ready, at most
	goalVsPyodide   = 10.0 // Pyodide ready / playground ready, at least
	goalFirstLoadKB = 600  // KiB brotli of the playground's first load, at most
)

func BenchmarkColdSideBySide(b *testing.B) {
	if noBrowser != "" {
		b.Skip(noBrowser)
	}
	pages := sidePages(b)
	var want []string
	for _, r := range lesson.Classroom().Rows {
		want = append(want, string(r.Want))
	}
	i := 0
	for b.Loop() {
		// Interleaved: each round loads every page once, starting one further along each time,
		// so no page always follows the same one.
		for k := range pages {
			p := pages[(i+k)%len(pages)]
			r, err := coldLoad(context.Background(), p.url, p.codeCell, want)
			if err != nil {
				b.Fatalf("%s: %v", p.name, err)
			}
			p.results = append(p.results, r)
		}
		i++
	}
	reportSideBySide(b, pages)
}

// sidePages starts a server per page. The Pyodide page is left out, with the reason logged,
// when the pinned runtime is not installed.
func sidePages(b *testing.B) []*sidePage {
	serve := func(h http.Handler) string {
		s := httptest.NewServer(h)
		b.Cleanup(s.Close)
		return s.URL + "/"
	}
	bare, err := bareSite(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	noPreload, err := withoutPreload(webbuild.Web(moduleRoot))
	if err != nil {
		b.Fatal(err)
	}
	pages := []*sidePage{
		{name: "bare Go page", url: serve(bare), codeCell: 1},
		{name: "playground", url: server.URL + "/", codeCell: 3},
		{name: "playground, no preload", url: serve(noPreload), codeCell: 3},
	}
	py, version, err := pyodideSite(b.TempDir())
	if err != nil {
		b.Logf("the Pyodide page is left out: %v", err)
		return pages
	}
	return append(pages, &sidePage{name: "Pyodide " + version, url: serve(py), codeCell: 1})
}

func reportSideBySide(b *testing.B, pages []*sidePage) {
	col := func(p *sidePage, f func(coldResult) float64) []float64 {
		var xs []float64
		for _, r := range p.results {
			xs = append(xs, f(r))
		}
		return xs
	}
	ready := func(r coldResult) float64 { return r.Ready }
	var t strings.Builder
	fmt.Fprintf(&t, "cold loads, a fresh browser process each, interleaved, n=%d per page (ms from navigation; median [max])\n", len(pages[0].results))
	fmt.Fprintf(&t, "%-26s %16s %16s %16s %14s %12s %10s\n", "page", "ready", ".wasm start", ".wasm end", "first Run", "KiB on wire", "wasm GETs")
	for _, p := range pages {
		cell := func(f func(coldResult) float64) string {
			xs := col(p, f)
			return fmt.Sprintf("%.0f [%.0f]", median(xs), slices.Max(xs))
		}
		fetches := slices.Max(col(p, func(r coldResult) float64 { return float64(r.WasmFetches) }))
		fmt.Fprintf(&t, "%-26s %16s %16s %16s %14s %12.0f %10.0f\n", p.name, cell(ready),
			cell(func(r coldResult) float64 { return r.WasmStart }), cell(func(r coldResult) float64 { return r.WasmEnd }),
			cell(func(r coldResult) float64 { return r.FirstRun }), median(col(p, func(r coldResult) float64 { return r.Wire }))/1024, fetches)
		slug := strings.NewReplacer(" ", "-", ",", "", ".", "").Replace(strings.ToLower(p.name))
		b.ReportMetric(median(col(p, ready)), "ms-ready-"+slug+"-median")
		b.ReportMetric(slices.Max(col(p, ready)), "ms-ready-"+slug+"-max")
	}
	bare, play := median(col(pages[0], ready)), median(col(pages[1], ready))
	ratio := play / bare
	b.ReportMetric(ratio, "x-playground/bare")
	fmt.Fprintf(&t, "playground / bare Go page: %.2f× (goal at most %.1f×: %s)\n", ratio, goalVsBare, met(ratio <= goalVsBare))
	fmt.Fprintf(&t, "playground without / with the preload: %.2f×\n", median(col(pages[2], ready))/play)
	if len(pages) > 3 {
		py := median(col(pages[3], ready))
		b.ReportMetric(py/play, "x-pyodide/playground")
		fmt.Fprintf(&t, "%s / playground: %.1f× sooner (goal at least %.0f×: %s); the floor, %s / bare Go page: %.1f×\n",
			pages[3].name, py/play, goalVsPyodide, met(py/play >= goalVsPyodide), pages[3].name, py/bare)
	}
	wire := median(col(pages[1], func(r coldResult) float64 { return r.Wire })) / 1024
	fmt.Fprintf(&t, "playground first load: %.0f KiB on the wire, brotli, headers included (goal at most %d KiB: %s)", wire, goalFirstLoadKB, met(wire <= goalFirstLoadKB))
	b.Log("\n" + t.String())
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}
