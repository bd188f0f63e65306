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
	a.on(mode, "change", func(*dom.BasicEvent) {
		if checked(mode) {
			if msg := a.st.StartPredicting(); msg != "" {
				setProp(mode, "checked", false)
				a.notify(msg, false)
				return
			}
			a.notify("Predict mode: the expected codes are cleared. Choose the code you expect for each row, then press Run. Undo brings the old codes back.", true)
			a.ed.focusRow(0, "want") // drawn first when the editor is windowed
			return
		}
		n := a.st.StopPredicting()
		a.notify("Predict mode is off: every code in the table is kept as its expected code, and "+
			page.Plural(n, "row", "rows")+" still to be predicted got the tool's true answer. Undo brings the predictions back.", true)
	})
	q := &dom.HTMLInputElement{BasicHTMLElement: byID("question-text")}
	qStatus := byID("question-status")
	a.on(q.BasicHTMLElement, "input", func(*dom.BasicEvent) {
		msg := a.st.SetQuestion(q.Value())
		qStatus.SetTextContent(msg)
		setHidden(qStatus, msg == "")
	})
	render := func() {
		st := a.st
		predict := st.Table().Mode == lesson.PredictMode
		setProp(mode, "checked", predict)
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
		if ev.TableChanged() || ev == page.Ran {
			render()
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
