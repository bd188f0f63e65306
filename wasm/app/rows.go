//go:build js

package main

// Drawing the table editor's rows: a template row cloned for each, and for a long table only the
// rows near the screen (page.Window).

import (
	"slices"
	"strconv"
	"syscall/js"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

func rowID(i int, part string) string { return page.RowID(i, part) }

// buildRowTemplate builds the editor row that drawRow clones (page.RowTemplate) and hooks the
// redraw of a long table to scrolling.
func (e *editor) buildRowTemplate() {
	e.useCodes(e.a.st.RowCodes())
	e.rowsTable = e.rows.Underlying().Get("parentElement")
	e.win.rowH = defaultRowHeight
	e.win.tick = js.FuncOf(func(js.Value, []js.Value) any {
		defer e.a.recover()
		e.win.pending = false
		e.scrolled()
		return nil
	})
	schedule := js.FuncOf(func(js.Value, []js.Value) any {
		if e.win.on && !e.win.pending {
			e.win.pending = true
			js.Global().Call("requestAnimationFrame", e.win.tick)
		}
		return nil
	})
	passive := map[string]any{"passive": true}
	js.Global().Call("addEventListener", "scroll", schedule, passive)
	js.Global().Call("addEventListener", "resize", schedule, passive)
}

// useCodes makes the row template's select offer codes (page.State.RowCodes: they follow the
// table's tool) and reports whether that changed what it offered.
func (e *editor) useCodes(codes []coerce.Code) bool {
	if !e.rowTpl.IsUndefined() && slices.Equal(codes, e.rowCodes) {
		return false
	}
	tpl := page.RowTemplate(codes)
	step() // the start's first use of the page's views: a step of its own (yield.go)
	e.rowTpl, e.rowCodes = build(tpl), codes
	return true
}

// editorWindow is which rows of a long table the editor has drawn.
type editorWindow struct {
	on          bool    // the table is longer than page.FullRows: only [first, last) are drawn
	first, last int     // the rows drawn, between the spacers top and bottom
	rowH        float64 // the height of one row, measured from those drawn
	top, bottom js.Value
	pending     bool    // a redraw waits for the next frame
	tick        js.Func // the redraw, for requestAnimationFrame
}

// defaultRowHeight is a row's height in CSS pixels until one has been measured (the page is
// hidden while it starts).
const defaultRowHeight = 45

// renderRows redraws the editor from the table. Edits inside a row do not
// come here; only adding, deleting, moving and replacing rows do. A table of
// up to page.FullRows rows is drawn whole; a longer one only near the screen
// (scrolled redraws the rest as the page scrolls). The table tells assistive
// technology its full size (aria-rowcount, and aria-rowindex on each row). While the page prints
// (beforeprint to afterprint, table.go) every row is drawn: a worksheet holds the whole table.
func (e *editor) renderRows() {
	rows := e.a.st.Table().Rows
	n := len(rows)
	e.useCodes(e.a.st.RowCodes())
	e.drawnPredict = e.a.st.Table().Mode == lesson.PredictMode
	e.rowsTable.Call("setAttribute", "aria-rowcount", strconv.Itoa(n+1)) // with the header row
	e.win.on = n > page.FullRows && !e.printing
	if e.a.prerendered && !e.drawn {
		// The build wrote these rows into index.html (page.Prerender): keep them.
	} else if !e.win.on {
		frag := fragment()
		for i, r := range rows {
			frag.Underlying().Call("appendChild", e.drawRow(i, r, n))
		}
		e.rows.SetTextContent("")
		appendFragment(e.rows, frag)
	} else {
		first, last, _ := page.Window(n, e.win.rowH, e.rowsTop(), viewHeight(), [2]int{})
		e.fill(first, last)
		// Measure the rows once they are laid out (the page may still be hidden).
		if !e.win.pending {
			e.win.pending = true
			js.Global().Call("requestAnimationFrame", e.win.tick)
		}
	}

	e.drawn = true

	full := !e.a.st.CanAdd()
	e.addRow.SetDisabled(full)
	switch {
	case n == 0:
		e.rowsStatus.SetTextContent("The table is empty. Add a row, or reset to the lesson's table.")
		e.rowsStatus.RemoveAttribute("hidden")
	case full:
		e.rowsStatus.SetTextContent("The table is full: a table holds at most " + strconv.Itoa(lesson.MaxRows) + " rows.")
		e.rowsStatus.RemoveAttribute("hidden")
	default:
		e.rowsStatus.SetAttribute("hidden", "")
	}
}

// drawRow is editor row i of n: a clone of the template filled by page.RowFill, the same
// row the build wrote into index.html for the lesson's table.
func (e *editor) drawRow(i int, r lesson.Row, n int) js.Value {
	tr := e.rowTpl.Call("cloneNode", true)
	fillAll(tr, page.RowFill(i, n, r, e.drawnPredict))
	if e.a.st.Locked(i) {
		fillAll(tr, page.LockFill(i))
	}
	return tr
}

// markLocked locks the drawn rows a run locked (page.State.Locked), in place: a Run redraws no
// row, and the focus may be in one.
func (e *editor) markLocked() {
	q := e.rows.Underlying().Call("querySelectorAll", "tr[data-row]:not(.locked)")
	for k := 0; k < q.Length(); k++ {
		tr := q.Index(k)
		if i, err := strconv.Atoi(tr.Call("getAttribute", "data-row").String()); err == nil && e.a.st.Locked(i) {
			fillAll(tr, page.LockFill(i))
		}
	}
}

// rowsFrag is a fragment holding editor rows [first, last).
func (e *editor) rowsFrag(first, last int) js.Value {
	rows := e.a.st.Table().Rows
	f := js.Global().Get("document").Call("createDocumentFragment")
	for i := first; i < last; i++ {
		f.Call("appendChild", e.drawRow(i, rows[i], len(rows)))
	}
	return f
}

// spacer is a row that stands in for rows not drawn (page.Spacer).
func spacer() js.Value { return build(page.Spacer()) }

// fill replaces the editor's rows with rows [first, last) between spacers.
func (e *editor) fill(first, last int) {
	e.win.top, e.win.bottom = spacer(), spacer()
	f := js.Global().Get("document").Call("createDocumentFragment")
	f.Call("appendChild", e.win.top)
	f.Call("appendChild", e.rowsFrag(first, last))
	f.Call("appendChild", e.win.bottom)
	e.rows.SetTextContent("")
	e.rows.Underlying().Call("appendChild", f)
	e.win.first, e.win.last = first, last
	e.sizeSpacers()
}

// sizeSpacers gives the spacers the height of the rows they stand in for.
// (The style property, not a style attribute: the page's CSP allows it.)
func (e *editor) sizeSpacers() {
	n := len(e.a.st.Table().Rows)
	e.win.top.Get("style").Set("height", px(float64(e.win.first)*e.win.rowH))
	e.win.bottom.Get("style").Set("height", px(float64(n-e.win.last)*e.win.rowH))
}

func px(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) + "px" }

// scrolled runs in the animation frame after a scroll or resize: it measures
// the rows and draws those now near the screen, keeping the rows drawn
// before that are still near it (and so the focus, when it is in one).
func (e *editor) scrolled() {
	if !e.win.on {
		return
	}
	e.measureRows()
	n := len(e.a.st.Table().Rows)
	first, last, redraw := page.Window(n, e.win.rowH, e.rowsTop(), viewHeight(), [2]int{e.win.first, e.win.last})
	if !redraw {
		return
	}
	f0, l0 := e.win.first, e.win.last
	if last <= f0 || first >= l0 {
		e.fill(first, last)
		return
	}
	for i := f0; i < first; i++ {
		e.win.top.Get("nextElementSibling").Call("remove")
	}
	for i := last; i < l0; i++ {
		e.win.bottom.Get("previousElementSibling").Call("remove")
	}
	if first < f0 {
		e.win.top.Call("after", e.rowsFrag(first, f0))
	}
	if last > l0 {
		e.win.bottom.Call("before", e.rowsFrag(l0, last))
	}
	e.win.first, e.win.last = first, last
	e.sizeSpacers()
}

// measureRows takes the row height from the rows drawn, once they are laid
// out (a narrow screen makes each row a taller card), and resizes the spacers
// if it changed.
func (e *editor) measureRows() {
	if e.win.last <= e.win.first {
		return
	}
	top := e.win.top.Call("getBoundingClientRect").Get("bottom").Float()
	bottom := e.win.bottom.Call("getBoundingClientRect").Get("top").Float()
	h := (bottom - top) / float64(e.win.last-e.win.first)
	if h > 0 && (h-e.win.rowH > 0.01 || e.win.rowH-h > 0.01) {
		e.win.rowH = h
		e.sizeSpacers()
	}
}

// rowsTop is where the editor's rows start, relative to the top of the viewport.
func (e *editor) rowsTop() float64 {
	return e.rows.Underlying().Call("getBoundingClientRect").Get("top").Float()
}

func viewHeight() float64 { return js.Global().Get("innerHeight").Float() }

// focusRow focuses a control of editor row i, first scrolling the row to
// the middle of the screen and drawing it when a long table has not drawn it.
func (e *editor) focusRow(i int, part string) {
	if e.win.on && (i < e.win.first || i >= e.win.last) {
		y := js.Global().Get("scrollY").Float() + e.rowsTop() + float64(i)*e.win.rowH - viewHeight()/2
		js.Global().Call("scrollTo", map[string]any{"top": y, "behavior": "instant"})
		e.scrolled()
	}
	focus(rowID(i, part))
}
