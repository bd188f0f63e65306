package e2e

// The instructor's side of the classroom: the answers kept with the instructor, a worksheet and
// an answer key by name, the question that follows the table, and the locks kept in the saved copy.

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// A reload keeps the predictions Run locked: on the page (its saved copy) and in an embed framed
// from another site (whose link opens the same worksheet again), a row run before the reload is
// still locked after it and the score does not rise.
func TestLocksKeptOnReload(t *testing.T) {
	check := func(t *testing.T, tb *tab, when string) {
		t.Helper()
		for i := 0; i < 6; i++ {
			if !eval[bool](tb, `document.getElementById("row-`+strconv.Itoa(i)+`-want").disabled`) {
				t.Errorf("%s: row %d's prediction is not locked", when, i+1)
			}
		}
		tb.do(pick(1, "ok"))
		if w := eval[[]string](tb, wants); strings.Join(w, ",") != "ok,,,,," {
			t.Errorf("%s: the predictions are %q, want only row 1's", when, w)
		}
	}
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(pick(0, "ok"))
		runTable(t, tb, 6)
		tb.open("/")
		check(t, tb, "after a reload")
		tb.screenshot("instructor-locks-reload-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.Screenshot(chromedp.ID("panel-table")))
	})
	// The embed code carries the worksheet in its link; so does one without a table= (the
	// lesson's table, opened from the embed's saved copy).
	for name, frag := range map[string]string{
		"embed-link":   "table=" + lesson.EncodeShare(lesson.Worksheet(lesson.Classroom())) + "%26",
		"embed-lesson": "mode=predict%26",
	} {
		t.Run(name, func(t *testing.T) {
			cs := newCourseSite(t)
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(360, 740))
			tb.do(chromedp.Navigate(cs.a + "/?frag=" + frag + "origins=" + cs.a))
			fr := frame(tb)
			fr.waitReady()
			fr.do(pick(0, "ok"))
			runTable(t, fr, 6)
			tb.do(chromedp.Reload())
			fr = frame(tb)
			fr.waitReady()
			check(t, fr, "after the course page reloaded")
		})
	}
}

// The instructor tools keep the answers with the instructor: they hold the predict-mode switch,
// show the notes and, in predict mode, the answer key before any Run; Export, Copy link and Copy
// embed code each offer a worksheet and an answer key by name, and the answer key keeps a code
// typed in predict mode (before, Export wrote "0017  ?" and Import lost it); with predict mode
// off the rows show the table's true codes and the sentence about the mode names them.
func TestInstructorKeepsAnswers(t *testing.T) {
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		shot := func(name string) {
			tb.screenshot("instructor-"+name+"-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
		}
		tb.open("/")
		tb.instructor()
		if !eval[bool](tb, `!!document.querySelector("#instructor #predict-mode")`) || !eval[bool](tb, visible("predict-mode")) {
			t.Error("the predict-mode switch is not among the instructor tools")
		}
		if !eval[bool](tb, visible("row-0-note")) {
			t.Error("with the instructor tools open and no Run yet the notes are hidden")
		}
		tb.do(chromedp.Click(chromedp.ID("add-row")))
		tb.typeInto("row-6-input", `"0017"`)
		tb.do(pick(6, "invalid_args"))
		key := strings.ReplaceAll(eval[string](tb, `document.getElementById("answer-key").textContent`), "\u00a0", " ")
		if !eval[bool](tb, visible("answer-key")) || !strings.Contains(key, "1 ok · 2 ok · 3 invalid_args") || !strings.Contains(key, "7 invalid_args") {
			t.Errorf("the instructor tools show the answer key %q", key)
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("answer-key").scrollIntoView({block: "center"})`))
		shot("tools")

		// Export: the worksheet first (predict mode), the answer key by name.
		tb.do(chromedp.Click(chromedp.ID("export-open")))
		text := `document.getElementById("export-text").value`
		if !eval[bool](tb, `document.getElementById("export-worksheet").checked`) || !strings.Contains(eval[string](tb, text), "0017   ?") {
			t.Errorf("the export starts on %q", eval[string](tb, text))
		}
		tb.do(chromedp.Click(chromedp.ID("export-key")))
		exported := eval[string](tb, text)
		if !strings.Contains(exported, "0017   invalid_args") || !strings.Contains(exported, `"17"   ok`) || strings.Contains(exported, "@mode") {
			t.Errorf("the exported answer key:\n%s", exported)
		}
		shot("export-key")
		tb.do(chromedp.Click(chromedp.ID("export-close")))

		// Copy link and Copy embed code: the answer key carries the typed code.
		tb.do(chromedp.Click(chromedp.ID("copy-link")))
		if !eval[bool](tb, `document.getElementById("share-worksheet").checked`) {
			t.Error("Copy link does not start on the worksheet in predict mode")
		}
		tb.do(chromedp.Click(chromedp.ID("share-key")))
		if tbl := linkTable(t, eval[string](tb, `document.getElementById("share-url").value`)); len(tbl.Rows) != 7 || tbl.Rows[6].Want != "invalid_args" || tbl.Rows[0].Want != "ok" {
			t.Errorf("the answer key's link holds %+v", tbl.Rows)
		}
		tb.do(chromedp.Click(chromedp.ID("copy-embed")), chromedp.Click(chromedp.ID("embed-key")))
		snippet := eval[string](tb, `document.getElementById("embed-snippet").value`)
		if tbl := linkTable(t, html.UnescapeString(snippet)); len(tbl.Rows) != 7 || tbl.Rows[6].Want != "invalid_args" || strings.Contains(snippet, "mode=predict") {
			t.Errorf("the answer key's embed code holds %+v:\n%s", tbl.Rows, snippet)
		}
		tb.do(chromedp.Click(chromedp.ID("embed-worksheet")))
		if tbl := linkTable(t, html.UnescapeString(eval[string](tb, `document.getElementById("embed-snippet").value`))); tbl.Rows[6].Want != "" || tbl.Mode != lesson.PredictMode {
			t.Errorf("the worksheet's embed code holds %+v", tbl)
		}

		// Import of the exported answer key gives the code back.
		tb.do(chromedp.Click(chromedp.ID("import-open")), chromedp.SetValue(chromedp.ID("import-text"), exported), chromedp.Click(chromedp.ID("import-apply")))
		if w := eval[[]string](tb, wants); len(w) != 7 || w[6] != "invalid_args" {
			t.Errorf("the imported answer key's codes are %q", w)
		}
		tb.do(chromedp.Click(chromedp.ID("notice-undo")))

		// Predict mode off: the true codes, named by the sentence.
		tb.do(chromedp.Click(chromedp.ID("predict-mode")))
		if w := eval[[]string](tb, wants); strings.Join(w, ",") != "ok,ok,invalid_args,invalid_args,invalid_args,not_found,invalid_args" {
			t.Errorf("with predict mode off the codes are %q", w)
		}
		for _, id := range []string{"predict-mode-status"} {
			if s := eval[string](tb, `document.getElementById("`+id+`").textContent`); s != "Predict mode is off: Run checks each row against its expected code (2 ok, 4 invalid_args, 1 not_found)." {
				t.Errorf("#%s says %q", id, s)
			}
		}
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("predict-mode").scrollIntoView({block: "center"})`))
		shot("predict-off")
		checkFlipSaidBesideSwitch(t, tb)
	})
}

// linkTable is the table in the #table= of a link or of the src of an embed code.
func linkTable(t *testing.T, s string) lesson.Table {
	t.Helper()
	_, payload, ok := strings.Cut(s, "#table=")
	if !ok {
		t.Fatalf("no table in %q", s)
	}
	payload, _, _ = strings.Cut(payload, "&")
	payload, _, _ = strings.Cut(payload, `"`)
	tbl, err := lesson.DecodeShare(payload)
	if err != nil {
		t.Fatalf("%v in %q", err, s)
	}
	return tbl
}

// The question follows the table (its inputs after an edit, its tool after the picker changed
// it) or is the instructor's own, typed among the instructor tools or carried by a @question
// line and a link's "question"; an embed framed from another site asks it too, and names an
// own tool's call and inputs.
func TestQuestionOwnOrFollowing(t *testing.T) {
	question := `document.getElementById("question").textContent`
	eachView(t, 800, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.instructor()
		for i, in := range []string{"42", `"17.0"`, "0017"} {
			tb.typeInto("row-"+strconv.Itoa(i)+"-input", strconv.Quote(in))
		}
		for _, id := range []string{"row-3-delete", "row-3-delete", "row-3-delete"} {
			tb.do(chromedp.Click(chromedp.ID(id)))
		}
		if q := eval[string](tb, question); !strings.HasSuffix(q, `sends 42, "17.0" or 0017?`) {
			t.Errorf("after the rows changed the question reads %q", q)
		}
		tb.unfold("tools")
		tb.do(chromedp.SetValue(chromedp.ID("tool-picker"), "refund"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("tool-picker").dispatchEvent(new Event("change", {bubbles: true}))`))
		if q := eval[string](tb, question); !strings.Contains(q, "refund(job_id, amount_cents") || strings.Contains(q, "get_job") {
			t.Errorf("after the tool changed to refund the question reads %q", q)
		}
		if p := eval[string](tb, `document.getElementById("question-text").placeholder`); !strings.Contains(p, "refund(") {
			t.Errorf("the question field's placeholder is %q", p)
		}
		tb.typeInto("question-text", `"Which of these does refund take?"`)
		if q := eval[string](tb, question); q != "Which of these does refund take?" {
			t.Errorf("the own question reads %q", q)
		}
		tb.do(chromedp.Click(chromedp.ID("export-open")), chromedp.Click(chromedp.ID("export-key")))
		if text := eval[string](tb, `document.getElementById("export-text").value`); !strings.Contains(text, "@question Which of these does refund take?\n") {
			t.Errorf("the export has no @question line:\n%s", text)
		}
		tb.do(chromedp.Click(chromedp.ID("export-close")))
		tb.do(chromedp.Click(chromedp.ID("import-open")), chromedp.SetValue(chromedp.ID("import-text"), "@question What does 17 give?\n17  ok\n"), chromedp.Click(chromedp.ID("import-apply")))
		if q := eval[string](tb, question); q != "What does 17 give?" || eval[string](tb, `document.getElementById("question-text").value`) != "What does 17 give?" {
			t.Errorf("after an import with @question the question reads %q", q)
		}
		tb.screenshot("instructor-question-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
	})
	def := readDefinition(t, "get_order.json")
	d, err := lesson.ReadToolDef(def)
	if err != nil {
		t.Fatal(err)
	}
	own := lesson.Table{Mode: lesson.PredictMode, Rows: []lesson.Row{{Input: `"ord_3f9a2b1c"`}, {Input: `"ord_0"`}}}.WithToolDef(d)
	asked := lesson.Table{Question: "Which of these does get_job take as a job id?", Rows: []lesson.Row{{Input: "17"}}}
	for name, c := range map[string]struct {
		tbl  lesson.Table
		want []string
	}{
		"own-tool": {own, []string{"get_order(order_id", `"ord_3f9a2b1c"`, `"ord_0"`}},
		"asked":    {asked, []string{"Which of these does get_job take as a job id?"}},
	} {
		t.Run("embed-"+name, func(t *testing.T) {
			cs := newCourseSite(t)
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(360, 740))
			tb.do(chromedp.Navigate(cs.a + "/?frag=table=" + lesson.EncodeShare(c.tbl) + "%26origins=" + cs.a))
			fr := frame(tb)
			fr.waitReady()
			q := eval[string](fr, `document.getElementById("table-question").textContent`)
			for _, w := range c.want {
				if !eval[bool](fr, visible("table-question")) || !strings.Contains(q, w) {
					t.Errorf("the embed asks %q, without %q", q, w)
				}
			}
			tb.screenshot("instructor-question-embed-"+name+"-360.png", chromedp.CaptureScreenshot())
		})
	}
}

// checkFlipSaidBesideSwitch: right after predict mode was turned off, what the flip did is said
// beside the switch, with its Undo, not in the notice above the table (out of sight of an
// instructor at the switch); that Undo turns the mode back on and leaves the focus on the switch.
func checkFlipSaidBesideSwitch(t *testing.T, tb *tab) {
	t.Helper()
	said := eval[string](tb, `document.getElementById("predict-mode-said").textContent`)
	notice := eval[string](tb, `document.getElementById("notice-text").textContent`)
	if !strings.HasPrefix(said, "Predict mode is off: every code in the table is kept") || !eval[bool](tb, visible("predict-mode-undo")) ||
		strings.Contains(notice, "Predict mode") {
		t.Errorf("after the flip the switch says %q (Undo shown %v), the notice %q", said, eval[bool](tb, visible("predict-mode-undo")), notice)
	}
	tb.do(chromedp.Click(chromedp.ID("predict-mode-undo")))
	if on := eval[bool](tb, `document.getElementById("predict-mode").checked`); !on || eval[string](tb, `document.activeElement.id`) != "predict-mode" {
		t.Errorf("Undo beside the switch: predict mode %v, focus on %q", on, eval[string](tb, `document.activeElement.id`))
	}
}
