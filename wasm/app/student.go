//go:build js

package main

// The student's flow through the page: the lesson's question, the table with a Your prediction
// column, Run, the results with the score, the learner box, the notes. This file holds what
// serves that flow across panels: the score of the predictions, Show the lesson's answers,
// hiding what gives the answers away until the first Run, the instructor tools folded behind one
// disclosure the browser remembers, and the "Beyond one call" panels folded until asked for.

import (
	"strconv"
	"syscall/js"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// instructorKey is where the browser remembers whether the instructor tools are open.
const instructorKey = "coerce-playground:instructor"

func initStudent(a *app) {
	initInstructor(a)
	initFolds(a)
	if b, ok := lookup("show-answers"); ok {
		a.on(b, "click", func(*dom.BasicEvent) {
			if studentView() {
				return // a student's page has no answers to show (embed.Options.AnswersHidden)
			}
			a.st.ShowAnswers()
			a.notify("The lesson's answers are in the table. Undo brings your predictions back.", true)
			a.ed.focusRow(0, "want")
		})
	}
	a.subscribe(func(page.Event) { a.renderStudent() })
	a.renderStudent()
}

// renderStudent follows the State: the score after a run in predict mode, the answers control
// in predict mode, and the answers hidden while the student is still to predict.
func (a *app) renderStudent() {
	st := a.st
	if q := st.Question(); page.QuestionText(q) != a.asked { // the question follows the table
		a.asked = page.QuestionText(q)
		for _, id := range []string{"question", "table-question"} {
			if e, ok := lookup(id); ok {
				replaceKids(e, q)
			}
		}
	}
	predict := st.Table().Mode == lesson.PredictMode
	if b, ok := lookup("show-answers"); ok {
		setHidden(b, !predict || studentView())
	}
	if h, ok := lookup("want-h"); ok {
		if predict {
			h.SetTextContent("Your prediction")
		} else {
			h.SetTextContent("Expected code")
		}
	}
	hide := st.Predicting()
	if hide {
		root().Class().Add("predicting")
	} else {
		root().Class().Remove("predicting")
	}
	if w, ok := lookup("notes-wait"); ok {
		setHidden(w, !hide)
		setHidden(byID("notes-cards"), hide)
	}
	score, ok := lookup("score")
	if !ok {
		return
	}
	if !predict || st.Results() == nil || st.Stale() {
		score.SetAttribute("hidden", "")
		return
	}
	sc := page.ScorePredictions(st.Results())
	score.SetTextContent(sc.Sentence())
	score.SetAttribute("data-right", strconv.Itoa(sc.Right))
	score.SetAttribute("data-predicted", strconv.Itoa(sc.Predicted))
	score.SetAttribute("data-rows", strconv.Itoa(len(st.Results())))
	score.RemoveAttribute("hidden")
}

// studentView reports whether the page is a student's (data-student on <html>, set by an
// embed's options or a launch page): no Show the lesson's answers, no instructor tools.
func studentView() bool { return root().HasAttribute("data-student") }

func setHidden(e *dom.BasicHTMLElement, hidden bool) {
	if hidden {
		e.SetAttribute("hidden", "")
	} else {
		e.RemoveAttribute("hidden")
	}
}

// initInstructor folds the instructor tools behind #instructor and remembers whether they were
// open (storage may be refused: then the page just does not remember). An embed never opens
// them by memory: a course page's students are not its instructor.
func initInstructor(a *app) {
	d, ok := lookup("instructor")
	if !ok {
		return
	}
	embedded := root().HasAttribute("data-embed")
	if studentView() {
		setProp(d, "open", false)
		setHidden(d, true)
	}
	if !embedded { // an embed does not read the page's storage for this either
		if v, _ := storageGet(instructorKey); v == "open" {
			setProp(d, "open", true)
		}
	}
	a.on(d, "toggle", func(*dom.BasicEvent) {
		if embedded {
			return
		}
		v := ""
		if d.Underlying().Get("open").Bool() {
			v = "open"
		}
		storageSet(instructorKey, v)
	})
}

// initFolds opens a "Beyond one call" panel that a link names (#panel-<name>, on opening and
// when the fragment changes) and, in an embed, every panel its panels= option shows.
func initFolds(a *app) {
	fromHash := func() {
		if name := embed.ParseFragment(location().Hash()).Panel; name != "" && unfold(name) {
			byID(name+"-h").Underlying().Call("scrollIntoView", map[string]any{"block": "start"})
		}
	}
	fromHash()
	a.onValue(js.Global(), "hashchange", func(*dom.BasicEvent) { fromHash() })
	if root().HasAttribute("data-embed") {
		for _, p := range embed.Panels {
			if s, ok := lookup("panel-" + p.ID); ok && s.Class().Contains("embed-on") {
				unfold(p.ID)
			}
		}
	}
}

// unfold opens panel id's fold, when it has one, and reports whether it had.
func unfold(id string) bool {
	d, ok := lookup("fold-" + id)
	if ok {
		setProp(d, "open", true)
	}
	return ok
}
