//go:build js

package main

// The vendor-responses panel: an editor of HTTP responses and what each normalizes into.

import (
	"strconv"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type vendor struct {
	a                             *app
	rows, error, summary, results *dom.BasicHTMLElement
	// ran is the last run's results, for the Why disclosures drawn when opened.
	ran []lesson.Result
}

func initHTTP(a *app) {
	if !optional("http") {
		return
	}
	p := &vendor{a: a, rows: byID("http-rows"), error: byID("http-error"), summary: byID("http-summary"),
		results: byID("http-results")}
	byID("http-clock").SetTextContent(page.ClassroomClock)
	p.renderDrafts(page.HTTPDrafts(lesson.HTTPRows()))
	a.on(byID("http-add"), "click", func(*dom.BasicEvent) {
		drafts := append(p.drafts(), page.HTTPDraft{Status: "200"})
		p.renderDrafts(drafts)
		focus(httpID(len(drafts)-1, "status"))
	})
	a.on(byID("http-reset"), "click", func(*dom.BasicEvent) {
		p.renderDrafts(page.HTTPDrafts(lesson.HTTPRows()))
		p.summary.SetTextContent("The lesson's responses are back.")
	})
	a.on(p.rows, "click", func(ev *dom.BasicEvent) {
		b, ok := closest(target(ev), "button[data-http-delete]")
		if !ok {
			return
		}
		i, _ := strconv.Atoi(b.GetAttribute("data-http-delete"))
		drafts := p.drafts()
		if i < 0 || i >= len(drafts) {
			return
		}
		drafts = append(drafts[:i], drafts[i+1:]...)
		p.renderDrafts(drafts)
		p.summary.SetTextContent("Response " + strconv.Itoa(i+1) + " deleted.")
		if len(drafts) > 0 {
			focus(httpID(min(i, len(drafts)-1), "delete"))
		} else {
			focus("http-add")
		}
	})
	a.on(byID("http-run"), "click", func(*dom.BasicEvent) { p.runHTTP() })
	a.wireReadings(p.results, func(key string) (lesson.Result, bool) {
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(p.ran) {
			return lesson.Result{}, false
		}
		return p.ran[i], true
	})
	a.registerTry("http", func(t lesson.Try) {
		rows, err := page.HTTPRowsOf(p.drafts())
		if err != nil || page.FindHTTPRow(rows, t.Target) < 0 {
			p.renderDrafts(page.HTTPDrafts(lesson.HTTPRows()))
		}
		ran := p.runHTTP()
		a.jump("http")
		if i := page.FindHTTPRow(ran, t.Target); i >= 0 {
			li := wrap(p.results.Underlying().Get("children").Index(i))
			li.Class().Add("target")
			reveal(li)
			li.Focus()
		}
	})
}

func httpID(i int, part string) string { return "http-" + strconv.Itoa(i) + "-" + part }

// drafts reads the response editor.
func (p *vendor) drafts() []page.HTTPDraft {
	n := p.rows.Underlying().Get("children").Length()
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

func (p *vendor) renderDrafts(drafts []page.HTTPDraft) {
	frag := fragment()
	for i, r := range drafts {
		addToFragment(frag, draftEl(i, r))
	}
	p.rows.SetTextContent("")
	appendFragment(p.rows, frag)
	p.error.SetAttribute("hidden", "")
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
	appendChild(dlLabel, text("span", "", " deadline passed (no response)"))
	want := attrs(el("select", ""), "aria-label", "Expected code, response "+num)
	appendChild(want, option("", "no expectation"))
	for _, c := range lesson.Codes() {
		appendChild(want, option(c, c))
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
	appendChild(li, top)
	appendChild(li, field("headers", "Headers (one per line)", headers))
	appendChild(li, field("body", "Body", body))
	if r.Note != "" {
		appendChild(li, text("p", "note", r.Note))
	}
	return li
}

// runHTTP runs the editor's responses and returns the rows it ran (nil when one is invalid).
func (p *vendor) runHTTP() []lesson.HTTPRow {
	rows, err := page.HTTPRowsOf(p.drafts())
	if err != nil {
		p.error.SetTextContent(err.Error())
		p.error.RemoveAttribute("hidden")
		setProp(byID("http-editor"), "open", true)
		return nil
	}
	p.error.SetAttribute("hidden", "")
	res, err := p.a.st.RunHTTP(rows)
	if err != nil {
		p.a.notify("The responses could not be run ("+err.Error()+"). The page still works.", false)
		return nil
	}
	p.ran = res
	views := make([]page.Node, len(res))
	for i, r := range res {
		views[i] = page.HTTPResultView(i, r)
	}
	replaceKids(p.results, views)
	p.summary.SetTextContent(page.HTTPSummary(res))
	return rows
}
