//go:build js

package main

// The predict panel: predict mode on and off, a predict-mode link, and the learner's score.

import (
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

type predict struct {
	a                        *app
	mode, share, status, url *dom.BasicHTMLElement
	score, wrong             *dom.BasicHTMLElement
}

func initPredict(a *app) {
	if !optional("predict") {
		return
	}
	p := &predict{a: a, mode: byID("predict-mode"), share: byID("predict-share"), status: byID("predict-share-status"),
		url: byID("predict-url"), score: byID("predict-score"), wrong: byID("predict-wrong")}
	a.on(p.mode, "change", func(*dom.BasicEvent) {
		if checked(p.mode) {
			if msg := a.st.StartPredicting(); msg != "" {
				setProp(p.mode, "checked", false)
				a.notify(msg, false)
				return
			}
			a.notify("Predict mode: the expected codes are cleared. Choose the code you expect for each row, then press Run. Undo brings the old codes back.", true)
			a.ed.focusRow(0, "want") // drawn first when the editor is windowed
		} else {
			a.st.SetMode("")
		}
	})
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

// render shows the mode and, after a run, the wrong predictions; the score itself is said once,
// by the results panel's #score.
func (p *predict) render() {
	st := p.a.st
	setProp(p.mode, "checked", st.Table().Mode == lesson.PredictMode)
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
