//go:build js

package main

// The readings of a long run drawn after it: a 10,000-row Run puts every row, with its code,
// observation, pass and trace attributes, in #results at once, but the reading inside each row
// (some forty calls into JavaScript) only for the first eagerReadings rows. The rest are drawn a
// chunk per task, in order, so the page answers input between chunks; #results is aria-busy
// until every reading is drawn. (Drawing a row when it scrolls into view instead would need
// contentvisibilityautostatechange, which Chromium fires for every one of the 10,000 rows as
// they are first laid out: 10,000 calls into Go.)

import (
	"syscall/js"

	"coerceplayground/wasm/page"
)

const (
	// eagerReadings is how many rows of a long run (more than longResults) get their reading
	// with the run: more than a screen holds at any width, since a row with its reading is at
	// least seven lines high. A run of up to longResults rows gets every reading with it. Two
	// hundred readings drawn with the run cost about as much as stamping all 10,000 rows
	// (docs/performance.md, "The levers, kept and rejected").
	eagerReadings = 40
	// readingChunk is how many readings one task draws after the run.
	readingChunk = 200
)

// eagerFor is how many of n rows get their reading with the run.
func eagerFor(n int) int {
	if n <= longResults {
		return n
	}
	return eagerReadings
}

// lazyReadings is the readings still to draw after the last run.
type lazyReadings struct {
	next, end int  // rows [next, end) may still lack their reading
	queued    bool // a chunk is scheduled
	tick      js.Func
}

func (p *results) initLazy() {
	p.lazy.tick = js.FuncOf(func(js.Value, []js.Value) any {
		defer p.a.recover()
		p.lazy.queued = false
		p.fillChunk()
		return nil
	})
}

// fillLater schedules the readings of rows [from, end); fillLater(0, 0) cancels what is pending.
func (p *results) fillLater(from, end int) {
	p.lazy.next, p.lazy.end = from, end
	p.schedule()
}

func (p *results) schedule() {
	if p.lazy.next >= p.lazy.end {
		p.results.RemoveAttribute("aria-busy")
		return
	}
	p.results.SetAttribute("aria-busy", "true")
	if !p.lazy.queued {
		p.lazy.queued = true
		js.Global().Call("setTimeout", p.lazy.tick, 0)
	}
}

// fillChunk draws the next readingChunk readings still missing.
func (p *results) fillChunk() {
	stop := min(p.lazy.next+readingChunk, p.lazy.end)
	for ; p.lazy.next < stop; p.lazy.next++ {
		p.fillReading(p.lazy.next)
	}
	p.schedule()
}

// fillReading draws result row i's reading unless it has one.
func (p *results) fillReading(i int) {
	res := p.a.st.Results()
	tr, ok := p.row(i)
	if !ok || i < 0 || i >= len(res) {
		return
	}
	cell := tr.Underlying().Get("children").Index(page.ResultReadingCell)
	if !cell.Get("firstChild").IsNull() {
		return
	}
	r := res[i]
	cell.Call("append", build(page.ReadingView(r, rowKey(i), page.Mispredicted(r.Want, r.Code))))
}
