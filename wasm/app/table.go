//go:build js

package main

// The table editor: the rows, Add row, Reset to lesson, and keeping the table in the browser and
// out of a stale link. Drawing the rows is rows.go.

import (
	"strconv"
	"syscall/js"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// editor is the table editor's DOM.
type editor struct {
	a                       *app
	rows, rowsStatus, share *dom.BasicHTMLElement
	addRow                  *dom.HTMLButtonElement

	rowTpl    js.Value      // an editor row, cloned for each row (rows.go)
	rowCodes  []coerce.Code // the codes rowTpl's select offers
	rowsTable js.Value      // the editor's <table>
	win       editorWindow  // which rows of a long table are drawn
	drawn     bool          // the rows have been drawn once (or kept from index.html)

	drawnPredict bool // the rows were drawn for predict mode (their labels say so)
	// loaded is true while the table is one a host set (page.Loaded) and the reader has not
	// changed: it is not the reader's to save, not even for its locks.
	loaded   bool
	printing bool // between beforeprint and afterprint: every row is drawn
}

func initTable(a *app) {
	e := &editor{a: a, rows: byID("rows"), rowsStatus: byID("rows-status"), share: byID("share"),
		addRow: &dom.HTMLButtonElement{BasicHTMLElement: byID("add-row")}}
	a.ed = e
	e.buildRowTemplate()
	step()
	e.renderRows()
	a.subscribe(e.changed)

	a.on(e.addRow.BasicHTMLElement, "click", func(*dom.BasicEvent) {
		if i := a.st.Add(); i >= 0 {
			e.focusRow(i, "input")
		}
	})
	a.on(byID("reset-table"), "click", func(*dom.BasicEvent) {
		a.st.Replace(lesson.Opening())
		a.notify("The lesson's table is back.", true)
		a.save("") // the next visit gets the lesson's current table
	})
	// One listener per event type for all rows.
	a.on(e.rows, "input", func(ev *dom.BasicEvent) { e.edit(target(ev)) })
	a.on(e.rows, "change", func(ev *dom.BasicEvent) { e.edit(target(ev)) })
	// Enter in a cell runs the table, as the help under the table says (a button in a row keeps
	// Enter for itself; an Enter that ends an input method's composition is not a run).
	a.on(e.rows, "keydown", func(ev *dom.BasicEvent) {
		k := keyboard(ev)
		if k.Key() != "Enter" || k.CtrlKey() || k.MetaKey() || k.AltKey() || k.ShiftKey() || ev.Get("isComposing").Bool() {
			return
		}
		if tag := target(ev).TagName(); tag == "INPUT" || tag == "SELECT" {
			ev.PreventDefault()
			a.res.runAndShow()
		}
	})
	a.on(e.rows, "click", func(ev *dom.BasicEvent) {
		if b, ok := closest(target(ev), "button[data-action]"); ok {
			e.act(b, rowOf(b))
		}
	})
	// A printed worksheet holds the whole table, not the rows a long one draws near the screen.
	printing := func(on bool) func(*dom.BasicEvent) {
		return func(*dom.BasicEvent) {
			if e.printing != on {
				e.printing = on
				if len(a.st.Table().Rows) > page.FullRows {
					e.renderRows()
				}
			}
		}
	}
	a.onValue(js.Global(), "beforeprint", printing(true))
	a.onValue(js.Global(), "afterprint", printing(false))
}

// changed follows the State: a table the reader changed, or whose rows a Run locked, is saved and
// drops a table link that no longer matches from the address bar; rows added, moved, deleted or
// replaced are redrawn.
func (e *editor) changed(ev page.Event) {
	if ev.TableChanged() {
		e.loaded = ev == page.Loaded
		if !e.loaded {
			e.save()
		}
	}
	switch ev {
	case page.Replaced, page.Loaded, page.RowsChanged:
		e.renderRows()
	case page.Ran:
		e.markLocked()
		if !e.loaded && e.a.st.LockedRows() != nil {
			e.save() // the locks are saved with the table: a reload does not unlock them
		}
	case page.SetupChanged:
		// The prediction cells' labels follow the mode, their codes the tool.
		if predict := e.a.st.Table().Mode == lesson.PredictMode; predict != e.drawnPredict || e.useCodes(e.a.st.RowCodes()) {
			e.renderRows()
		}
	}
}

// save saves the table, drops a table link that no longer matches from the address bar and
// hides the link Copy link showed.
func (e *editor) save() {
	a := e.a
	a.save(a.st.Saved())
	loc := location()
	if url, ok := page.Unlinked(loc.Pathname(), loc.Search(), loc.Hash()); ok {
		replaceURL(url)
	}
	e.share.SetAttribute("hidden", "")
}

// save writes text as the saved table ("" forgets it). A refusal or a full
// store is said in one quiet line; the table on the page is never touched,
// and the next change tries again.
func (a *app) save(text string) {
	if a.course != nil {
		return // a SCORM launch page keeps nothing in the browser (main.go)
	}
	if line, changed := a.storage.Saved(storageSet(a.storageKey, text)); changed {
		a.showStorage(line)
	}
}

// showStorage shows what the page says about keeping the table ("" hides it).
func (a *app) showStorage(line string) {
	e := byID("storage-status")
	e.SetTextContent(line)
	if line == "" {
		e.SetAttribute("hidden", "")
	} else {
		e.RemoveAttribute("hidden")
	}
}

// edit copies a changed field of the editor into the table. A change over a limit is not made:
// the field keeps the reader's text and says why under it until the text fits (a <select> is
// put back, having no text to fix).
func (e *editor) edit(t *dom.BasicHTMLElement) {
	i := rowOf(t)
	st := e.a.st
	v := getProp(t, "value")
	refused := ""
	switch t.GetAttribute("data-field") {
	case "input":
		refused = st.SetInput(i, v)
		if r := st.Table().Rows; i >= 0 && i < len(r) { // the printed input (rows.go): what the row holds
			t.Underlying().Get("parentElement").Call("querySelector", ".print-only").Set("textContent", r[i].Input)
		}
	case "want":
		if refused = st.SetWant(i, coerce.Code(v)); refused != "" {
			setProp(t, "value", string(st.Table().Rows[i].Want))
		}
	case "note":
		refused = st.SetNote(i, v)
	default:
		return
	}
	fieldError(t, t, refused)
}

// act carries out a row's button: move up, move down or delete.
func (e *editor) act(b *dom.BasicHTMLElement, i int) {
	st := e.a.st
	switch action := b.GetAttribute("data-action"); action {
	case "up", "down":
		delta := 1
		if action == "up" {
			delta = -1
		}
		j := st.Move(i, delta)
		if j == i {
			return
		}
		// Keep the keyboard on the row that moved; at an end, its other button.
		switch {
		case j == 0:
			e.focusRow(j, "down")
		case j == len(st.Table().Rows)-1:
			e.focusRow(j, "up")
		default:
			e.focusRow(j, action)
		}
	case "delete":
		st.Delete(i)
		e.a.notify("Row "+strconv.Itoa(i+1)+" deleted.", true)
		if n := len(st.Table().Rows); n > 0 {
			e.focusRow(min(i, n-1), "delete")
		} else {
			e.addRow.Focus()
		}
	}
}

// rowOf is the table index of the editor row holding e.
func rowOf(e *dom.BasicHTMLElement) int {
	tr, ok := closest(e, "tr[data-row]")
	if !ok {
		return -1
	}
	i, err := strconv.Atoi(tr.GetAttribute("data-row"))
	if err != nil {
		return -1
	}
	return i
}
