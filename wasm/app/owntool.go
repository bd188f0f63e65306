//go:build js

package main

// The instructor's "Use your own tool" box: a pasted tool definition, or a whole tools/list
// result and one of its tools, becomes the table's tool (page.State.UseOwnToolBox decides what
// the box shows); the tools panel then lists it and offers its permission.

import (
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func initOwnTool(a *app) {
	text, ok := lookup("own-tool-text")
	if !ok {
		return // a page without the instructor tools
	}
	pick, use, status := byID("own-tool-pick"), byID("own-tool-use"), byID("own-tool-status")
	a.on(text, "input", func(*dom.BasicEvent) { pick.SetAttribute("hidden", "") })
	a.on(use, "click", func(*dom.BasicEvent) {
		choice := ""
		if !pick.HasAttribute("hidden") {
			choice = getProp(pick, "value")
		}
		box := a.st.UseOwnToolBox(getProp(text, "value"), choice)
		if len(box.Choices) > 0 {
			replaceKids(pick, page.ChoiceOptions(box.Choices, choice))
			pick.RemoveAttribute("hidden")
		} else {
			pick.SetAttribute("hidden", "")
		}
		status.SetTextContent(box.Status)
	})
}
