package e2e

import (
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/build/webbuild"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
	"coerceplayground/web"
)

// learnerEntry is one element of #learner-results with what its reading shows.
type learnerEntry struct {
	Input string   `json:"input"`
	Code  string   `json:"code"`
	Obs   string   `json:"obs"`
	Hint  string   `json:"hint"`
	Field string   `json:"field"`
	Notes []string `json:"notes"`
}

const readLearnerEntries = `[...document.querySelectorAll("#learner-results > li")].map(li => ({
	input: li.querySelector(".input").textContent, code: li.dataset.code, obs: li.dataset.observation,
	hint: (li.querySelector(".hint span:last-child") || {}).textContent || "",
	field: (li.querySelector(".field code") || {}).textContent || "",
	notes: [...li.querySelectorAll(".explain")].map(p => p.textContent)}))`

// try types an input into Try your own and presses Enter.
func (tb *tab) try(in string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("learner-input").value = ""`),
		chromedp.SendKeys(chromedp.ID("learner-input"), in+"\n"))
}

// eachWidth runs f at a laptop's and a phone's width.
func eachWidth(t *testing.T, f func(t *testing.T, tb *tab, w string)) {
	for _, vp := range []struct{ w, h int64 }{{1280, 800}, {360, 740}} {
		w := strconv.FormatInt(vp.w, 10)
		t.Run(w, func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(vp.w, vp.h))
			f(t, tb, w)
		})
	}
}

// A value typed without quotes gets the hint about the value that the same value quoted gets,
// with a sentence saying what the box sent; a bare JSON value is the field's value as it is.
func TestLearnerBareValues(t *testing.T) {
	eachWidth(t, func(t *testing.T, tb *tab, w string) {
		tb.open("/")
		pairs := [][2]string{{"0017", `"0017"`}, {"four thousand", `"four thousand"`}, {"+17", `"+17"`}, {"abc", `"abc"`},
			{"-1", `{"job_id": -1}`}, {"17.0", `{"job_id": 17.0}`}, {"True", `{"job_id": true}`}}
		for _, p := range pairs {
			tb.try(p[0])
			tb.try(p[1])
		}
		got := eval[[]learnerEntry](tb, readLearnerEntries)
		if len(got) != 2*len(pairs) {
			t.Fatalf("%d learner results, want %d", len(got), 2*len(pairs))
		}
		for i, p := range pairs {
			bare, same := got[len(got)-1-2*i], got[len(got)-2-2*i] // newest first
			if bare.Input != p[0] || same.Input != p[1] {
				t.Fatalf("results out of order: %q, %q", bare.Input, same.Input)
			}
			if bare.Code != "invalid_args" || bare.Field != "job_id" || bare.Code != same.Code || bare.Hint != same.Hint || bare.Field != same.Field {
				t.Errorf("%s: %s %s %q; %s: %s %s %q", p[0], bare.Code, bare.Field, bare.Hint, p[1], same.Code, same.Field, same.Hint)
			}
			if strings.Contains(bare.Hint, "not valid JSON") || strings.Contains(bare.Hint, "one JSON object") {
				t.Errorf("%s: a hint about JSON syntax: %q", p[0], bare.Hint)
			}
			text := !strings.HasPrefix(p[1], "{")
			if said := strings.Join(bare.Notes, " "); strings.Contains(said, page.NoteBareStart) != text {
				t.Errorf("%s: notes %q; want the sentence on bare text = %v", p[0], bare.Notes, text)
			}
		}
		for _, want := range map[string]string{"0017": "must not start with 0", "four thousand": "words", "+17": "no signs"} {
			found := false
			for _, e := range got {
				found = found || strings.Contains(e.Hint, want)
			}
			if !found {
				t.Errorf("no hint mentions %q", want)
			}
		}
		tb.do(chromedp.ScrollIntoView("#learner-h"))
		tb.screenshot("learner-bare-"+w+".png", chromedp.CaptureScreenshot())
		tb.media([2]string{"prefers-color-scheme", "dark"})
		tb.screenshot("learner-bare-0017-"+w+"-dark.png", chromedp.Screenshot(chromedp.CSS("#learner-results > li:last-child")))
	})
}

// Add to table puts a learner's input in the table (keyboard only): in predict mode without a
// prediction, the focus on the row's prediction, the notice saying which row with Undo; Run
// scores it. In check mode the row expects the code it got.
func TestLearnerAddToTable(t *testing.T) {
	eachWidth(t, func(t *testing.T, tb *tab, w string) {
		tb.open("/")
		tb.try("0017")
		tb.do(chromedp.Focus("#learner-results > li:first-child button.add-tried"), chromedp.KeyEvent(kb.Enter))
		rows := eval[[]row](tb, readRows)
		if len(rows) != 7 || rows[6].Input != "0017" || rows[6].Want != "" {
			t.Fatalf("after Add to table the rows are %+v", rows)
		}
		tb.checkFocus("row-6-want", "after Add to table")
		if n := eval[string](tb, `document.getElementById("notice-text").textContent`); n != "Added as row 7." {
			t.Errorf("notice %q", n)
		}
		if !eval[bool](tb, visible("notice-undo")) || eval[string](tb, `document.getElementById("notice").getAttribute("role")`) != "status" {
			t.Error("the notice has no Undo, or is not read out")
		}
		tb.screenshot("learner-added-"+w+".png", chromedp.CaptureScreenshot())
		// Undo takes it away again, and Add to table brings it back.
		tb.do(chromedp.Click(chromedp.ID("notice-undo")))
		if n := len(eval[[]row](tb, readRows)); n != 6 {
			t.Fatalf("after Undo %d rows", n)
		}
		tb.do(chromedp.Click("#learner-results > li:first-child button.add-tried"))
		// Predict it, then Enter in its cell runs the table and scores it.
		tb.do(chromedp.SetValue(chromedp.ID("row-6-want"), "invalid_args"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("row-6-want").dispatchEvent(new Event("change", {bubbles: true}))`),
			chromedp.Focus(chromedp.ID("row-6-want")), chromedp.KeyEvent(kb.Enter))
		tb.waitFor(`document.querySelectorAll("#results > tr").length === 7`, "Enter after Add to table runs the table")
		res := eval[[]result](tb, readResults)
		if len(res) != 7 || res[6].Input != "0017" || res[6].Code != "invalid_args" || res[6].Pass != "true" {
			t.Fatalf("the added row's result: %+v", res)
		}
		if s := eval[string](tb, `document.getElementById("score").textContent`); !strings.HasPrefix(s, "You predicted 1 of 7 right.") {
			t.Errorf("score %q", s)
		}
		// In check mode the new row expects what it got.
		tb.answers()
		tb.try("4242")
		tb.do(chromedp.Click("#learner-results > li:first-child button.add-tried"))
		if rows := eval[[]row](tb, readRows); len(rows) != 8 || rows[7] != (row{"4242", "not_found", ""}) {
			t.Errorf("in check mode the row is %+v", rows[len(rows)-1])
		}
		if n := eval[string](tb, `document.getElementById("notice-text").textContent`); n != "Added as row 8, expecting not_found." {
			t.Errorf("notice %q", n)
		}
		// An input the table holds already is not added twice: the keyboard goes to its row.
		tb.try(" 17 ")
		tb.do(chromedp.Focus("#learner-results > li:first-child button.add-tried"), chromedp.KeyEvent(kb.Enter))
		if n := len(eval[[]row](tb, readRows)); n != 8 {
			t.Errorf("17 added again: %d rows", n)
		}
		if n := eval[string](tb, `document.getElementById("notice-text").textContent`); n != "Already in the table as row 2." || eval[bool](tb, visible("notice-undo")) {
			t.Errorf("notice %q (Undo shown %v)", n, eval[bool](tb, visible("notice-undo")))
		}
		tb.checkFocus("row-1-want", "after adding an input the table holds")
	})
}

// The learner's history is saved with the table: it is back after a reload, in order, run
// again; Clear empties it and the saved copy of it.
func TestLearnerHistorySurvivesReload(t *testing.T) {
	eachWidth(t, func(t *testing.T, tb *tab, w string) {
		tb.open("/")
		for _, in := range []string{"0017", `{"job_id": 42}`, "four thousand"} {
			tb.try(in)
		}
		before := eval[[]learnerEntry](tb, readLearnerEntries)
		tb.open("/")
		after := eval[[]learnerEntry](tb, readLearnerEntries)
		if len(after) != 3 {
			t.Fatalf("after a reload %d learner results, want 3", len(after))
		}
		for i := range before {
			if after[i].Input != before[i].Input || after[i].Code != before[i].Code || after[i].Obs != before[i].Obs {
				t.Errorf("result %d: %+v, before the reload %+v", i, after[i], before[i])
			}
		}
		if rows := eval[[]row](tb, readRows); len(rows) != 6 {
			t.Errorf("the table has %d rows after the reload", len(rows))
		}
		// The history is the saved copy's, beside the table an older page would read.
		saved := eval[string](tb, `localStorage.getItem("`+page.StorageKey+`")`)
		if copy, _ := lesson.DecodeSaved(saved); len(copy.Learner) != 3 || copy.Learner[2].Input != "four thousand" {
			t.Errorf("saved history %+v", copy.Learner)
		}
		if _, err := lesson.DecodeShare(saved); err != nil {
			t.Errorf("the saved table: %v", err)
		}
		tb.do(chromedp.Click(chromedp.ID("learner-clear")))
		if n := len(eval[[]learnerEntry](tb, readLearnerEntries)); n != 0 {
			t.Errorf("Clear left %d results", n)
		}
		tb.checkFocus("learner-input", "after Clear")
		if copy, _ := lesson.DecodeSaved(eval[string](tb, `localStorage.getItem("`+page.StorageKey+`")`)); copy.Learner != nil {
			t.Errorf("Clear left the saved history %+v", copy.Learner)
		}
		tb.open("/")
		if n := len(eval[[]learnerEntry](tb, readLearnerEntries)); n != 0 {
			t.Errorf("after Clear and a reload %d results", n)
		}
	})
}

// With storage full the history lasts the session and the page says so, as for the table; once
// room comes back the next try saves the whole history, and a reload brings it back.
func TestLearnerHistoryStorageFull(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	if n := eval[int](tb, fillStorage); n < 1<<20 {
		t.Fatalf("filled only %d characters", n)
	}
	status := `document.getElementById("storage-status").textContent`
	saved := `localStorage.getItem("` + page.StorageKey + `") || ""`
	tb.try("0017")
	if got := eval[string](tb, status); got != page.StorageFull {
		t.Errorf("after a try with storage full: line %q, want %q", got, page.StorageFull)
	}
	if got := eval[string](tb, saved); got != "" {
		t.Errorf("something was saved with storage full: %q", got)
	}
	if n := len(eval[[]learnerEntry](tb, readLearnerEntries)); n != 1 {
		t.Fatalf("%d learner results with storage full", n)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`Object.keys(localStorage).filter(k => k.startsWith("junk-")).forEach(k => localStorage.removeItem(k))`))
	tb.try("abc")
	if got := eval[string](tb, status); got != page.StorageAgain {
		t.Errorf("after room came back: line %q, want %q", got, page.StorageAgain)
	}
	tb.open("/")
	got := eval[[]learnerEntry](tb, readLearnerEntries)
	if len(got) != 2 || got[0].Input != "abc" || got[1].Input != "0017" {
		t.Errorf("after a reload the history is %+v", got)
	}
}

// With site data blocked the box works and the history lasts the session; the page says once
// that the browser keeps nothing, and says nothing more for each try.
func TestLearnerSiteDataBlocked(t *testing.T) {
	tb := blockedTab(t, siteData)
	tb.open("/")
	for _, in := range []string{"0017", "four thousand"} {
		tb.try(in)
	}
	got := eval[[]learnerEntry](tb, readLearnerEntries)
	if len(got) != 2 || got[0].Code != "invalid_args" || got[0].Field != "job_id" {
		t.Errorf("learner results with site data blocked: %+v", got)
	}
	if got := eval[string](tb, `document.getElementById("storage-status").textContent`); got != page.StorageRefused {
		t.Errorf("storage line %q", got)
	}
	tb.do(chromedp.Click("#learner-results > li:first-child button.add-tried"))
	if rows := eval[[]row](tb, readRows); len(rows) != 7 || rows[6].Input != "four thousand" {
		t.Errorf("Add to table with site data blocked: %+v", rows)
	}
	tb.do(chromedp.Click(chromedp.ID("learner-clear")))
	if n := len(eval[[]learnerEntry](tb, readLearnerEntries)); n != 0 {
		t.Errorf("Clear left %d results", n)
	}
}

// An embed offers Add to table only where there is a table to add to and the reader may edit it.
func TestLearnerEmbedAddToTable(t *testing.T) {
	site := httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))
	defer site.Close()
	for _, c := range []struct {
		frag  string
		shown bool
	}{
		{"panels=table,results,learner", true},
		{"panels=learner", false},
		{"panels=table,learner&readonly=1", false},
	} {
		tb := newTab(t)
		tb.do(chromedp.Navigate(site.URL + "/embed.html#" + c.frag))
		tb.waitReady()
		tb.try("0017")
		if got := eval[bool](tb, `document.querySelector("#learner-results > li button.add-tried").checkVisibility()`); got != c.shown {
			t.Errorf("%s: Add to table shown %v, want %v", c.frag, got, c.shown)
		}
	}
}

// A table saved by an older page (no history) opens as it was, with an empty history; the first
// try saves the history beside it.
func TestLearnerOldSavedCopy(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	old := lesson.EncodeShare(lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}, {Input: "0017"}}})
	tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("` + page.StorageKey + `", "` + old + `")`))
	tb.open("/")
	if rows := eval[[]row](tb, readRows); len(rows) != 2 || rows[0] != (row{"42", "ok", ""}) || rows[1].Input != "0017" {
		t.Fatalf("an older saved table opens as %+v", rows)
	}
	if n := len(eval[[]learnerEntry](tb, readLearnerEntries)); n != 0 {
		t.Errorf("%d learner results from a copy without history", n)
	}
	tb.try("abc")
	saved := eval[string](tb, `localStorage.getItem("`+page.StorageKey+`")`)
	if copy, _ := lesson.DecodeSaved(saved); len(copy.Learner) != 1 || copy.Learner[0] != (lesson.Tried{Tool: "get_job", Input: "abc"}) {
		t.Errorf("saved history %+v", copy.Learner)
	}
	if tbl, err := lesson.DecodeShare(saved); err != nil || len(tbl.Rows) != 2 {
		t.Errorf("the table beside it: %+v, %v", tbl, err)
	}
}
