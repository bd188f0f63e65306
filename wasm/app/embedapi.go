//go:build js

package main

// The embed's postMessage API: setTable, run and getResults from the origins listed in
// origins= (page.State.Answer carries them out); replies go to the sender's origin only. Like
// browser.go, this file talks to syscall/js directly: MessageEvent is not in dom/v2.

import (
	"strconv"
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

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
	e.answering = true
	rep := func() page.Reply {
		defer func() { e.answering = false }()
		return a.st.Answer(req)
	}()
	var out map[string]any
	switch rep.Type {
	case page.ReplyError:
		out = map[string]any{"type": rep.Type, "code": rep.Code, "message": rep.Message, "request": req.Type}
	case page.ReplyTable:
		out = map[string]any{"type": rep.Type, "rows": rep.Rows}
	case page.ReplyResults:
		out = a.resultsReply(req.Type)
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
