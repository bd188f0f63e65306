//go:build js

package main

// The SCORM launch page (build/scorm: the embed page with data-lms and data-lms-table): it
// finds the course site's API object, initializes it, restores a suspended attempt, records
// every Run (package lms decides what, in which order) and finishes once on pagehide. A
// refusal ("false") is shown with the LMS's error code and text, never thrown. Without an API
// the page works as usual and says so once.
//
// Like embed.go, this file talks to syscall/js: the API lives in another window, read
// through jsguard (a window on another origin throws on any read).

import (
	"syscall/js"

	"coerceplayground/lesson"
	"coerceplayground/lms"
	"coerceplayground/wasm/jsguard"
	"coerceplayground/wasm/page"

	"honnef.co/go/js/dom/v2"
)

// The API is looked for every findEvery ms, findTries times (about 5 s): some LMSs add it
// after the content has started loading.
const (
	findEvery = 250
	findTries = 20
	maxHops   = 500 // parents climbed from one window, as the standards' reference code does
)

// course is the link to the LMS: nil api until found.
type course struct {
	a        *app
	v        lms.Version
	n        lms.Names
	api      js.Value
	on       bool // initialized and not finished
	mastery  string
	restored bool // a run the page made to show a resumed attempt, not to be recorded
}

// lmsFragment is the launch page's table as the fragment a predict-mode, read-only embed link
// would carry, or "" on any other page.
func lmsFragment() string {
	if !root().HasAttribute("data-lms") {
		return ""
	}
	return "#table=" + root().GetAttribute("data-lms-table") + "&readonly=1&mode=predict&student=1"
}

func initCourse(a *app) {
	v, ok := lms.ParseVersion(root().GetAttribute("data-lms"))
	if !ok {
		return
	}
	c := &course{a: a, v: v, n: lms.NamesOf(v)}
	a.course = c
	a.subscribe(func(ev page.Event) {
		if ev == page.Ran && c.on && !c.restored {
			c.record()
		}
	})
	// pagehide, never unload: Moodle's Permissions-Policy blocks unload, and a page kept in the
	// back/forward cache gets pagehide only.
	a.onValue(js.Global(), "pagehide", func(*dom.BasicEvent) { c.finish() })
	c.find(0)
}

// find looks for the API, and again later until it has tried findTries times.
func (c *course) find(try int) {
	if api, ok := findAPI(c.n.API); ok {
		c.api = api
		c.start()
		return
	}
	if try+1 >= findTries {
		c.say(lms.NotConnected)
		return
	}
	later(findEvery, func() { c.find(try + 1) })
}

// findAPI looks in this window, then up its parents, then in the opener and up its parents.
func findAPI(name string) (js.Value, bool) {
	w := js.Global()
	if api, ok := climb(w, name); ok {
		return api, true
	}
	if op, ok := jsguard.Prop(w, "opener"); ok && present(op) {
		return climb(op, name)
	}
	return js.Undefined(), false
}

func climb(w js.Value, name string) (js.Value, bool) {
	for hop := 0; hop <= maxHops; hop++ {
		if api, ok := jsguard.Prop(w, name); ok && api.Type() == js.TypeObject {
			return api, true
		}
		p, ok := jsguard.Prop(w, "parent")
		if !ok || !present(p) || p.Equal(w) {
			break
		}
		w = p
	}
	return js.Undefined(), false
}

// start initializes the API, reads the mastery, and restores a suspended attempt.
func (c *course) start() {
	if !c.call(c.n.Initialize, "Initialize") {
		return
	}
	c.on = true
	c.mastery = c.get(c.n.Mastery)
	if c.get(c.n.Entry) == "resume" && c.resume() {
		return
	}
	if s := c.get(c.n.Status); s == "" || s == "not attempted" || s == "unknown" {
		c.set(c.n.Status, "incomplete")
	}
	c.say(lms.Connected)
}

// resume brings back the predictions kept in suspend_data and, when their results had been
// shown, runs the table again to show them (its results are the same), without recording.
func (c *course) resume() bool {
	st := c.a.st
	t := st.Table()
	rows, ok := lms.DecodeResume(c.get(c.n.Suspend), lms.TableID(t), len(t.Rows))
	if !ok || st.Results() != nil {
		return false
	}
	t.Rows = append([]lesson.Row(nil), t.Rows...)
	shown := false
	for i, r := range rows {
		t.Rows[i].Want = r.Predicted
		shown = shown || r.Shown
	}
	st.Load(t)
	if shown {
		c.restored = true
		st.Run()
		c.restored = false
	}
	c.say(lms.Restored(lms.Tally(c.a.recordRows())))
	return true
}

// record sets what lms.Record lists for the run, then commits; the first refusal is shown.
func (c *course) record() {
	st := c.a.st
	rows := c.a.recordRows()
	refused := ""
	for _, s := range lms.Record(c.v, lms.TableID(st.Table()), rows, c.mastery) {
		if msg := c.set(s.Element, s.Value); msg != "" && refused == "" {
			refused = msg
		}
	}
	if !c.call(c.n.Commit, "Commit") {
		return
	}
	if refused != "" {
		c.say(refused)
		return
	}
	c.say(lms.Recorded(lms.Tally(rows)))
}

// finish sets the session time and finishes, once.
func (c *course) finish() {
	if !c.on {
		return
	}
	c.on = false
	c.set(c.n.SessionTime, lms.SessionTime(c.v, sinceStart()))
	c.call(c.n.Finish, c.n.Finish)
}

// set calls SetValue and returns what to say when the LMS refused it, or "".
func (c *course) set(element, value string) string {
	if ok, _ := c.invoke(c.n.Set, element, value); ok {
		return ""
	}
	code, text := c.lastError()
	return lms.Refused(element+" = "+value, code, text)
}

// call calls fn("") (Initialize, Commit, Finish) and shows a refusal.
func (c *course) call(fn, what string) bool {
	if ok, _ := c.invoke(fn, ""); ok {
		return true
	}
	code, text := c.lastError()
	c.say(lms.Refused(what, code, text))
	return false
}

// get calls GetValue; an error reads as "" (2004 answers 403 for a value never set).
func (c *course) get(element string) string {
	_, v := c.invoke(c.n.Get, element)
	return v
}

func (c *course) lastError() (code, text string) {
	_, code = c.invoke(c.n.LastError)
	_, text = c.invoke(c.n.ErrorString, code)
	return code, text
}

// invoke calls a method of the API: ok is whether it answered true ("true" or true), s what it
// answered as a string. An API that throws is a refusal, not the page's end.
func (c *course) invoke(fn string, args ...any) (ok bool, s string) {
	defer func() {
		if recover() != nil {
			ok, s = false, ""
		}
	}()
	r := c.api.Call(fn, args...)
	switch r.Type() {
	case js.TypeBoolean:
		if r.Bool() {
			return true, "true"
		}
		return false, "false"
	case js.TypeString:
		return r.String() == "true", r.String()
	case js.TypeNumber:
		s = js.Global().Call("String", r).String()
		return false, s
	}
	return false, ""
}

// say shows the status line.
func (c *course) say(msg string) {
	if e, ok := lookup("lms-status"); ok {
		e.SetTextContent(msg)
		e.RemoveAttribute("hidden")
	}
}

// recordRows are the table's rows as recorded (lms.Rows): a prediction counts when the page
// locked it at Run (page.State.Locked), so one changed after its result was shown cannot count.
func (a *app) recordRows() []lms.Row {
	return lms.Rows(a.st.Table(), a.st.Results(), a.st.Locked)
}

// later calls f after ms milliseconds, recovering from its panics.
func later(ms int, f func()) {
	var cb js.Func
	cb = js.FuncOf(func(js.Value, []js.Value) any {
		cb.Release()
		defer func() { recover() }()
		f()
		return nil
	})
	js.Global().Call("setTimeout", cb, ms)
}

// sinceStart is the milliseconds since the page started loading.
func sinceStart() int64 {
	return int64(js.Global().Get("performance").Call("now").Float())
}
