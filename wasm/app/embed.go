//go:build js

package main

// Embed mode (embed.html: index.html with data-embed on <html>) and the Copy
// embed code button. The options come from the fragment (page.ParseEmbed).
// Inside an iframe the page posts its height to the parent on every layout
// change, and obeys postMessage requests (setTable, run, getResults) from the
// origins listed in origins=; other origins' messages are counted in
// data-embed-ignored on <html> and otherwise dropped. Replies go to the
// sender's origin only.
//
// Like browser.go, this file talks to syscall/js directly: MessageEvent,
// ResizeObserver, MutationObserver and window.parent are not in dom/v2.

import (
	"strconv"
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func init() { panelInits = append(panelInits, (*app).initEmbed) }

// embed is the state of embed mode.
type embed struct {
	opts    page.EmbedOptions
	ignored int
	host    string // the origin of the last obeyed message: run results are pushed there
	height  int
}

// builtinPanels are the page's fixed panels, by the id of their heading.
var builtinPanels = map[string]string{
	"table": "table-h", "results": "results-h", "learner": "learner-h", "catalog": "catalog-h", "schema": "schema-h",
}

func (a *app) initEmbed() {
	if b, ok := lookup("copy-embed"); ok {
		a.on(b, "click", func(*dom.BasicEvent) { a.copyEmbed() })
		// An edit makes the snippet stale, as it does the share link.
		for _, typ := range []string{"input", "change"} {
			a.on(a.rows, typ, func(*dom.BasicEvent) { hide("embed-code") })
		}
		a.on(a.rows, "click", func(ev *dom.BasicEvent) {
			if _, ok := closest(target(ev), "button[data-action]"); ok {
				hide("embed-code")
			}
		})
	}
	r := root()
	if !r.HasAttribute("data-embed") {
		return
	}
	e := &embed{opts: page.ParseEmbed(location().Hash())}
	if e.opts.Theme != "auto" {
		r.SetAttribute("data-theme", e.opts.Theme)
	}
	for name, heading := range builtinPanels {
		if h, ok := lookup(heading); ok {
			if s, ok := closest(h, "section"); ok && !hasString(e.opts.Panels, name) {
				s.Class().Add("embed-off")
			}
		}
	}
	// Optional panels are shown by name: the element panel-<name>, or <name>
	// itself (the notes). The stylesheet hides the rest in embed mode.
	for _, name := range e.opts.Panels {
		p, ok := lookup("panel-" + name)
		if !ok {
			p, ok = lookup(name)
		}
		if ok {
			p.Class().Add("embed-on")
		}
	}
	if e.opts.Predict && a.st.Table.Mode != lesson.PredictMode {
		t := a.st.Table
		t.Mode = lesson.PredictMode
		t, _ = page.ForLearner(t)
		a.st.Replace(t)
		a.renderRows()
		a.renderReference()
		a.notify(page.PredictNotice, false)
	}
	if e.opts.ReadOnly {
		r.SetAttribute("data-readonly", "")
		a.lockRows(e.opts.Predict || a.st.Table.Mode == lesson.PredictMode)
		observe("MutationObserver", a.rows.Underlying(), map[string]any{"childList": true}, func() {
			a.lockRows(e.opts.Predict || a.st.Table.Mode == lesson.PredictMode)
		})
	}
	if len(e.opts.Problems) > 0 {
		msg := "Some embed options could not be read:"
		for _, p := range e.opts.Problems {
			msg += " " + p
		}
		a.notify(msg, false)
	}

	w := js.Global()
	// The parent is a window on another origin (often another site): only
	// postMessage may be called on it, and reading it goes through prop.
	if parent, ok := prop(w, "parent"); ok && present(parent) && !parent.Equal(w) {
		observe("ResizeObserver", r.Underlying(), nil, func() { e.postHeight(parent) })
		e.postHeight(parent)
	}
	a.onValue(w, "message", func(ev *dom.BasicEvent) { a.message(e, ev.Value) })
	a.onRun(func() {
		if e.host != "" && a.st.Results != nil {
			if src, ok := prop(w, "parent"); ok && present(src) && !src.Equal(w) {
				src.Call("postMessage", a.resultsReply("run"), e.host)
			}
		}
	})
	r.SetAttribute("data-embed-ignored", "0")
}

// lockRows makes the editor read-only: inputs and notes cannot change, and
// the expected codes only when the learner must predict them.
func (a *app) lockRows(predict bool) {
	q := a.rows.Underlying().Call("querySelectorAll", "input, select, button")
	for i := 0; i < q.Length(); i++ {
		el := q.Index(i)
		switch el.Get("tagName").String() {
		case "INPUT":
			el.Set("readOnly", true)
		case "SELECT":
			el.Set("disabled", !predict)
		case "BUTTON":
			el.Set("disabled", true)
		}
	}
}

// postHeight tells the parent the page's height, in the page's own form and
// in the LTI form that Canvas honours, when it changed.
func (e *embed) postHeight(parent js.Value) {
	h := int(js.Global().Get("document").Get("documentElement").Call("getBoundingClientRect").Get("height").Float() + 0.999)
	if h == e.height || h <= 0 {
		return
	}
	e.height = h
	// The height says nothing about what the learner typed, so any parent
	// may read it: the page cannot know its parent's origin in advance.
	parent.Call("postMessage", map[string]any{"type": page.ReplyHeight, "height": h}, "*")
	parent.Call("postMessage", map[string]any{"subject": "lti.frameResize", "height": h}, "*")
}

// message handles one MessageEvent.
func (a *app) message(e *embed, ev js.Value) {
	origin := ev.Get("origin").String()
	if !e.opts.Allowed(origin) {
		e.ignored++
		root().SetAttribute("data-embed-ignored", strconv.Itoa(e.ignored))
		root().SetAttribute("data-embed-ignored-origin", origin)
		return
	}
	src := ev.Get("source")
	if src.IsNull() || src.IsUndefined() {
		return
	}
	data := ev.Get("data")
	req := readRequest(data)
	rep := a.st.Answer(req)
	var out map[string]any
	switch rep.Type {
	case page.ReplyError:
		out = map[string]any{"type": rep.Type, "code": rep.Code, "message": rep.Message, "request": req.Type}
	case page.ReplyTable:
		out = map[string]any{"type": rep.Type, "rows": rep.Rows}
	case page.ReplyResults:
		out = a.resultsReply(req.Type)
	}
	if rep.Changed {
		a.undo = nil
		a.renderRows()
		a.renderReference()
		a.clearResults()
	}
	if rep.Ran {
		a.renderResults()
		a.ran()
	}
	e.host = origin
	if data.Type() == js.TypeObject {
		if id := data.Get("id"); id.Type() == js.TypeString || id.Type() == js.TypeNumber {
			out["id"] = id
		}
	}
	src.Call("postMessage", out, origin)
}

// readRequest reads MessageEvent.data: {type, rows: [{input, want, note}], tool}.
func readRequest(data js.Value) page.Request {
	if data.Type() != js.TypeObject || data.IsNull() {
		return page.Request{}
	}
	var req page.Request
	if t := data.Get("type"); t.Type() == js.TypeString {
		req.Type = t.String()
	}
	if req.Type != "setTable" {
		return req
	}
	if t := data.Get("tool"); t.Type() == js.TypeString {
		req.Tool = t.String()
	}
	rows := data.Get("rows")
	if rows.Type() != js.TypeObject || !js.Global().Get("Array").Call("isArray", rows).Bool() {
		req.RowsErr = "rows is not an array of {input, want, note}"
		return req
	}
	if rows.Length() > lesson.MaxRows {
		req.RowsErr = "a table holds at most " + strconv.Itoa(lesson.MaxRows) + " rows"
		return req
	}
	for i := 0; i < rows.Length(); i++ {
		r := rows.Index(i)
		at := "rows[" + strconv.Itoa(i) + "]"
		if r.Type() != js.TypeObject || r.IsNull() {
			req.RowsErr = at + " is not an object {input, want, note}"
			return req
		}
		var row lesson.Row
		for _, f := range [...]struct {
			name string
			dst  *string
			need bool
		}{{"input", &row.Input, true}, {"want", &row.Want, false}, {"note", &row.Note, false}} {
			v := r.Get(f.name)
			switch {
			case v.Type() == js.TypeString:
				*f.dst = v.String()
			case v.IsUndefined() && !f.need:
			default:
				req.RowsErr = at + "." + f.name + " is not a string"
				return req
			}
		}
		req.Rows = append(req.Rows, row)
	}
	return req
}

// resultsReply is the coerce-playground:results message for the last run.
func (a *app) resultsReply(request string) map[string]any {
	rows, sum := a.st.ResultsReply()
	list := make([]any, len(rows))
	for i, r := range rows {
		list[i] = map[string]any{"input": r.Input, "want": r.Want, "code": r.Code, "observation": r.Observation, "pass": r.Pass}
	}
	codes := map[string]any{}
	for _, c := range sum.Codes {
		codes[c.Code] = c.N
	}
	return map[string]any{
		"type":    page.ReplyResults,
		"request": request,
		"rows":    list,
		"summary": map[string]any{
			"tool": sum.Tool, "rows": sum.Rows, "passed": sum.Passed, "failed": sum.Failed,
			"unpredicted": sum.Unpredicted, "stale": sum.Stale, "codes": codes,
		},
	}
}

// clearResults puts the results panel back as it is before the first run.
func (a *app) clearResults() {
	a.results.SetTextContent("")
	a.resultsTable.SetAttribute("hidden", "")
	a.counts.SetTextContent("")
	a.summary.SetTextContent("Press Run to see what " + a.st.Tool() + " answers for every row.")
}

// copyEmbed writes the iframe snippet for the current table.
func (a *app) copyEmbed() {
	snippet := page.EmbedSnippet(page.EmbedLink(location().Href(), a.st.Table))
	box, status := byID("embed-code"), byID("embed-status")
	code := &dom.HTMLTextAreaElement{BasicHTMLElement: byID("embed-snippet")}
	code.SetValue(snippet)
	box.RemoveAttribute("hidden")
	status.SetTextContent("Copying…")
	copyText(snippet, func(ok bool) {
		defer a.recover()
		if ok {
			status.SetTextContent("Embed code copied. Paste it into your course page's HTML; the table travels in the link.")
			return
		}
		code.Focus()
		code.Select()
		status.SetTextContent("The browser did not allow copying. The code below is selected: press Ctrl+C (⌘ C on a Mac).")
	})
}

func hide(id string) {
	if e, ok := lookup(id); ok {
		e.SetAttribute("hidden", "")
	}
}

func hasString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// observe calls f whenever a ResizeObserver or MutationObserver (kind)
// reports a change on target; the observer lives as long as the page.
func observe(kind string, target js.Value, options map[string]any, f func()) {
	ctor := js.Global().Get(kind)
	if ctor.Type() != js.TypeFunction {
		return
	}
	cb := js.FuncOf(func(js.Value, []js.Value) any {
		defer func() { recover() }()
		f()
		return nil
	})
	obs := ctor.New(cb)
	if options == nil {
		obs.Call("observe", target)
	} else {
		obs.Call("observe", target, options)
	}
}
