package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// noteCard is one lesson note as the page shows it.
type noteCard struct {
	Slug   string    `json:"slug"`
	Title  string    `json:"title"`
	Hidden bool      `json:"hidden"`
	Body   string    `json:"body"`
	Tries  []tryCard `json:"tries"`
}

type tryCard struct {
	ID    string `json:"id"`
	Try   int    `json:"try"`
	Kind  string `json:"kind"`
	Label string `json:"label"`
}

const readNotes = `[...document.querySelectorAll("#notes-cards > li")].map(li => ({
	slug: li.dataset.slug, title: li.querySelector("h3").textContent, hidden: li.hidden,
	body: li.querySelector(".note-body").textContent,
	tries: [...li.querySelectorAll("button.try")].map(b => ({id: b.id, try: +b.dataset.try, kind: b.dataset.kind, label: b.textContent}))}))`

// panelOf is the section a Try it of each kind leads to.
func panelOf(t lesson.Try) string {
	switch t.Kind {
	case "row":
		return "panel-table"
	case "panel":
		return "panel-" + t.Target
	case "switch":
		return "panel-switches"
	}
	return "panel-" + t.Kind // loop, http
}

func (tb *tab) exists(id string) bool {
	tb.t.Helper()
	return eval[bool](tb, `document.getElementById(`+strconv.Quote(id)+`) !== null`)
}

// waitFor polls a JavaScript condition, failing the test with what if it never holds.
func (tb *tab) waitFor(cond, what string) {
	tb.t.Helper()
	if _, err := poll[bool](tb, cond); err != nil {
		tb.t.Errorf("%s: %v (active element: %s)", what, err,
			eval[string](tb, `(e => e.tagName + "#" + e.id + "." + e.className + " " + (e.textContent || "").slice(0, 80))(document.activeElement)`))
	}
}

// activeInView is a JavaScript condition: the active element is at least partly on screen.
const activeInView = `(r => r.bottom > 0 && r.top < innerHeight && r.height > 0)(document.activeElement.getBoundingClientRect())`

func TestNotesCardsAndTryIt(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.run() // the lesson's table opens in predict mode: the notes show after the first Run
	// In check mode a row target lands in the table (in predict mode it runs in Try your own,
	// TestLockedPredictions).
	tb.do(chromedp.Click(chromedp.ID("show-answers")))
	if got := eval[string](tb, `document.getElementById("notes-toggle").getAttribute("aria-expanded")`); got != "true" {
		t.Errorf("at 1280 px the notes start with aria-expanded=%s, want open", got)
	}
	notes := lesson.Notes()
	cards := eval[[]noteCard](tb, readNotes)
	if len(cards) != len(notes) || len(cards) != 10 {
		t.Fatalf("%d cards, want one for each of the %d notes", len(cards), len(notes))
	}
	for i, n := range notes {
		c := cards[i]
		if c.Slug != n.Slug || c.Title != n.Title || c.Body == "" {
			t.Errorf("card %d: %q %q, want %q %q with a body", i+1, c.Slug, c.Title, n.Slug, n.Title)
		}
		// A button for each target whose panel is on the page, labelled with what it loads; no
		// button at all for the others.
		var want []tryCard
		for j, try := range n.Tries {
			if tb.exists(panelOf(try)) {
				want = append(want, tryCard{ID: "note-" + n.Slug + "-try-" + strconv.Itoa(j), Try: j, Kind: try.Kind, Label: page.TryLabel(try)})
			}
		}
		if len(c.Tries) != len(want) {
			t.Errorf("%s: buttons %+v, want %+v", n.Slug, c.Tries, want)
			continue
		}
		for j := range want {
			if c.Tries[j] != want[j] {
				t.Errorf("%s: button %+v, want %+v", n.Slug, c.Tries[j], want[j])
			}
		}
		if c.Hidden != (len(want) == 0) {
			t.Errorf("%s: hidden=%v with %d buttons", n.Slug, c.Hidden, len(want))
		}
	}

	// Every button shows its target: a row's result with the note's code, focused and on screen,
	// and the code beside the claim; a panel, focused and on screen.
	for ci, c := range cards {
		for _, b := range c.Tries {
			try := notes[ci].Tries[b.Try]
			tb.do(chromedp.Click(chromedp.ID(b.ID)))
			what := c.Slug + ": " + b.Label
			switch try.Kind {
			case "row":
				tb.waitFor(`document.activeElement.parentElement === document.getElementById("results") && `+
					`document.activeElement.dataset.code === `+strconv.Quote(try.Claim), what+": the focused result")
				out := eval[map[string]string](tb, `(o => ({code: o.dataset.code, text: o.textContent, hidden: String(o.hidden)}))(document.getElementById(`+strconv.Quote(b.ID+"-outcome")+`))`)
				if out["code"] != try.Claim || out["hidden"] != "false" || out["text"] != page.TryOutcome(try, coerce.Code(try.Claim)) {
					t.Errorf("%s: beside the claim %+v", what, out)
				}
				input := eval[string](tb, `document.activeElement.querySelector("td.input span").textContent`)
				if input != try.Input {
					t.Errorf("%s: the focused result is for %q", what, input)
				}
			default:
				tb.waitFor(`!!document.activeElement.closest(`+strconv.Quote("#"+panelOf(try))+`)`, what+": focus in #"+panelOf(try))
			}
			tb.waitFor(activeInView, what+": the target on screen")
		}
	}
	if n := eval[string](tb, `document.getElementById("schema-tool").textContent`); n == "" {
		t.Error("no tool named after the tries")
	}
}

// A row the table does not hold is appended, expecting the note's claim; a row of another tool
// swaps the table, and Undo brings it back.
func TestNotesTryAddsRowWithUndo(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.run()
	tb.do(chromedp.Click(chromedp.ID("show-answers"))) // check mode: a Try it's row joins the table
	before := eval[[]row](tb, readRows)
	tb.do(chromedp.Click(chromedp.ID("note-02-never-coerced-try-4")))
	rows := eval[[]row](tb, readRows)
	if len(rows) != len(before)+1 || rows[len(rows)-1].Input != `"17; DROP TABLE jobs"` || rows[len(rows)-1].Want != "invalid_args" {
		t.Fatalf("rows after Try it: %+v", rows)
	}
	if res := eval[[]result](tb, readResults); len(res) != len(rows) || res[len(res)-1].Pass != "true" {
		t.Errorf("results %+v", res)
	}
	// Again: the row is there, so nothing is added.
	tb.do(chromedp.Click(chromedp.ID("note-02-never-coerced-try-4")))
	if n := len(eval[[]row](tb, readRows)); n != len(rows) {
		t.Errorf("a second Try it made %d rows", n)
	}

	tb.do(chromedp.Click(chromedp.ID("note-01-narrow-map-try-1")))
	if got := eval[[]row](tb, readRows); len(got) != 1 || got[0].Input != `" usr_8f3a "` {
		t.Errorf("get_user rows %+v", got)
	}
	if tool := eval[string](tb, `document.getElementById("schema-tool").textContent`); tool != "get_user" {
		t.Errorf("the schema shows %s", tool)
	}
	if n := eval[string](tb, `document.getElementById("notice-text").textContent`); n != page.SwitchedNotice("get_job", "get_user") {
		t.Errorf("notice %q", n)
	}
	tb.do(chromedp.Click(chromedp.ID("notice-undo")))
	if got := eval[[]row](tb, readRows); len(got) != len(rows) {
		t.Errorf("after Undo %d rows, want %d", len(got), len(rows))
	}
	if tool := eval[string](tb, `document.getElementById("schema-tool").textContent`); tool != "get_job" {
		t.Errorf("after Undo the schema shows %s", tool)
	}
}

// With the keyboard alone: Tab from the notes' heading to a card's first Try it, Enter, and the
// focus is on the result, visibly.
func TestNotesKeyboard(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.run()
	tb.do(chromedp.Focus(chromedp.ID("notes-toggle")), chromedp.KeyEvent(kb.Tab))
	if id := eval[string](tb, `document.activeElement.id`); id != "note-01-narrow-map-try-0" {
		t.Fatalf("Tab from the notes' heading reached %q", id)
	}
	tb.do(chromedp.KeyEvent(kb.Enter))
	// In predict mode the row runs in Try your own, unscored, and the focus is on its result.
	tb.waitFor(`document.activeElement.dataset.code === "ok" && document.activeElement.matches("#learner-results > li:focus-visible")`, "Enter on Try it")
	// Space closes the notes from their heading, Enter opens them again.
	tb.do(chromedp.Focus(chromedp.ID("notes-toggle")), chromedp.KeyEvent(" "))
	if v := eval[bool](tb, `document.getElementById("notes-body").hidden`); !v {
		t.Error("Space on the heading did not fold the notes")
	}
	tb.do(chromedp.KeyEvent(kb.Enter))
	if v := eval[bool](tb, `document.getElementById("notes-body").hidden`); v {
		t.Error("Enter on the heading did not open the notes")
	}
}

// At 360 px the notes start folded; the header's link or the heading's button opens them from
// the keyboard, and a Try it still reaches its result.
func TestNotesNarrow(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(360, 780))
	tb.open("/")
	tb.run()
	state := `[document.getElementById("notes-toggle").getAttribute("aria-expanded"), document.getElementById("notes-cards").checkVisibility()]`
	if got := eval[[]any](tb, state); got[0] != "false" || got[1] != false {
		t.Fatalf("at 360 px the notes start as %v, want folded", got)
	}
	// The fold button, by keyboard: Enter opens, Enter folds.
	tb.do(chromedp.Focus(chromedp.ID("notes-toggle")), chromedp.KeyEvent(kb.Enter))
	if got := eval[[]any](tb, state); got[0] != "true" || got[1] != true {
		t.Errorf("Enter on the notes' heading left them %v", got)
	}
	tb.do(chromedp.KeyEvent(kb.Enter))
	if got := eval[[]any](tb, state); got[0] != "false" || got[1] != false {
		t.Errorf("Enter on the heading did not fold the notes: %v", got)
	}
	// The header's link opens them and puts the keyboard at their start.
	tb.do(chromedp.Focus(chromedp.ID("notes-link")), chromedp.KeyEvent(kb.Enter))
	if got := eval[[]any](tb, state); got[0] != "true" || got[1] != true {
		t.Errorf("Enter on the header's link left the notes %v", got)
	}
	if id := eval[string](tb, `document.activeElement.id`); id != "notes-body" {
		t.Errorf("after the link the focus is on %q", id)
	}
	tb.do(chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter))
	tb.waitFor(`document.activeElement.dataset.code === "ok"`, "Try it at 360 px")
	tb.waitFor(activeInView, "the result on screen at 360 px")
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("with the notes open the page is %d px wide", w)
	}
}

func TestNotesScreenshots(t *testing.T) {
	for _, width := range []int64{1280, 1700, 360} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(scheme+"-"+strconv.FormatInt(width, 10), func(t *testing.T) {
				tb := newTab(t)
				height := int64(900)
				if width < 500 {
					height = 780
				}
				tb.do(chromedp.EmulateViewport(width, height))
				tb.media([2]string{"prefers-color-scheme", scheme})
				tb.open("/")
				tb.run()
				if width < 500 {
					tb.do(chromedp.Click(chromedp.ID("notes-toggle")))
				}
				tb.do(chromedp.Click(chromedp.ID("note-04-valid-json-still-wrong-try-1")))
				if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
					t.Errorf("the page is %d px wide in a %d px window", w, width)
				}
				name := "notes-" + strconv.FormatInt(width, 10) + "-" + scheme
				tb.screenshot(name+".png", chromedp.FullScreenshot(100))
				// The viewport as the reader sees it after Try it.
				tb.screenshot(name+"-view.png", chromedp.CaptureScreenshot())
			})
		}
	}
}
