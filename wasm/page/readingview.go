package page

// The markup of what is inside a result (results table, learner box): the reading, its Why?
// disclosure and its Over MCP disclosure. Pure functions of the result, tested against golden
// files (views_test.go); the app only builds them (wasm/app/build.go). Learner text goes in as
// Text and attribute values only.

import "coerceplayground/lesson"

// ReadingView is the inside of result r: the hint, the field, the notes that explain what might
// puzzle a student, the observation laid out, and the two disclosures, closed and empty (the app
// fills one when it is opened: WhyLines, MCPLines). key finds r again then. open draws the Why
// now and opens it (a mispredicted row's).
func ReadingView(r lesson.Result, key string, open bool) Node {
	rd := readResult(r)
	box := E("div", "class", "reading")
	if rd.Hint != "" {
		box = box.With(E("p", "class", "hint").With(E("span", "class", "label").Say("Hint "), E("span").Say(rd.Hint)))
	}
	if rd.Field != "" {
		box = box.With(E("p", "class", "field").With(E("span", "class", "label").Say("Field "), E("code").Say(rd.Field)))
	}
	for _, n := range rd.Notes {
		box = box.With(E("p", "class", "explain").Say(n))
	}
	var steps []WhyStep
	if open {
		steps = WhyFor(r.Trace, r.Code)
	}
	return box.With(
		E("pre", "class", "obs", "tabindex", "0", "aria-label", "Observation JSON: what the model receives").Say(rd.Layout),
		whyView(key, steps, string(r.Code), open),
		E("details", "class", "mcp", "data-key", key).With(E("summary").Say("Over MCP")),
	)
}

// whyView is a Why? disclosure. Without steps it is empty and closed: the app draws its lines
// (WhyLines) from the result key names when it is opened, and marks it data-filled. With steps
// it is drawn now; open opens it.
func whyView(key string, steps []WhyStep, outcome string, open bool) Node {
	d := E("details", "class", "why", "data-key", key).With(E("summary").Say("Why?"))
	if steps == nil {
		return d
	}
	d = d.Set("data-filled", "").With(WhyLines(steps, outcome))
	if open {
		d = d.Set("open", "")
	}
	return d
}

// WhyLines are the lines of a Why disclosure: a call's steps, a loop step's or a vendor
// response's (WhyFor). The line that decided is marked and ends with its outcome: the code, or
// the loop's decision. One view for every panel, so they read alike.
func WhyLines(steps []WhyStep, outcome string) Node {
	ol := E("ol", "class", "why-steps")
	for _, s := range steps {
		li := E("li")
		if !s.OK {
			li = li.Set("class", "decided")
		}
		rule := E("button", "class", "rule link", "type", "button", "data-target", s.Target)
		if s.Alt != "" {
			rule = rule.Set("data-alt", s.Alt)
		}
		li = li.With(rule.Say(s.Rule), E("span").Say(" "+s.Text))
		if !s.OK {
			li = li.With(E("strong").Say(" → " + outcome))
		}
		ol = ol.With(li)
	}
	return ol
}

// MCPLines are the inside of an Over MCP disclosure, drawn when it is opened: the tools/call
// request and the response, or why no MCP client could send the input.
func MCPLines(x MCPView) []Node {
	if x.Request == "" {
		return []Node{E("p", "class", "explain").Say("This input is not one JSON value, so no MCP client could send it: the model never gets this far.")}
	}
	return []Node{
		E("p", "class", "label").Say("tools/call request"),
		E("pre", "class", "obs", "tabindex", "0").Say(x.Request),
		E("p", "class", "label").Say("Response: the CallToolResult"),
		E("pre", "class", "obs", "tabindex", "0").Say(x.Response),
	}
}
