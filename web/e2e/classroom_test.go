package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
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
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.querySelectorAll("#results > tr").length === `+strconv.Itoa(n)+
		` && !document.getElementById("score").hidden`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
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
