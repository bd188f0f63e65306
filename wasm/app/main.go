//go:build js

// Command app is the playground page's WebAssembly program. It reads the DOM,
// calls package page (and through it the lesson) and renders what comes
// back. Text that a learner or a link supplied reaches the page only as text
// (textContent, a form value or an attribute value), never as HTML.
//
// Every event handler recovers from panics: a bug shows a notice and the page
// keeps working.
package main

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type app struct {
	st         *page.State
	undo       *lesson.Table // the table before the last reset, import or delete
	keep       page.Keeper   // what the page has said about keeping the table
	storageKey string        // where the table is kept: one key for the page, another for embeds

	rows, results, resultsTable, counts, summary        *dom.BasicHTMLElement
	learnerResults, catalog, schema, rowsStatus         *dom.BasicHTMLElement
	tableMeta                                           *dom.BasicHTMLElement
	notice, noticeText, share, shareStatus              *dom.BasicHTMLElement
	importDialog, importError, exportDialog, exportStat *dom.BasicHTMLElement

	noticeUndo, addRow     *dom.HTMLButtonElement
	learnerInput, shareURL *dom.HTMLInputElement
	importFile             *dom.HTMLInputElement
	importText, exportText *dom.HTMLTextAreaElement

	rowTpl    js.Value     // an editor row, cloned for each row (render.go)
	rowsTable js.Value     // the editor's <table>
	win       editorWindow // which rows of a long table are drawn

	tries    map[string]func(lesson.Try) // how to show each kind of Try it target (panels.go)
	afterRun []func()                    // called after every run (panels.go)
}

func main() {
	if err := start(); err != nil {
		fatal(err.Error())
	}
	select {} // the page lives as long as the tab
}

// fatal replaces the loading panel with a message; the program keeps
// running so the loader does not report it as stopped.
func fatal(msg string) {
	defer func() { recover() }()
	byID("loading").SetAttribute("hidden", "")
	e := byID("load-error")
	e.SetTextContent("The playground could not start: " + msg)
	e.RemoveAttribute("hidden")
	root().SetAttribute("data-load", "failed")
}

func start() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errors.New(panicText(p))
		}
	}()
	a := &app{}
	a.find()

	// An embedded copy keeps its own table: a course page must not open the table this
	// learner was editing on the playground itself.
	a.storageKey = page.StorageKey
	if root().HasAttribute("data-embed") {
		a.storageKey += ":embed"
	}
	saved, kept := storageGet(a.storageKey)
	first := page.Choose(location().Hash(), saved)
	a.st = page.New(first.Table)

	a.renderReference()
	a.buildRowTemplate()
	a.renderRows()
	a.wire()
	// By index: an init may append another, which then runs after every panel's own (the
	// notes render last, once every Try it handler is registered).
	for i := 0; i < len(panelInits); i++ {
		panelInits[i](a)
	}

	switch {
	case first.Notice != "":
		a.notify(first.Notice, false)
	case first.FromLink:
		a.notify("This table came from the link you opened. Your changes stay in this browser; use Copy link to share them.", false)
	}
	a.keepLine(a.keep.Loaded(kept))
	if isMac() {
		byID("run-keys").SetTextContent("⌘ Enter")
	}

	byID("loading").SetAttribute("hidden", "")
	byID("app").RemoveAttribute("hidden")
	root().SetAttribute("data-ready", "true")
	mark("coerce:ready")
	return nil
}

func (a *app) find() {
	a.rows = byID("rows")
	a.results = byID("results")
	a.resultsTable = byID("results-table")
	a.counts = byID("code-counts")
	a.summary = byID("summary")
	a.learnerResults = byID("learner-results")
	a.catalog = byID("catalog")
	a.schema = byID("schema")
	a.rowsStatus = byID("rows-status")
	a.tableMeta = byID("table-meta")
	a.notice = byID("notice")
	a.noticeText = byID("notice-text")
	a.share = byID("share")
	a.shareStatus = byID("share-status")
	a.importDialog = byID("import-dialog")
	a.importError = byID("import-error")
	a.exportDialog = byID("export-dialog")
	a.exportStat = byID("export-status")
	a.noticeUndo = &dom.HTMLButtonElement{BasicHTMLElement: byID("notice-undo")}
	a.addRow = &dom.HTMLButtonElement{BasicHTMLElement: byID("add-row")}
	a.learnerInput = &dom.HTMLInputElement{BasicHTMLElement: byID("learner-input")}
	a.shareURL = &dom.HTMLInputElement{BasicHTMLElement: byID("share-url")}
	a.importFile = &dom.HTMLInputElement{BasicHTMLElement: byID("import-file")}
	a.importText = &dom.HTMLTextAreaElement{BasicHTMLElement: byID("import-text")}
	a.exportText = &dom.HTMLTextAreaElement{BasicHTMLElement: byID("export-text")}
}

// on adds a listener to an element that cannot take the page down.
func (a *app) on(e *dom.BasicHTMLElement, typ string, f func(*dom.BasicEvent)) {
	a.onValue(e.Underlying(), typ, f)
}

// onValue is on for the document and the window.
func (a *app) onValue(t js.Value, typ string, f func(*dom.BasicEvent)) {
	listen(t, typ, func(ev *dom.BasicEvent) {
		defer a.recover()
		f(ev)
	})
}

func (a *app) recover() {
	if p := recover(); p != nil {
		a.notify("Something went wrong in the playground ("+panicText(p)+"). The page still works; reload it if anything looks wrong.", false)
	}
}

func panicText(p any) string {
	switch v := p.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "unexpected error"
}

func (a *app) wire() {
	a.on(byID("run"), "click", func(*dom.BasicEvent) { a.runTable() })
	a.onValue(js.Global().Get("document"), "keydown", func(ev *dom.BasicEvent) {
		k := keyboard(ev)
		if k.Key() == "Enter" && (k.CtrlKey() || k.MetaKey()) {
			if a.importDialog.HasAttribute("open") || a.exportDialog.HasAttribute("open") {
				return // the shortcut belongs to the page, not to an open dialog
			}
			ev.PreventDefault()
			a.runTable()
		}
	})
	a.on(a.addRow.BasicHTMLElement, "click", func(*dom.BasicEvent) {
		if i := a.st.Add(); i >= 0 {
			a.changed()
			a.renderRows()
			a.focusRow(i, "input")
		}
	})
	a.on(byID("reset-table"), "click", func(*dom.BasicEvent) {
		a.replace(lesson.Classroom(), "The lesson's table is back.")
		a.save("") // the next visit gets the lesson's current table
	})
	a.on(byID("copy-link"), "click", func(*dom.BasicEvent) { a.copyLink() })
	a.on(byID("notice-close"), "click", func(*dom.BasicEvent) { a.notice.SetAttribute("hidden", "") })
	a.on(a.noticeUndo.BasicHTMLElement, "click", func(*dom.BasicEvent) {
		if a.undo != nil {
			t := *a.undo
			a.undo = nil
			a.st.Replace(t)
			a.changed()
			a.renderRows()
			a.renderReference()
			a.notify("Undone.", false)
		}
	})

	// The table editor: one listener per event type for all rows.
	a.on(a.rows, "input", func(ev *dom.BasicEvent) { a.edit(target(ev)) })
	a.on(a.rows, "change", func(ev *dom.BasicEvent) { a.edit(target(ev)) })
	a.on(a.rows, "click", func(ev *dom.BasicEvent) {
		b, ok := closest(target(ev), "button[data-action]")
		if !ok {
			return
		}
		i := rowOf(b)
		switch b.GetAttribute("data-action") {
		case "up", "down":
			delta := 1
			if b.GetAttribute("data-action") == "up" {
				delta = -1
			}
			j := a.st.Move(i, delta)
			if j == i {
				return
			}
			a.changed()
			a.renderRows()
			// Keep the keyboard on the row that moved; at an end, its other button.
			switch {
			case j == 0:
				a.focusRow(j, "down")
			case j == len(a.st.Table.Rows)-1:
				a.focusRow(j, "up")
			default:
				a.focusRow(j, b.GetAttribute("data-action"))
			}
		case "delete":
			before := cloneTable(a.st.Table)
			a.st.Delete(i)
			a.undo = &before
			a.changed()
			a.renderRows()
			a.notify("Row "+strconv.Itoa(i+1)+" deleted.", true)
			if n := len(a.st.Table.Rows); n > 0 {
				a.focusRow(min(i, n-1), "delete")
			} else {
				a.addRow.Focus()
			}
		}
	})

	// The learner box.
	a.on(byID("learner-run"), "click", func(*dom.BasicEvent) { a.runLearner() })
	a.on(a.learnerInput.BasicHTMLElement, "keydown", func(ev *dom.BasicEvent) {
		k := keyboard(ev)
		// An Enter that confirms an input method's composition (typing "１７" or "٤٢", which the
		// lesson asks learners to try) is not a request to run yet.
		if k.Key() == "Enter" && !k.CtrlKey() && !k.MetaKey() && !k.ShiftKey() && !ev.Get("isComposing").Truthy() {
			ev.PreventDefault()
			a.runLearner()
		}
	})
	a.on(byID("learner-clear"), "click", func(*dom.BasicEvent) {
		a.learnerResults.SetTextContent("")
		a.learnerInput.Focus()
	})

	// Import and export.
	a.on(byID("import-open"), "click", func(*dom.BasicEvent) {
		a.importError.SetAttribute("hidden", "")
		showModal(a.importDialog)
		a.importText.Focus()
	})
	a.on(byID("import-cancel"), "click", func(*dom.BasicEvent) { closeDialog(a.importDialog) })
	a.on(a.importFile.BasicHTMLElement, "change", func(*dom.BasicEvent) {
		readFile(a.importFile, func(text string, ok bool) {
			defer a.recover()
			if !ok {
				a.importFailed("The file could not be read.")
				return
			}
			a.importText.SetValue(text)
		})
	})
	a.on(byID("import-apply"), "click", func(*dom.BasicEvent) { a.importTable() })
	a.on(byID("export-open"), "click", func(*dom.BasicEvent) {
		a.exportText.SetValue(lesson.FormatTable(page.Shareable(a.st.Table)))
		a.exportStat.SetTextContent("")
		showModal(a.exportDialog)
		a.exportText.Focus()
	})
	a.on(byID("export-close"), "click", func(*dom.BasicEvent) { closeDialog(a.exportDialog) })
	a.on(byID("export-copy"), "click", func(*dom.BasicEvent) {
		copyText(a.exportText.Value(), func(ok bool) {
			defer a.recover()
			if ok {
				a.exportStat.SetTextContent("Copied to the clipboard.")
				return
			}
			a.exportText.Select()
			a.exportStat.SetTextContent("The browser did not allow copying. The text is selected: press Ctrl+C (⌘ C on a Mac).")
		})
	})
	a.on(byID("export-download"), "click", func(*dom.BasicEvent) {
		download("coerce-table.txt", a.exportText.Value())
		a.exportStat.SetTextContent("Saved as coerce-table.txt in your downloads.")
	})

	// A link pasted into the address bar of an open page changes only the
	// fragment; load its table as if the page had been opened with it.
	a.onValue(js.Global(), "hashchange", func(*dom.BasicEvent) {
		hash := location().Hash()
		if _, ok := page.FragmentTable(hash); !ok {
			return
		}
		next := page.Choose(hash, "")
		if !next.FromLink {
			a.notify(next.Notice, false)
			return
		}
		msg := "Loaded the table from the link."
		if next.Notice != "" {
			msg += " " + next.Notice
		}
		// As any other replacement: Undo, saved, and the old results marked stale.
		a.replace(next.Table, msg)
	})
}

// edit copies a changed field of the editor into the table.
func (a *app) edit(t *dom.BasicHTMLElement) {
	field := t.GetAttribute("data-field")
	if field == "" {
		return
	}
	i := rowOf(t)
	v := getProp(t, "value")
	switch field {
	case "input":
		a.st.SetInput(i, v)
	case "want":
		a.st.SetWant(i, v)
	case "note":
		a.st.SetNote(i, v)
	}
	a.changed()
}

// changed runs after every edit: it saves the table, drops a table link that
// no longer matches from the address bar, and marks old results stale.
func (a *app) changed() {
	a.save(a.st.Saved())
	loc := location()
	if hash := loc.Hash(); hash != "" {
		if _, ok := page.FragmentTable(hash); ok {
			url := loc.Pathname() + loc.Search()
			if rest := page.WithTable(hash, ""); rest != "" {
				url += "#" + rest
			}
			replaceURL(url)
		}
	}
	a.share.SetAttribute("hidden", "")
	if a.st.Stale {
		a.results.Class().Add("stale")
		a.summary.SetTextContent("The table changed since this run. Press Run to update the results.")
	}
}

// save keeps text as the saved table ("" forgets it). A refusal or a full
// store is said in one quiet line; the table on the page is never touched,
// and the next change tries again.
func (a *app) save(text string) {
	if line, changed := a.keep.Saved(storageSet(a.storageKey, text)); changed {
		a.keepLine(line)
	}
}

// keepLine shows what the page says about keeping the table ("" hides it).
func (a *app) keepLine(line string) {
	e := byID("storage-status")
	e.SetTextContent(line)
	if line == "" {
		e.SetAttribute("hidden", "")
	} else {
		e.RemoveAttribute("hidden")
	}
}

// replace swaps in a whole table, keeping the old one for Undo.
func (a *app) replace(t lesson.Table, msg string) {
	before := cloneTable(a.st.Table)
	a.undo = &before
	a.st.Replace(t)
	a.changed()
	a.renderRows()
	a.renderReference()
	a.notify(msg, true)
}

func (a *app) runTable() {
	mark("coerce:run-start")
	if err := a.st.Run(); err != nil {
		a.notify("The run failed ("+err.Error()+"). The page still works; reload it if anything looks wrong.", false)
	}
	a.renderResults()
	a.ran()
	reveal(byID("results-h"))
	mark("coerce:run-end")
	measure("coerce:run", "coerce:run-start", "coerce:run-end")
}

func (a *app) runLearner() {
	text := a.learnerInput.Value()
	if strings.TrimSpace(text) == "" {
		a.learnerInput.Focus()
		return
	}
	res, err := a.st.RunOne(text)
	if err != nil {
		a.notify("That input made the playground fail ("+err.Error()+"). The page still works.", false)
		return
	}
	li := el("li", "")
	li.SetAttribute("data-code", res.Code)
	li.SetAttribute("data-observation", res.Observation)
	head := el("div", "head")
	head.AppendChild(badge(res.Code))
	in := el("code", "input")
	in.SetTextContent(res.Input)
	head.AppendChild(in)
	li.AppendChild(head)
	obs := el("pre", "obs")
	obs.SetTextContent(res.Observation)
	li.AppendChild(obs)
	prepend(a.learnerResults, li)
	a.ran()
	// Selected, so typing replaces it and the arrow keys edit it.
	a.learnerInput.Select()
}

func (a *app) copyLink() {
	link := page.ShareLink(location().Href(), a.st.Table)
	replaceURL(link)
	a.shareURL.SetValue(link)
	a.share.RemoveAttribute("hidden")
	a.shareStatus.SetTextContent("Copying…")
	copyText(link, func(ok bool) {
		defer a.recover()
		if ok {
			a.shareStatus.SetTextContent("Link copied. It holds the whole table after the #, which browsers never send to a server.")
			return
		}
		a.shareURL.Focus()
		a.shareURL.Select()
		a.shareStatus.SetTextContent("The browser did not allow copying. The link below is selected: press Ctrl+C (⌘ C on a Mac).")
	})
}

func (a *app) importTable() {
	t, err := page.Import(a.importText.Value())
	if err != nil {
		msg := err.Error()
		var pe *lesson.ParseError
		if errors.As(err, &pe) {
			msg = "Line " + strconv.Itoa(pe.Line) + ": " + pe.Msg + "."
		}
		a.importFailed(msg)
		return
	}
	closeDialog(a.importDialog)
	a.replace(t, "Imported "+plural(len(t.Rows), "row", "rows")+".")
}

func (a *app) importFailed(msg string) {
	a.importError.SetTextContent(msg)
	a.importError.RemoveAttribute("hidden")
}

// notify shows a message above the table; undo offers to restore the table
// from before the last reset, import or delete.
func (a *app) notify(msg string, undo bool) {
	a.noticeText.SetTextContent(msg)
	if undo && a.undo != nil {
		a.noticeUndo.RemoveAttribute("hidden")
	} else {
		a.noticeUndo.SetAttribute("hidden", "")
	}
	a.notice.RemoveAttribute("hidden")
}

func cloneTable(t lesson.Table) lesson.Table {
	c := t
	c.Rows = append([]lesson.Row(nil), t.Rows...)
	c.Preamble = append([]string(nil), t.Preamble...)
	return c
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
