//go:build js

package main

// The vendor-responses panel: an editor of HTTP responses and what each normalizes into.

import (
	"strconv"

	"coerceplayground/coerce"
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
	step()
	rows := lesson.HTTPRows()
	step()
	drafts := page.HTTPDrafts(rows)
	step()
	p.renderDrafts(drafts)
	step()
	a.on(byID("http-add"), "click", func(*dom.BasicEvent) {
		drafts := append(p.drafts(), page.HTTPDraft{Status: "200"})
		p.renderDrafts(drafts)
		focus(page.HTTPID(len(drafts)-1, "status"))
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
			focus(page.HTTPID(min(i, len(drafts)-1), "delete"))
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

// drafts reads the response editor.
func (p *vendor) drafts() []page.HTTPDraft {
	n := p.rows.Underlying().Get("children").Length()
	out := make([]page.HTTPDraft, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, page.HTTPDraft{
			Status:   getProp(byID(page.HTTPID(i, "status")), "value"),
			Headers:  getProp(byID(page.HTTPID(i, "headers")), "value"),
			Body:     getProp(byID(page.HTTPID(i, "body")), "value"),
			Deadline: checked(byID(page.HTTPID(i, "deadline"))),
			Want:     coerce.Code(getProp(byID(page.HTTPID(i, "want")), "value")),
			Note:     byID(page.HTTPID(i, "li")).GetAttribute("data-note"),
		})
	}
	return out
}

func (p *vendor) renderDrafts(drafts []page.HTTPDraft) {
	views := make([]page.Node, len(drafts))
	for i, r := range drafts {
		views[i] = page.DraftView(i, r)
	}
	replaceKids(p.rows, views)
	p.error.SetAttribute("hidden", "")
	setProp(byID("http-add"), "disabled", len(drafts) >= lesson.MaxRows)
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
