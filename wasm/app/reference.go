//go:build js

package main

// The reference panels: the schema and the error catalog of the table's tool, and the line under
// the editor that says what the table as a whole does.

import (
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type reference struct {
	a                          *app
	schema, catalog, tableMeta *dom.BasicHTMLElement
	drawn                      bool // the schema and catalog have been drawn once (or kept from index.html)
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
	if !p.a.prerendered || p.drawn || p.a.st.OwnTool() != "" {
		// (On the page the build pre-rendered, its schema and catalog are the table's tool's.)
		p.schema.SetTextContent(string(p.a.st.SchemaJSON()))
		replaceKids(p.catalog, p.a.st.CatalogNodes())
	}
	p.drawn = true

	if meta := page.TableMeta(p.a.st.Table()); meta != "" {
		p.tableMeta.SetTextContent(meta)
		p.tableMeta.RemoveAttribute("hidden")
	} else {
		p.tableMeta.SetAttribute("hidden", "")
	}
}
