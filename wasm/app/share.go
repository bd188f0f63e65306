//go:build js

package main

// Taking the table elsewhere and bringing one in: Copy link, a link pasted into the address bar
// of the open page, and the Import and Export dialogs.

import (
	"syscall/js"

	"coerceplayground/embed"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type share struct {
	a                          *app
	box, status                *dom.BasicHTMLElement
	url                        *dom.HTMLInputElement
	importDialog, importError  *dom.BasicHTMLElement
	exportDialog, exportStatus *dom.BasicHTMLElement
	importFile                 *dom.HTMLInputElement
	importText, exportText     *dom.HTMLTextAreaElement
}

func initShare(a *app) {
	p := &share{a: a, box: byID("share"), status: byID("share-status"),
		url:          &dom.HTMLInputElement{BasicHTMLElement: byID("share-url")},
		importDialog: byID("import-dialog"), importError: byID("import-error"),
		exportDialog: byID("export-dialog"), exportStatus: byID("export-status"),
		importFile: &dom.HTMLInputElement{BasicHTMLElement: byID("import-file")},
		importText: &dom.HTMLTextAreaElement{BasicHTMLElement: byID("import-text")},
		exportText: &dom.HTMLTextAreaElement{BasicHTMLElement: byID("export-text")},
	}
	a.on(byID("copy-link"), "click", func(*dom.BasicEvent) { p.copyLink(true) })
	for _, id := range []string{"share-worksheet", "share-key"} {
		a.on(byID(id), "change", func(*dom.BasicEvent) { p.copyLink(false) })
	}
	p.wireImport()
	p.wireExport()
	// A link pasted into the address bar of an open page changes only the fragment; load its
	// table as if the page had been opened with it.
	a.onValue(js.Global(), "hashchange", func(*dom.BasicEvent) { p.linkPasted() })
}

// copyLink shows the link box and copies the link to the worksheet or the answer key its radio
// buttons pick (opened is true for the button: the choice starts on the table's default).
func (p *share) copyLink(opened bool) {
	if opened {
		setHandout("share", p.a.st.DefaultHandout())
	}
	link := page.ShareLink(location().Href(), p.a.st.Handed(p.a.handoutChoice("share-handout")))
	if msg := page.LinkRefused(link); msg != "" {
		p.url.SetValue("")
		p.box.RemoveAttribute("hidden")
		p.status.SetTextContent(msg)
		return
	}
	replaceURL(link)
	p.url.SetValue(link)
	p.box.RemoveAttribute("hidden")
	p.status.SetTextContent("Copying…")
	copyText(link, func(ok bool) {
		defer p.a.recover()
		if ok {
			p.status.SetTextContent("Link copied. " + page.HandoutNote(p.a.handoutChoice("share-handout")) + " It holds the whole table after the #, which browsers never send to a server.")
			return
		}
		p.url.Focus()
		p.url.Select()
		p.status.SetTextContent("The browser did not allow copying. The link below is selected: press Ctrl+C (⌘ C on a Mac).")
	})
}

func (p *share) linkPasted() {
	t, msg, replace, offer := page.Pasted(embed.ParseFragment(location().Hash()))
	if !replace {
		if msg != "" {
			p.a.notify(msg, false)
		}
		if offer != nil {
			p.a.offerRows(offer)
		}
		return
	}
	// As any other replacement: Undo, saved, and the old results marked stale.
	p.a.st.Replace(t)
	p.a.notify(msg, true)
}

func (p *share) wireImport() {
	p.a.on(byID("import-open"), "click", func(*dom.BasicEvent) {
		p.importError.SetAttribute("hidden", "")
		showModal(p.importDialog)
		p.importText.Focus()
	})
	p.a.on(byID("import-cancel"), "click", func(*dom.BasicEvent) { closeDialog(p.importDialog) })
	p.a.on(p.importFile.BasicHTMLElement, "change", func(*dom.BasicEvent) {
		readFile(p.importFile, func(text string, ok bool) {
			defer p.a.recover()
			if !ok {
				p.importFailed("The file could not be read.")
				return
			}
			p.importText.SetValue(text)
		})
	})
	p.a.on(byID("import-apply"), "click", func(*dom.BasicEvent) { p.importTable() })
}

func (p *share) importTable() {
	t, err := page.Import(p.importText.Value())
	if err != nil {
		p.importFailed(page.LineError(err))
		return
	}
	closeDialog(p.importDialog)
	p.a.st.Replace(t)
	p.a.notify("Imported "+page.Plural(len(t.Rows), "row", "rows")+".", true)
}

func (p *share) importFailed(msg string) {
	p.importError.SetTextContent(msg)
	p.importError.RemoveAttribute("hidden")
}

func (p *share) wireExport() {
	results := byID("export-results")
	// write shows the export of the worksheet or the answer key the dialog picks; the results
	// are offered with the answer key while they describe the table, ticked except in predict
	// mode (reset: the dialog opened or its handout changed).
	write := func(reset bool) {
		h := p.a.handoutChoice("export-handout")
		offer, ticked := p.a.st.ExportOffer(h)
		setHidden(byID("export-results-label"), !offer)
		if reset {
			setProp(results, "checked", ticked)
		}
		byID("export-handout-note").SetTextContent(page.HandoutNote(h))
		p.exportText.SetValue(p.a.st.Export(h, checked(results)))
		p.exportStatus.SetTextContent("")
	}
	p.a.on(byID("export-open"), "click", func(*dom.BasicEvent) {
		setHandout("export", p.a.st.DefaultHandout())
		write(true)
		showModal(p.exportDialog)
		p.exportText.Focus()
	})
	for _, id := range []string{"export-worksheet", "export-key"} {
		p.a.on(byID(id), "change", func(*dom.BasicEvent) { write(true) })
	}
	p.a.on(results, "change", func(*dom.BasicEvent) { write(false) })
	p.a.on(byID("export-close"), "click", func(*dom.BasicEvent) { closeDialog(p.exportDialog) })
	p.a.on(byID("export-copy"), "click", func(*dom.BasicEvent) {
		copyText(p.exportText.Value(), func(ok bool) {
			defer p.a.recover()
			if ok {
				p.exportStatus.SetTextContent("Copied to the clipboard.")
				return
			}
			p.exportText.Select()
			p.exportStatus.SetTextContent("The browser did not allow copying. The text is selected: press Ctrl+C (⌘ C on a Mac).")
		})
	})
	p.a.on(byID("export-download"), "click", func(*dom.BasicEvent) {
		download("coerce-table.txt", p.exportText.Value())
		p.exportStatus.SetTextContent("Saved as coerce-table.txt in your downloads.")
	})
}

// dialogOpen reports whether the import or export dialog is open.
func dialogOpen() bool {
	for _, id := range []string{"import-dialog", "export-dialog"} {
		if byID(id).HasAttribute("open") {
			return true
		}
	}
	return false
}
