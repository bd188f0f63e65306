//go:build js

package main

// The hunt: after a Run of a table in hunt mode, its score, its mutants (page.MutantsView) and
// the rows that caught nothing new, under the results; hidden for any other table.

import (
	"strconv"

	"coerceplayground/wasm/page"
)

func initHunt(a *app) {
	box, score, mutants, rows := byID("hunt"), byID("hunt-score"), byID("mutants"), byID("hunt-rows")
	render := func() {
		h := a.st.Hunt()
		if h == nil {
			box.SetAttribute("hidden", "")
			replaceKids(mutants, nil)
			replaceKids(rows, nil)
			return
		}
		sc := page.ScoreOf(*h)
		score.SetAttribute("data-caught", strconv.Itoa(sc.Caught))
		score.SetAttribute("data-mutants", strconv.Itoa(sc.Mutants))
		score.SetAttribute("data-broken", strconv.Itoa(sc.Broken))
		score.SetTextContent(sc.Text)
		replaceKids(mutants, page.MutantsView(*h))
		replaceKids(rows, page.RedundantView(*h))
		box.RemoveAttribute("hidden")
	}
	a.subscribe(func(ev page.Event) {
		if ev == page.Ran || ev == page.ResultsStale {
			render()
		}
	})
}
