//go:build js

package main

// The instructor tools' own controls (the disclosure itself is student.go's): the predict-mode
// switch with what the mode means for the table's codes, the answer key while the worksheet's
// rows are blank, and the question above the table. The worksheet or answer key choice of Copy
// link, Copy embed code and Export is handoutChoice.

import (
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

func initInstructorTools(a *app) {
	mode, ok := lookup("predict-mode")
	if !ok {
		return // a page without the instructor tools
	}
	// What the last flip did is said beside the switch, with its Undo: the page's notice sits
	// above the table, out of sight of an instructor at the switch (and it would push the switch
	// down). said lasts until the table changes again.
	said := ""
	var render func()
	undo, note := byID("predict-mode-undo"), byID("predict-mode-flip")
	flipped := func(msg string) { said = msg; render() }
	a.on(mode, "change", func(*dom.BasicEvent) {
		if checked(mode) {
			if msg := a.st.StartPredicting(); msg != "" {
				setProp(mode, "checked", false)
				a.notify(msg, false)
				return
			}
			flipped("Predict mode is on: the expected codes are cleared for the learner's predictions. Undo brings the old codes back.")
			return
		}
		msg := "Predict mode is off: every code in the table is kept as its expected code"
		if n := a.st.StopPredicting(); n > 0 {
			msg += ", and " + page.Plural(n, "row", "rows") + " still to be predicted got the tool's true answer"
		}
		flipped(msg + ". Undo brings the predictions back.")
	})
	a.on(undo, "click", func(*dom.BasicEvent) {
		if a.st.Undo() {
			flipped("Undone.")
		}
		mode.Underlying().Call("focus") // the Undo button hides: the keyboard stays at the switch
	})
	q := &dom.HTMLInputElement{BasicHTMLElement: byID("question-text")}
	qStatus := byID("question-status")
	a.on(q.BasicHTMLElement, "input", func(*dom.BasicEvent) {
		msg := a.st.SetQuestion(q.Value())
		qStatus.SetTextContent(msg)
		setHidden(qStatus, msg == "")
	})
	render = func() {
		st := a.st
		predict := st.Table().Mode == lesson.PredictMode
		setProp(mode, "checked", predict)
		setHidden(note, said == "")
		setHidden(undo, said == "Undone." || !st.CanUndo())
		byID("predict-mode-said").SetTextContent(said)
		if predict {
			byID("predict-mode-status").SetTextContent("Predict mode is on: the rows' codes are the learner's predictions; Run scores them against what the tool answers.")
		} else {
			byID("predict-mode-status").SetTextContent(st.CheckSentence())
		}
		key := byID("answer-key")
		// The key runs the tool on every blank row: only while the tools are open.
		line := ""
		if byID("instructor").Underlying().Get("open").Bool() {
			line = st.KeyLine()
		}
		key.SetTextContent(line)
		setHidden(key, line == "")
		if !q.Underlying().Equal(js.Global().Get("document").Get("activeElement")) {
			q.SetValue(st.Table().Question)
		}
		setProp(q.BasicHTMLElement, "placeholder", st.BuiltQuestion())
	}
	a.on(byID("instructor"), "toggle", func(*dom.BasicEvent) { render() })
	a.subscribe(func(ev page.Event) {
		if ev.TableChanged() {
			said = "" // a flip's sentence is about the table as the flip left it
		}
		if ev.TableChanged() || ev == page.Ran || ev == page.LabChanged {
			render() // LabChanged: the answer key follows the switches and grants
		}
	})
	render()
}

// handoutChoice is the shape (a worksheet or the answer key) the radio buttons named name pick,
// the table's default when none is picked.
func (a *app) handoutChoice(name string) page.Handout {
	v := ""
	if el := root().Underlying().Call("querySelector", `input[name="`+name+`"]:checked`); el.Truthy() {
		v = el.Get("value").String()
	}
	return a.st.HandoutOf(v)
}

// setHandout picks h among the radio buttons named name (whose ids are name's start, then
// "-worksheet" or "-key").
func setHandout(prefix string, h page.Handout) {
	setProp(byID(prefix+"-"+page.HandoutValue(h)), "checked", true)
}
