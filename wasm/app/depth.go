//go:build js

package main

// The "Beyond one call" panels: tools and permissions, the loop, vendor responses, coercion
// switches, code metrics and predict mode. The logic is in package page (depth.go); this file
// reads the DOM, calls it and renders. Learner text reaches the page as text only; the chart's
// SVG is markup made from code names and numbers.

import (
	"strconv"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func init() { panelInits = append(panelInits, initDepth) }

type depthUI struct {
	a *app

	toolPicker, refunds, toolsStatus                     *dom.BasicHTMLElement
	loopPreset, loopScript, loopError, loopSummary, loop *dom.BasicHTMLElement
	httpRows, httpError, httpSummary, httpResults        *dom.BasicHTMLElement
	switchSummary, switchChanges                         *dom.BasicHTMLElement
	chart, reading                                       *dom.BasicHTMLElement
	predictMode, predictShare, predictStatus, predictURL *dom.BasicHTMLElement
	predictScore, predictWrong                           *dom.BasicHTMLElement

	last page.Flip // the last switch flip, for Add as fixture
}

func initDepth(a *app) {
	if _, ok := lookup("panel-loop"); !ok {
		return // a page without the panels (an embed) still works
	}
	d := &depthUI{a: a,
		toolPicker: byID("tool-picker"), refunds: byID("refunds-write"), toolsStatus: byID("tools-status"),
		loopPreset: byID("loop-preset"), loopScript: byID("loop-script"), loopError: byID("loop-error"),
		loopSummary: byID("loop-summary"), loop: byID("loop-steps"),
		httpRows: byID("http-rows"), httpError: byID("http-error"), httpSummary: byID("http-summary"), httpResults: byID("http-results"),
		switchSummary: byID("switch-summary"), switchChanges: byID("switch-changes"),
		chart: byID("chart"), reading: byID("chart-reading"),
		predictMode: byID("predict-mode"), predictShare: byID("predict-share"), predictStatus: byID("predict-share-status"),
		predictURL: byID("predict-url"), predictScore: byID("predict-score"), predictWrong: byID("predict-wrong"),
	}
	for _, id := range []string{"tools-h", "loop-h", "http-h", "switches-h", "chart-h", "predict-h"} {
		byID(id).SetAttribute("tabindex", "-1") // Try it moves the keyboard here
	}
	d.initTools()
	d.initLoop()
	d.initHTTP()
	d.initSwitches()
	d.initChart()
	d.initPredict()

	// The table can be replaced by controls outside these panels (reset, undo, import, a
	// pasted link): keep the picker, the predict checkbox and the score in step with it.
	for _, id := range []string{"reset-table", "notice-undo", "import-apply"} {
		a.on(byID(id), "click", func(*dom.BasicEvent) { d.sync() })
	}
	a.onValue(root().Underlying().Get("ownerDocument").Get("defaultView"), "hashchange", func(*dom.BasicEvent) { d.sync() })
	a.on(wrap(byID("panel-tools").Underlying().Get("parentElement")), "focusin", func(*dom.BasicEvent) { d.sync() })
	a.onRun(func() { d.renderChart(); d.renderScore() })
}

func checked(e *dom.BasicHTMLElement) bool { return e.Underlying().Get("checked").Bool() }

func option(value, label string) *dom.BasicHTMLElement {
	return attrs(text("option", "", label), "value", value)
}

// sync shows the table's tool and mode in the panels' controls.
func (d *depthUI) sync() {
	setProp(d.toolPicker, "value", d.a.st.Tool())
	setProp(d.predictMode, "checked", d.a.st.Table.Mode == lesson.PredictMode)
	d.renderScore()
}

// jump shows a panel for a Try it target: scrolled to and the keyboard on its heading.
func jump(headingID string) {
	h := byID(headingID)
	reveal(h)
	h.Focus()
}

// --- Tools and permissions ---

func (d *depthUI) initTools() {
	for _, t := range lesson.ToolNames() {
		d.toolPicker.AppendChild(option(t, t))
	}
	d.sync()
	d.a.on(d.toolPicker, "change", func(*dom.BasicEvent) {
		tool := getProp(d.toolPicker, "value")
		if !d.a.st.SetTool(tool) {
			return
		}
		d.a.changed()
		d.a.renderReference()
		d.toolsStatus.SetTextContent("The input table and “Try your own” now call " + tool + ". Its schema and catalog are beside the table.")
	})
	d.a.on(d.refunds, "change", func(*dom.BasicEvent) { d.setRefunds(checked(d.refunds)) })
}

func (d *depthUI) setRefunds(granted bool) {
	setProp(d.refunds, "checked", granted)
	d.a.st.SetRefundsWrite(granted)
	msg := "refunds.write withdrawn: refund answers denied with required_permission, and the loop stops at once."
	if granted {
		msg = "refunds.write granted: refund now checks its arguments and runs."
	}
	d.toolsStatus.SetTextContent(msg + " Every run from now on uses it.")
	d.a.markStale()
}

// markStale greys the table's results after a change that is not an edit of the table.
func (a *app) markStale() {
	if a.st.Results != nil {
		a.st.Stale = true
		a.results.Class().Add("stale")
		a.summary.SetTextContent("The permissions or switches changed since this run. Press Run to update the results.")
	}
}

// --- The loop ---

func (d *depthUI) initLoop() {
	d.loopPreset.AppendChild(option("", "Your own script"))
	for _, p := range lesson.Presets() {
		d.loopPreset.AppendChild(option(p.Name, p.Title))
	}
	d.choosePreset(lesson.Presets()[0].Name)
	d.a.on(d.loopPreset, "change", func(*dom.BasicEvent) { d.choosePreset(getProp(d.loopPreset, "value")) })
	d.a.on(d.loopScript, "input", func(*dom.BasicEvent) {
		if p, ok := presetNamed(getProp(d.loopPreset, "value")); ok && lesson.FormatScript(p) != getProp(d.loopScript, "value") {
			setProp(d.loopPreset, "value", "")
		}
	})
	d.a.on(byID("loop-run"), "click", func(*dom.BasicEvent) { d.runLoop() })
	d.a.registerTry("loop", func(t lesson.Try) {
		if _, ok := presetNamed(t.Target); !ok {
			return
		}
		// The note's claim is about the lesson as taught: no refunds.write, default switches.
		if d.a.st.RefundsWrite() {
			d.setRefunds(false)
		}
		if d.a.st.Switches() != lesson.DefaultSwitches() {
			d.a.st.SetSwitches(lesson.DefaultSwitches())
			d.showSwitches()
			d.a.markStale()
		}
		d.choosePreset(t.Target)
		d.runLoop()
		jump("loop-h")
	})
}

func presetNamed(name string) (lesson.Script, bool) {
	for _, p := range lesson.Presets() {
		if p.Name == name {
			return p, true
		}
	}
	return lesson.Script{}, false
}

func (d *depthUI) choosePreset(name string) {
	p, ok := presetNamed(name)
	if !ok {
		return
	}
	setProp(d.loopPreset, "value", name)
	setProp(d.loopScript, "value", lesson.FormatScript(p))
	d.loopError.SetAttribute("hidden", "")
}

func (d *depthUI) runLoop() {
	sc, err := lesson.ParseScript(getProp(d.loopScript, "value"))
	if err != nil {
		d.loopError.SetTextContent(page.LineError(err))
		d.loopError.RemoveAttribute("hidden")
		d.loopScript.Focus()
		return
	}
	d.loopError.SetAttribute("hidden", "")
	steps, err := d.a.st.RunLoop(sc)
	if err != nil {
		d.a.notify("The loop failed ("+err.Error()+"). The page still works.", false)
		return
	}
	frag := fragment()
	for i, st := range steps {
		frag.AppendChild(stepEl(i, st))
	}
	d.loop.SetTextContent("")
	d.loop.AppendChild(frag)
	d.loopSummary.SetTextContent(page.LoopSummary(steps))
	d.a.ran()
}

func stepEl(i int, st lesson.Step) *dom.BasicHTMLElement {
	li := attrs(el("li", "step"), "data-step", strconv.Itoa(i+1), "data-sent", strconv.FormatBool(st.Sent),
		"data-code", st.Result.Code, "data-observation", st.Result.Observation)
	head := el("div", "head")
	head.AppendChild(text("span", "num", strconv.Itoa(i+1)))
	head.AppendChild(text("code", "call", st.Tool+" "+st.Input))
	li.AppendChild(head)
	if !st.Sent {
		li.Class().Add("unsent")
		head.AppendChild(text("span", "decision", "not sent"))
		li.AppendChild(text("p", "reason", "The model never made this call: the runtime had already ended the loop."))
		return li
	}
	head.AppendChild(badge(st.Result.Code))
	li.AppendChild(text("pre", "obs", st.Result.Observation))
	dec := attrs(text("span", "decision", "→ "+string(st.Decision)), "data-decision", string(st.Decision))
	why := cell("p", "reason", dec)
	why.AppendChild(text("span", "", " "+st.Reason))
	li.AppendChild(why)
	li.SetAttribute("data-decision", string(st.Decision))
	return li
}

// --- Vendor responses ---

func (d *depthUI) initHTTP() {
	byID("http-clock").SetTextContent(page.ClassroomClock)
	d.renderDrafts(page.HTTPDrafts(lesson.HTTPRows()))
	d.a.on(byID("http-add"), "click", func(*dom.BasicEvent) {
		drafts := append(d.drafts(), page.HTTPDraft{Status: "200"})
		d.renderDrafts(drafts)
		focus(httpID(len(drafts)-1, "status"))
	})
	d.a.on(byID("http-reset"), "click", func(*dom.BasicEvent) {
		d.renderDrafts(page.HTTPDrafts(lesson.HTTPRows()))
		d.httpSummary.SetTextContent("The lesson's responses are back.")
	})
	d.a.on(d.httpRows, "click", func(ev *dom.BasicEvent) {
		b, ok := closest(target(ev), "button[data-http-delete]")
		if !ok {
			return
		}
		i, _ := strconv.Atoi(b.GetAttribute("data-http-delete"))
		drafts := d.drafts()
		if i < 0 || i >= len(drafts) {
			return
		}
		drafts = append(drafts[:i], drafts[i+1:]...)
		d.renderDrafts(drafts)
		d.httpSummary.SetTextContent("Response " + strconv.Itoa(i+1) + " deleted.")
		if len(drafts) > 0 {
			focus(httpID(min(i, len(drafts)-1), "delete"))
		} else {
			focus("http-add")
		}
	})
	d.a.on(byID("http-run"), "click", func(*dom.BasicEvent) { d.runHTTP() })
	d.a.registerTry("http", func(t lesson.Try) {
		rows, err := page.HTTPRowsOf(d.drafts())
		if err != nil || page.FindHTTPRow(rows, t.Target) < 0 {
			d.renderDrafts(page.HTTPDrafts(lesson.HTTPRows()))
		}
		ran := d.runHTTP()
		jump("http-h")
		if i := page.FindHTTPRow(ran, t.Target); i >= 0 {
			li := wrap(d.httpResults.Underlying().Get("children").Index(i))
			li.Class().Add("target")
			reveal(li)
			li.Focus()
		}
	})
}

func httpID(i int, part string) string { return "http-" + strconv.Itoa(i) + "-" + part }

// drafts reads the response editor.
func (d *depthUI) drafts() []page.HTTPDraft {
	n := d.httpRows.Underlying().Get("children").Length()
	out := make([]page.HTTPDraft, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, page.HTTPDraft{
			Status:   getProp(byID(httpID(i, "status")), "value"),
			Headers:  getProp(byID(httpID(i, "headers")), "value"),
			Body:     getProp(byID(httpID(i, "body")), "value"),
			Deadline: checked(byID(httpID(i, "deadline"))),
			Want:     getProp(byID(httpID(i, "want")), "value"),
			Note:     byID(httpID(i, "li")).GetAttribute("data-note"),
		})
	}
	return out
}

func (d *depthUI) renderDrafts(drafts []page.HTTPDraft) {
	frag := fragment()
	for i, r := range drafts {
		frag.AppendChild(draftEl(i, r))
	}
	d.httpRows.SetTextContent("")
	d.httpRows.AppendChild(frag)
	d.httpError.SetAttribute("hidden", "")
	setProp(byID("http-add"), "disabled", len(drafts) >= lesson.MaxRows)
}

func draftEl(i int, r page.HTTPDraft) *dom.BasicHTMLElement {
	num := strconv.Itoa(i + 1)
	li := attrs(el("li", "http-row"), "id", httpID(i, "li"), "data-note", r.Note)
	field := func(part, label string, input *dom.BasicHTMLElement) *dom.BasicHTMLElement {
		attrs(input, "id", httpID(i, part))
		lab := attrs(text("label", "", label), "for", httpID(i, part))
		return cell("div", "field "+part, lab, input)
	}
	status := attrs(el("input", ""), "type", "text", "inputmode", "numeric", "maxlength", "3", "autocomplete", "off",
		"aria-label", "Status, response "+num)
	setProp(status, "value", r.Status)
	dl := attrs(el("input", ""), "type", "checkbox", "id", httpID(i, "deadline"))
	setProp(dl, "checked", r.Deadline)
	dlLabel := cell("label", "check", dl)
	dlLabel.AppendChild(text("span", "", " deadline passed (no response)"))
	want := attrs(el("select", ""), "aria-label", "Expected code, response "+num)
	want.AppendChild(option("", "no expectation"))
	for _, c := range lesson.Codes() {
		want.AppendChild(option(c, c))
	}
	setProp(want, "value", r.Want)
	headers := attrs(el("textarea", ""), "rows", "2", "spellcheck", "false", "aria-label", "Headers, response "+num+", one Name: value per line")
	setProp(headers, "value", r.Headers)
	body := attrs(el("textarea", ""), "rows", "2", "spellcheck", "false", "aria-label", "Body, response "+num)
	setProp(body, "value", r.Body)
	del := attrs(text("button", "icon", "✕"), "type", "button", "id", httpID(i, "delete"), "data-http-delete", strconv.Itoa(i),
		"aria-label", "Delete response "+num, "title", "Delete response "+num)

	top := cell("div", "http-top", text("span", "num", num), field("status", "Status", status), dlLabel,
		field("want", "Expected code", want), del)
	li.AppendChild(top)
	li.AppendChild(field("headers", "Headers (one per line)", headers))
	li.AppendChild(field("body", "Body", body))
	if r.Note != "" {
		li.AppendChild(text("p", "note", r.Note))
	}
	return li
}

// runHTTP runs the editor's responses and returns the rows it ran (nil when one is invalid).
func (d *depthUI) runHTTP() []lesson.HTTPRow {
	rows, err := page.HTTPRowsOf(d.drafts())
	if err != nil {
		d.httpError.SetTextContent(err.Error())
		d.httpError.RemoveAttribute("hidden")
		setProp(byID("http-editor"), "open", true)
		return nil
	}
	d.httpError.SetAttribute("hidden", "")
	res, err := d.a.st.RunHTTP(rows)
	if err != nil {
		d.a.notify("The responses could not be run ("+err.Error()+"). The page still works.", false)
		return nil
	}
	frag := fragment()
	for i, r := range res {
		frag.AppendChild(httpResultEl(i, r))
	}
	d.httpResults.SetTextContent("")
	d.httpResults.AppendChild(frag)
	sum := lesson.Summarize(res)
	msg := plural(len(res), "response", "responses") + ": " + strconv.Itoa(sum.Passed) + " gave the expected code"
	if sum.Failed > 0 {
		msg += ", " + strconv.Itoa(sum.Failed) + " did not"
	}
	d.httpSummary.SetTextContent(msg + ".")
	d.a.ran()
	return rows
}

func httpResultEl(i int, r lesson.Result) *dom.BasicHTMLElement {
	li := attrs(el("li", "step"), "tabindex", "-1", "data-row", strconv.Itoa(i+1), "data-code", r.Code,
		"data-observation", r.Observation, "data-pass", strconv.FormatBool(r.Pass))
	head := el("div", "head")
	head.AppendChild(text("span", "num", strconv.Itoa(i+1)))
	head.AppendChild(text("code", "call", r.Input))
	head.AppendChild(badge(r.Code))
	switch {
	case r.Want == "":
		head.AppendChild(text("span", "mark none", "no expectation"))
	case r.Pass:
		head.AppendChild(text("span", "mark pass", "✓ as expected"))
	default:
		li.Class().Add("fail")
		head.AppendChild(text("span", "mark fail", "✗ expected "+r.Want))
	}
	li.AppendChild(head)
	li.AppendChild(text("pre", "obs", r.Observation))
	if r.Note != "" {
		li.AppendChild(text("p", "note", r.Note))
	}
	return li
}

// --- Coercion switches ---

func (d *depthUI) initSwitches() {
	sw := d.a.st.Switches()
	for _, name := range lesson.SwitchNames() {
		box := byID("switch-" + name)
		setProp(box, "checked", page.SwitchOn(sw, name))
		d.a.on(box, "change", func(*dom.BasicEvent) { d.flip(name, checked(box)) })
	}
	d.a.on(d.switchChanges, "click", func(ev *dom.BasicEvent) {
		b, ok := closest(target(ev), "button[data-fixture]")
		if !ok {
			return
		}
		k, _ := strconv.Atoi(b.GetAttribute("data-fixture"))
		if k < 0 || k >= len(d.last.Changes) {
			return
		}
		i := d.a.st.AddFixture(d.last.Changes[k], d.last)
		if i < 0 {
			d.a.notify("The table is full: a table holds at most "+strconv.Itoa(lesson.MaxRows)+" rows.", false)
			return
		}
		d.a.changed()
		d.a.renderRows()
		li, _ := closest(b, "li")
		li.SetAttribute("data-added", strconv.Itoa(i+1))
		b.SetTextContent("Added as row " + strconv.Itoa(i+1))
		setProp(b, "disabled", true)
		d.switchSummary.SetTextContent("Row " + strconv.Itoa(i+1) + " pins " + d.last.Changes[k].Input + " → " + d.last.Changes[k].After + ". Press Run, Copy link or Export to keep it.")
	})
	d.a.registerTry("switch", func(t lesson.Try) {
		if _, ok := page.WithSwitch(sw, t.Target, true); !ok {
			return
		}
		// The note's claim is about the lesson as taught: start from the default switches, with
		// refunds.write when the row is a refund (a denied refund would hide the coercion).
		def := lesson.DefaultSwitches()
		d.a.st.SetSwitches(def)
		d.showSwitches()
		if lesson.PermissionOf(t.Tool) != "" {
			d.setRefunds(true)
		}
		before := cloneTable(d.a.st.Table)
		_, replaced := d.a.st.EnsureRow(t.Tool, t.Input)
		d.a.changed()
		d.a.renderRows()
		d.a.renderReference()
		d.sync()
		if replaced {
			d.a.undo = &before
			d.a.notify("The table now holds only the note's row, which calls "+page.ToolOf(d.a.st.Table)+". Undo brings your table back.", true)
		}
		on := !page.SwitchOn(def, t.Target)
		setProp(byID("switch-"+t.Target), "checked", on)
		d.flip(t.Target, on)
		jump("switches-h")
	})
}

func (d *depthUI) showSwitches() {
	for _, name := range lesson.SwitchNames() {
		setProp(byID("switch-"+name), "checked", page.SwitchOn(d.a.st.Switches(), name))
	}
}

func (d *depthUI) flip(name string, on bool) {
	f, err := d.a.st.FlipSwitch(name, on)
	if err != nil {
		d.a.notify("The table could not be run again ("+err.Error()+"). The page still works.", false)
		return
	}
	d.last = f
	d.a.renderResults()
	d.switchChanges.SetTextContent("")
	for k, c := range f.Changes {
		obs := ""
		if c.Row < len(d.a.st.Results) {
			obs = d.a.st.Results[c.Row].Observation
		}
		li := attrs(el("li", "step change"), "data-row", strconv.Itoa(c.Row+1), "data-input", c.Input,
			"data-before", c.Before, "data-after", c.After, "data-code", c.After, "data-observation", obs)
		head := el("div", "head")
		head.AppendChild(text("span", "num", strconv.Itoa(c.Row+1)))
		head.AppendChild(text("code", "call", c.Input))
		head.AppendChild(badge(c.Before))
		head.AppendChild(text("span", "arrow", "→"))
		head.AppendChild(badge(c.After))
		head.AppendChild(attrs(text("button", "", "Add as fixture"), "type", "button", "data-fixture", strconv.Itoa(k),
			"aria-label", "Add "+c.Input+" → "+c.After+" to the table as a fixture"))
		li.AppendChild(head)
		li.AppendChild(text("pre", "obs", obs))
		d.switchChanges.AppendChild(li)
		// The results table says it too, next to the row.
		if tr := d.a.results.Underlying().Get("children").Index(c.Row); !tr.IsUndefined() && !tr.IsNull() {
			r := wrap(tr)
			attrs(r, "data-before", c.Before, "data-after", c.After)
			r.Class().Add("changed")
			if got := r.Underlying().Call("querySelector", "td.got"); !got.IsNull() {
				wrap(got).AppendChild(text("span", "was", "was "+c.Before+" before the switch"))
			}
		}
	}
	d.switchSummary.SetTextContent(f.Message)
	d.a.ran()
}

// --- Code metrics ---

func (d *depthUI) initChart() {
	d.renderChart()
	d.a.on(byID("chart-reset"), "click", func(*dom.BasicEvent) {
		d.a.st.ResetCounts()
		d.renderChart()
	})
}

func (d *depthUI) renderChart() {
	totals := d.a.st.Totals()
	sum := 0
	for _, t := range totals {
		sum += t.N
	}
	// ChartSVG's markup holds only code names and numbers (wasm/page/chart.go), never learner text.
	d.chart.SetInnerHTML(page.ChartSVG(totals))
	d.chart.SetAttribute("data-total", strconv.Itoa(sum))
	d.reading.SetTextContent("")
	for _, s := range lesson.Reading(totals) {
		d.reading.AppendChild(text("li", "", s))
	}
}

// --- Predict, then run ---

func (d *depthUI) initPredict() {
	d.a.on(d.predictMode, "change", func(*dom.BasicEvent) {
		if checked(d.predictMode) {
			d.a.replace(page.StartPredict(d.a.st.Table), "Predict mode: the expected codes are cleared. Choose the code you expect for each row, then press Run. Undo brings the old codes back.")
			d.a.focusRow(0, "want") // drawn first when the editor is windowed
		} else {
			d.a.st.SetMode("")
			d.a.changed()
			d.a.renderReference()
		}
		d.renderScore()
	})
	d.a.on(byID("predict-link"), "click", func(*dom.BasicEvent) {
		link := page.PredictLink(location().Href(), d.a.st.Table)
		setProp(d.predictURL, "value", link)
		d.predictShare.RemoveAttribute("hidden")
		d.predictStatus.SetTextContent("Copying…")
		copyText(link, func(ok bool) {
			defer d.a.recover()
			if ok {
				d.predictStatus.SetTextContent("Predict-mode link copied. Whoever opens it gets this table with the expected codes cleared.")
				return
			}
			d.predictURL.Focus()
			d.predictURL.Underlying().Call("select")
			d.predictStatus.SetTextContent("The browser did not allow copying. The link below is selected: press Ctrl+C (⌘ C on a Mac).")
		})
	})
	d.renderScore()
}

func (d *depthUI) renderScore() {
	d.predictWrong.SetTextContent("")
	d.predictScore.RemoveAttribute("data-right")
	d.predictScore.RemoveAttribute("data-predicted")
	st := d.a.st
	switch {
	case st.Table.Mode != lesson.PredictMode:
		d.predictScore.SetTextContent("Predict mode is off: the table's expected codes are the lesson's answers.")
		return
	case st.Results == nil || st.Stale:
		d.predictScore.SetTextContent("Choose the code you expect in each row of the input table, then press Run to score your predictions.")
		return
	}
	sc := page.ScorePredictions(st.Results)
	d.predictScore.SetTextContent(sc.Sentence())
	attrs(d.predictScore, "data-right", strconv.Itoa(sc.Right), "data-predicted", strconv.Itoa(sc.Predicted))
	for _, m := range sc.Wrong {
		li := attrs(el("li", "step miss"), "data-row", strconv.Itoa(m.Row), "data-want", m.Want, "data-got", m.Got,
			"data-code", m.Got, "data-observation", st.Results[m.Row-1].Observation)
		head := el("div", "head")
		head.AppendChild(text("span", "num", strconv.Itoa(m.Row)))
		head.AppendChild(text("code", "call", m.Input))
		head.AppendChild(text("span", "", "you said"))
		head.AppendChild(badge(m.Want))
		head.AppendChild(text("span", "", "it answered"))
		head.AppendChild(badge(m.Got))
		li.AppendChild(head)
		d.predictWrong.AppendChild(li)
	}
}
