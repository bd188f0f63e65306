//go:build js

package main

// The predict panel: a predict-mode link and the learner's score. The mode's switch is among the
// instructor tools (instructor.go).

import (
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type predict struct {
	a                  *app
	share, status, url *dom.BasicHTMLElement
	score, wrong       *dom.BasicHTMLElement
}

func initPredict(a *app) {
	if !optional("predict") {
		return
	}
	p := &predict{a: a, share: byID("predict-share"), status: byID("predict-share-status"),
		url: byID("predict-url"), score: byID("predict-score"), wrong: byID("predict-wrong")}
	a.on(byID("predict-link"), "click", func(*dom.BasicEvent) { p.copyLink() })
	a.subscribe(func(ev page.Event) {
		switch ev {
		case page.Replaced, page.Loaded, page.SetupChanged, page.ResultsStale, page.Ran:
			p.render()
		}
	})
	p.render()
}

func (p *predict) copyLink() {
	link := page.PredictLink(location().Href(), p.a.st.Table())
	setProp(p.url, "value", link)
	p.share.RemoveAttribute("hidden")
	p.status.SetTextContent("Copying…")
	copyText(link, func(ok bool) {
		defer p.a.recover()
		if ok {
			p.status.SetTextContent("Predict-mode link copied. Whoever opens it gets this table with the expected codes cleared.")
			return
		}
		p.url.Focus()
		p.url.Underlying().Call("select")
		p.status.SetTextContent("The browser did not allow copying. The link below is selected: press Ctrl+C (⌘ C on a Mac).")
	})
}

// render shows, after a run, the wrong predictions; the score itself is said once, by the
// results panel's #score.
func (p *predict) render() {
	st := p.a.st
	p.wrong.SetTextContent("")
	msg, sc := st.Prediction()
	p.score.SetTextContent(msg)
	if sc == nil {
		return
	}
	for _, m := range sc.Wrong {
		appendNodes(p.wrong, page.MissView(m, st.Results()[m.Row-1].Observation))
	}
}
