package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/web"
)

// The classroom as students and instructors meet it: a prediction counts only when it was made
// before its row's result was shown, the answers stay with the instructor, and the results
// come into view. The embeds are framed from another site (courseSite).

// pick chooses code in a row's prediction as a reader does: the select's value, then its change.
func pick(row int, code string) chromedp.Action[chromedp.Void] {
	id := "row-" + strconv.Itoa(row) + "-want"
	return chromedp.Evaluate[chromedp.Void](`(s => { s.value = ` + strconv.Quote(code) +
		`; s.dispatchEvent(new Event("change", {bubbles: true})); })(document.getElementById("` + id + `"))`)
}

// wants are the rows' predictions as the table's selects hold them.
const wants = `[...document.querySelectorAll("#rows select[data-field=want]")].map(s => s.value)`

// runTable presses Run and waits for n result rows.
func runTable(t *testing.T, tb *tab, n int) {
	t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("run").click()`))
	if _, err := poll[bool](tb, `document.querySelectorAll("#results > tr").length === `+strconv.Itoa(n)+
		` && !document.getElementById("score").hidden`); err != nil {
		t.Fatalf("no score after Run: %v", err)
	}
}

// After Run a shown row's prediction is locked, marked so in words, and neither a change of it,
// a second Run nor a lesson note's Try it raises the score; a row added after Run is open to
// predict until its own Run.
func TestLockedPredictions(t *testing.T) {
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(pick(0, "ok"), pick(2, "ok"))
		runTable(t, tb, 6)
		score := `document.getElementById("score")`
		if s := eval[string](tb, score+`.dataset.right + "/" + `+score+`.dataset.predicted`); s != "1/2" {
			t.Fatalf("score right/predicted %s, want 1/2", s)
		}
		for i := 0; i < 6; i++ {
			id := "row-" + strconv.Itoa(i)
			if !eval[bool](tb, `document.getElementById("`+id+`-want").disabled`) || !eval[bool](tb, visible(id+"-lock")) {
				t.Errorf("row %d's prediction is not locked and marked after Run", i+1)
			}
		}
		if l := eval[string](tb, `document.getElementById("row-4-lock").textContent`); !strings.Contains(l, "locked") ||
			eval[string](tb, `document.getElementById("row-4-want").getAttribute("aria-describedby")`) != "row-4-lock" {
			t.Errorf("row 5's lock is not said to assistive technology: %q", l)
		}
		// A prediction changed after the results were shown does not count: the State refuses it.
		tb.do(pick(4, "invalid_args"), pick(1, "ok"))
		if w := eval[[]string](tb, wants); w[4] != "" || w[1] != "" {
			t.Errorf("a locked prediction changed: %q", w)
		}
		runTable(t, tb, 6)
		if s := eval[string](tb, score+`.dataset.right`); s != "1" {
			t.Errorf("running again after changing predictions scores %s right, want 1", s)
		}
		tb.screenshot("classroom-locked-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.Screenshot(chromedp.ID("panel-table")))

		// A lesson note's Try it runs in Try your own: the table and the score stay the student's.
		tries := eval[int](tb, `document.querySelectorAll("#notes-cards button.try[data-kind=row]").length`)
		if tries == 0 {
			t.Fatal("no row Try it button in the notes after Run")
		}
		before := eval[int](tb, `document.querySelectorAll("#learner-results > li").length`)
		tb.do(chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#notes-cards button.try[data-kind=row]")].slice(0, 4).forEach(b => b.click())`))
		if n := eval[int](tb, `document.querySelectorAll("#rows > tr").length`); n != 6 {
			t.Errorf("a note's Try it changed the table to %d rows", n)
		}
		if w := eval[[]string](tb, wants); strings.Join(w, ",") != "ok,,ok,,," {
			t.Errorf("a note's Try it changed the predictions to %q", w)
		}
		if after := eval[int](tb, `document.querySelectorAll("#learner-results > li").length`); after <= before {
			t.Error("a note's Try it did not run in Try your own")
		}
		if s := eval[string](tb, score+`.dataset.right + "/" + `+score+`.dataset.rows`); s != "1/6" {
			t.Errorf("after the notes' Try it the score says %s, want 1/6", s)
		}

		// A new row is open to predict until its own Run, then locked.
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("instructor").open = true`),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("add-row").click()`))
		if eval[bool](tb, `document.getElementById("row-6-want").disabled`) {
			t.Error("a row added after Run is locked before its own Run")
		}
		tb.do(chromedp.SetValue(chromedp.ID("row-6-input"), "42"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("row-6-input").dispatchEvent(new Event("input", {bubbles: true}))`),
			pick(6, "ok"))
		runTable(t, tb, 7)
		if s := eval[string](tb, score+`.dataset.right + "/" + `+score+`.dataset.rows`); s != "2/7" {
			t.Errorf("with the new row predicted the score says %s, want 2/7", s)
		}
		if !eval[bool](tb, `document.getElementById("row-6-want").disabled`) {
			t.Error("the new row is not locked after its Run")
		}
	})
}

// A predict-mode or read-only embed on a course site is a student's: no Show the lesson's
// answers, no instructor tools; a prediction locked in the frame stays locked for the host's
// results too. A check-mode embed that is not read-only keeps the instructor tools.
func TestStudentEmbedHidesAnswers(t *testing.T) {
	cs := newCourseSite(t)
	for _, c := range []struct {
		frag    string
		student bool
	}{{"mode=predict", true}, {"readonly=1", true}, {"student=1", true}, {"table=" + lesson.EncodeShare(lesson.Classroom()), false}} {
		t.Run(strings.SplitN(c.frag, "=", 2)[0], func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(1280, 800))
			frag := c.frag + "&origins=" + cs.a
			tb.do(chromedp.Navigate(cs.a + "/?frag=" + strings.ReplaceAll(frag, "&", "%26")))
			waitMessage(tb, `d => d.type === "coerce-playground:height"`)
			fr := frame(tb)
			fr.waitReady()
			for _, id := range []string{"show-answers", "instructor"} {
				if shown := eval[bool](fr, visible(id)); shown == c.student && (id == "instructor" || c.frag == "mode=predict") {
					t.Errorf("%s: #%s shown = %v in a student's embed = %v", c.frag, id, shown, c.student)
				}
			}
			if got := eval[bool](fr, `document.documentElement.hasAttribute("data-student")`); got != c.student {
				t.Errorf("%s: data-student = %v", c.frag, got)
			}
			if c.frag != "mode=predict" {
				return
			}
			fr.do(pick(0, "ok"))
			tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "run", id: 7})`))
			first := waitMessage(tb, `d => d.id === 7`)
			fr.do(pick(0, "invalid_args"), pick(3, "invalid_args"))
			tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "run", id: 8})`))
			second := waitMessage(tb, `d => d.id === 8`)
			p1, p2 := first.Data["summary"].(map[string]any)["passed"], second.Data["summary"].(map[string]any)["passed"]
			if p1 != float64(1) || p2 != p1 {
				t.Errorf("the host's results count %v then %v right; a prediction changed after Run must not count", p1, p2)
			}
			tb.screenshot("classroom-student-embed.png", chromedp.FullScreenshot(100))
		})
	}
}

// resultsLayout is what the results look like right after Run: the results panel's height, where
// the score and the first wrong row sit in the window, and whether any observation box is cut.
const resultsLayout = `(() => {
  const panel = document.getElementById("results-h").closest("section").getBoundingClientRect();
  const score = document.getElementById("score").getBoundingClientRect();
  const wrong = document.querySelector("#results > tr.fail");
  const w = wrong ? wrong.getBoundingClientRect() : {top: -1, bottom: -1};
  const narrow = [...document.querySelectorAll("#results pre.obs")].filter(p => p.offsetParent && p.getBoundingClientRect().width < 200).length;
  return {panel: Math.round(panel.height), scoreTop: Math.round(score.top), wrongTop: Math.round(w.top), wrongBottom: Math.round(w.bottom),
    view: innerHeight, narrowObs: narrow, rowsH: [...document.querySelectorAll("#results > tr")].map(r => Math.round(r.getBoundingClientRect().height))};
})()`

type layout struct {
	Panel, ScoreTop, WrongTop, WrongBottom, View, NarrowObs int
	RowsH                                                   []int
}

// After Run the score and the first wrong row are in the window; a right row is one line that
// opens on demand, the wrong one stays open with its Why, and each observation has the row's
// width. The log line is the measure of the results' height (go test ./web/e2e -run
// TestResultsLeadWithWrong -v).
func TestResultsLeadWithWrong(t *testing.T) {
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		if width == 360 {
			tb.do(chromedp.EmulateViewport(360, 740))
		}
		tb.open("/")
		for i, c := range []string{"ok", "ok", "invalid_args", "invalid_args", "ok", "not_found"} {
			if c != "" {
				tb.do(pick(i, c))
			}
		}
		runTable(t, tb, 6)
		tb.scrollSettled() // the scroll to the results, however long a loaded machine takes
		l := eval[layout](tb, resultsLayout)
		t.Logf("%s %d px: results panel %d px high, rows %v; score at %d, first wrong row %d to %d, window %d",
			scheme, width, l.Panel, l.RowsH, l.ScoreTop, l.WrongTop, l.WrongBottom, l.View)
		if l.ScoreTop < 0 || l.ScoreTop > l.View-40 || l.WrongTop < 0 || l.WrongTop > l.View-60 {
			t.Errorf("after Run the score (top %d) or the first wrong row (top %d) is out of the %d px window", l.ScoreTop, l.WrongTop, l.View)
		}
		if l.NarrowObs > 0 {
			t.Errorf("%d observation boxes are under 200 px wide", l.NarrowObs)
		}
		if !eval[bool](tb, `document.querySelector("#results > tr.fail details.why[open]") !== null`) {
			t.Error("the wrong row's Why is not open")
		}
		// A right row opens on demand.
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#results > tr.pass button.expand").click()`))
		if !eval[bool](tb, `document.querySelector("#results > tr.pass").classList.contains("open") && document.querySelector("#results > tr.pass td.obs").checkVisibility()`) {
			t.Error("a right row did not open")
		}
		// The summary's row number is a link to the row.
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#summary a.row-link").click()`))
		tb.waitFor(`document.activeElement.id === "result-5"`, "the summary's row link")
		tb.screenshot("classroom-results-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
	})
}

// inHostWindow is a script for the course page: whether the frame's element at top to bottom
// (of the frame's window, frameBox) is inside the course page's window.
func inHostWindow(top, bottom float64) string {
	return `(f => { const t = f.getBoundingClientRect().top; return t + ` + strconv.FormatFloat(top, 'f', 0, 64) +
		` >= -1 && t + ` + strconv.FormatFloat(bottom, 'f', 0, 64) + ` <= innerHeight + 1; })(document.getElementById("pg"))`
}

// frameBox is an element's box in the frame's window, top and bottom; an element scrolled out
// of the frame's own window is placed far off, so that it is in no course page's window either.
func frameBox(fr *tab, sel string) (float64, float64) {
	b := eval[[]float64](fr, `(r => r.top < -1 || r.bottom > innerHeight + 1 ? [-1e6, -1e6] : [r.top, r.bottom])(document.querySelector(`+strconv.Quote(sel)+`).getBoundingClientRect())`)
	return b[0], b[1]
}

// The question follows the table: its inputs after an edit, its tool after a host's setTable,
// and an embed (which has no header) asks it above its table.
func TestQuestionFollowsTable(t *testing.T) {
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), "42"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-input").dispatchEvent(new Event("input", {bubbles: true}))`))
		q := eval[string](tb, `document.getElementById("question").textContent`)
		if !strings.Contains(q, "sends 42, 17, -1") || strings.Contains(q, `"17"`) {
			t.Errorf("after an edit the question reads %q", q)
		}
	})
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(360, 740))
	tb.do(chromedp.Navigate(cs.a + "/?frag=origins=" + cs.a))
	waitMessage(tb, `d => d.type === "coerce-playground:height"`)
	fr := frame(tb)
	fr.waitReady()
	if !eval[bool](fr, visible("table-question")) || !strings.Contains(eval[string](fr, `document.getElementById("table-question").textContent`), "get_job(job_id)") {
		t.Errorf("the embed asks %q", eval[string](fr, `document.getElementById("table-question").textContent`))
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", tool: "refund", rows: [{input: '{"job_id": 17, "amount_cents": 500}'}], id: 3})`))
	waitMessage(tb, `d => d.id === 3`)
	if q := eval[string](fr, `document.getElementById("table-question").textContent`); !strings.Contains(q, "refund(job_id, amount_cents") || strings.Contains(q, "get_job") {
		t.Errorf("after setTable of refund the embed asks %q", q)
	}
	tb.screenshot("classroom-question-embed-360.png", chromedp.CaptureScreenshot())
}

// A frame the playground refuses to be framed in (the course site is not in ALLOWED_EMBEDDERS)
// becomes, with host.js, a readable message with a link that opens the playground in a new tab;
// the snippet draws no border, and Copy embed code warns about a loopback address.
func TestEmbedBlockedExplains(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	emb, err := web.ParseEmbedders("https://elsewhere.example")
	if err != nil {
		t.Fatal(err)
	}
	play := httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), emb))
	t.Cleanup(play.Close)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		code, _ := embed.Code(play.URL+"/", lesson.Opening(), embed.Choice{Predict: true})
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title></head><body><h1>Week 3</h1>%s</body></html>`, code)
	}))
	t.Cleanup(host.Close)
	for _, width := range []int64{1280, 360} {
		tb := newTab(t)
		tb.do(chromedp.EmulateViewport(width, 800))
		tb.do(chromedp.Navigate(otherSite(host.URL) + "/"))
		if eval[string](tb, `getComputedStyle(document.querySelector("iframe")).borderTopStyle`) != "none" {
			t.Error("the snippet's iframe draws a border")
		}
		if _, err := poll[bool](tb, `!!document.querySelector(".coerce-playground-blocked a")`); err != nil {
			t.Fatalf("%d px: a refused frame was not replaced by a message: %v", width, err)
		}
		text := eval[string](tb, `document.querySelector(".coerce-playground-blocked").textContent`)
		href := eval[string](tb, `document.querySelector(".coerce-playground-blocked a").href`)
		if !strings.Contains(text, "ALLOWED_EMBEDDERS") || !strings.HasPrefix(href, play.URL+"/#table=") ||
			eval[string](tb, `document.querySelector(".coerce-playground-blocked a").target`) != "_blank" {
			t.Errorf("the message says %q and links to %q", text, href)
		}
		tb.screenshot("classroom-embed-blocked-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
		tb.expected(`violates the following Content Security Policy directive: "frame-ancestors`) // the point of the test
	}
	// Copy embed code on a loopback address says that no student can reach it.
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("instructor").open = true`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("copy-embed").click()`))
	if w := eval[string](tb, `document.getElementById("embed-warning").textContent`); !strings.Contains(w, "this computer") || !strings.Contains(w, "ALLOWED_EMBEDDERS") || !eval[bool](tb, visible("embed-warning")) {
		t.Errorf("Copy embed code on %s warns %q", server.URL, w)
	}
}

// expected drops the console messages containing what from the problems that fail the test:
// ones the test provokes on purpose.
func (tb *tab) expected(what string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	kept := tb.problems[:0]
	for _, p := range tb.problems {
		if !strings.Contains(p, what) {
			kept = append(kept, p)
		}
	}
	tb.problems = kept
}

// Undo gives the keyboard the row it brought back, not <body>; the skip link to Try your own
// lands in its input.
func TestUndoFocusesTheRow(t *testing.T) {
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		// "New here?" leads, before Run, to something to read: what the lesson is and what to do.
		if w := eval[string](tb, `document.getElementById("notes-wait").textContent`); !strings.Contains(w, "New here?") || !strings.Contains(w, "pick the code you expect") {
			t.Errorf("before Run the notes say only %q", w)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("instructor").open = true`),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("row-3-delete").click()`),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("notice-undo").click()`))
		if id := eval[string](tb, `document.activeElement.id`); id != "row-3-want" {
			t.Errorf("after undoing a delete the focus is on %q, want row 4's prediction", id)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("show-answers").click()`),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("notice-undo").click()`))
		if id := eval[string](tb, `document.activeElement.id`); id != "row-0-want" {
			t.Errorf("after undoing the lesson's answers the focus is on %q", id)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('a.skip[href="#learner-input"]').click()`))
		if id := eval[string](tb, `document.activeElement.id`); id != "learner-input" {
			t.Errorf("the skip link to Try your own focused %q", id)
		}
	})
}
