//go:build js

package main

// The reference panels: the schema and the error catalog of the table's tool, and the line under
// the editor that says what the table as a whole does.

import (
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type reference struct {
	a                          *app
	schema, catalog, tableMeta *dom.BasicHTMLElement
}

func initReference(a *app) {
	p := &reference{a: a, schema: byID("schema"), catalog: byID("catalog"), tableMeta: byID("table-meta")}
	p.render()
	a.subscribe(func(ev page.Event) {
		switch ev {
		case page.Replaced, page.Loaded, page.SetupChanged:
			p.render()
		}
	})
}

// render shows the schema and the catalog of the table's tool, and the table's meta line.
func (p *reference) render() {
	tool := p.a.st.Tool()
	byID("schema-tool").SetTextContent(tool)
	byID("catalog-tool").SetTextContent(tool)
	p.schema.SetTextContent(string(lesson.SchemaJSONFor(tool)))
	p.renderCatalog(tool)

	if meta := page.TableMeta(p.a.st.Table()); meta != "" {
		p.tableMeta.SetTextContent(meta)
		p.tableMeta.RemoveAttribute("hidden")
	} else {
		p.tableMeta.SetAttribute("hidden", "")
	}
}

func (p *reference) renderCatalog(tool string) {
	p.catalog.SetTextContent("")
	entries := page.Catalog(tool)
	for _, e := range entries {
		// The id is where a loop step's or a vendor response's Why sends the reader (page.CatalogID).
		dt := attrs(el("dt", ""), "id", page.CatalogID(e.Code))
		appendChild(dt, badge(e.Code))
		appendChild(p.catalog, dt)
		for _, f := range e.Fields {
			dd := el("dd", "")
			appendChild(dd, text("strong", "", page.Label(f.Key)+": "))
			appendChild(dd, text("span", "", f.Value))
			appendChild(p.catalog, dd)
		}
	}
}
