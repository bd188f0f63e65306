package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/lesson"
)

// result is one element of #results or #learner-results, as automation reads it.
type result struct {
	Code        string `json:"code"`
	Observation string `json:"observation"`
	Pass        string `json:"pass"`
	Input       string `json:"input"`
	Mark        string `json:"mark"`
}

const readResults = `[...document.querySelectorAll("#results > tr")].map(tr => ({
	code: tr.dataset.code, observation: tr.dataset.observation, pass: tr.dataset.pass,
	input: tr.querySelector("td.input span").textContent, mark: tr.querySelector("td.match").textContent}))`

const readLearner = `[...document.querySelectorAll("#learner-results > li")].map(li => ({
	code: li.dataset.code, observation: li.dataset.observation, input: li.querySelector(".input").textContent}))`

// row is one editor row as the page shows it.
type row struct {
	Input string `json:"input"`
	Want  string `json:"want"`
	Note  string `json:"note"`
}

const readRows = `[...document.querySelectorAll("#rows > tr")].map(tr => ({
	input: tr.querySelector("[data-field=input]").value, want: tr.querySelector("[data-field=want]").value,
	note: tr.querySelector("[data-field=note]").value}))`

// lessonRows is the lesson's table as the page opens it: every row still to be predicted.
func lessonRows() []row {
	var out []row
	for _, r := range lesson.Classroom().Rows {
		out = append(out, row{r.Input, "", r.Note})
	}
	return out
}

// lessonAnswers is the lesson's table with its answers, as Show the lesson's answers fills it.
func lessonAnswers() []row {
	var out []row
	for _, r := range lesson.Classroom().Rows {
		out = append(out, row{r.Input, string(r.Want), r.Note})
	}
	return out
}

func (tb *tab) run() []result {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.ID("run")))
	return eval[[]result](tb, readResults)
}

func TestDefaultRun(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	if got := eval[[]row](tb, readRows); !slices.Equal(got, lessonRows()) {
		t.Fatalf("the editor opens with %q, want the lesson's table unpredicted", got)
	}
	tb.answers()
	if got := eval[[]row](tb, readRows); !slices.Equal(got, lessonAnswers()) {
		t.Fatalf("Show the lesson's answers gave %q, want the lesson's answers", got)
	}
	got := tb.run()
	want := []struct{ input, code string }{
		{`"17"`, "ok"}, {"17", "ok"}, {"-1", "invalid_args"}, {`"abc"`, "invalid_args"}, {"True", "invalid_args"}, {"99", "not_found"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Input != w.input || g.Code != w.code {
			t.Errorf("row %d: %s → %s, want %s → %s", i+1, g.Input, g.Code, w.input, w.code)
		}
		if g.Pass != "true" || !strings.Contains(g.Mark, "✓ right") {
			t.Errorf("row %d: data-pass=%q mark=%q, want it right", i+1, g.Pass, g.Mark)
		}
		if !strings.HasPrefix(g.Observation, "{") {
			t.Errorf("row %d: observation %q", i+1, g.Observation)
		}
	}
	if nf := got[5].Observation; !strings.Contains(nf, "17") || !strings.Contains(nf, "42") {
		t.Errorf("the not_found hint does not name 17 and 42: %s", nf)
	}
	if s := eval[string](tb, `document.getElementById("summary").textContent`); !strings.Contains(s, "6 rows: 6 right") {
		t.Errorf("summary %q", s)
	}
	counts := eval[string](tb, `document.getElementById("code-counts").textContent`)
	for _, c := range []string{"ok× 2", "invalid_args× 3", "not_found× 1"} {
		if !strings.Contains(counts, c) {
			t.Errorf("counts %q lack %q", counts, c)
		}
	}
	if live := eval[string](tb, `document.getElementById("results-live").getAttribute("aria-live")`); live != "polite" {
		t.Errorf("results are not in an aria-live region: %q", live)
	}
	// The schema and the catalog sit beside the table.
	if s := eval[string](tb, `document.getElementById("schema").textContent`); !strings.Contains(s, `"job_id"`) {
		t.Errorf("schema %q", s)
	}
	if c := eval[string](tb, `document.getElementById("catalog").textContent`); !strings.Contains(c, "not_found") {
		t.Errorf("catalog %q", c)
	}
}

func TestFailingPredictionIsMarked(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.SetValue(chromedp.ID("row-5-want"), "ok"), chromedp.SetValue(chromedp.ID("row-0-want"), ""))
	got := tb.run()
	if got[5].Pass != "false" || !strings.Contains(got[5].Mark, "✗ wrong") || !strings.Contains(got[5].Mark, "you predicted ok") {
		t.Errorf("row 6: %+v, want it wrong, saying what was predicted", got[5])
	}
	if got[0].Pass != "false" || !strings.Contains(got[0].Mark, "? not predicted") {
		t.Errorf("row 1: %+v, want it not predicted", got[0])
	}
}

func TestCtrlEnterRuns(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.Focus(chromedp.ID("row-2-input")), chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if got := eval[[]result](tb, readResults); len(got) != 6 {
		t.Errorf("Ctrl+Enter gave %d results, want 6", len(got))
	}
}

func TestLearnerBox(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	payload := `<img src=x onerror="window.__pwned=1;alert(1)">`
	tb.do(
		chromedp.SendKeys(chromedp.ID("learner-input"), `{"job_id": 42}`+"\n"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("learner-input").value = ""`),
		chromedp.SendKeys(chromedp.ID("learner-input"), payload+"\n"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("learner-input").value = ""`),
		chromedp.SendKeys(chromedp.ID("learner-input"), `"0017"`),
		chromedp.Click(chromedp.ID("learner-run")),
	)
	got := eval[[]result](tb, readLearner)
	if len(got) != 3 {
		t.Fatalf("%d learner results, want 3: %+v", len(got), got)
	}
	// Newest first.
	if got[2].Input != `{"job_id": 42}` || got[2].Code != "ok" || !strings.Contains(got[2].Observation, `"id":42`) {
		t.Errorf("job 42: %+v", got[2])
	}
	if got[1].Input != payload || got[1].Code != "invalid_args" {
		t.Errorf("the payload is not shown as typed: %+v", got[1])
	}
	if got[0].Input != `"0017"` || got[0].Code == "" || got[0].Observation == "" {
		t.Errorf("\"0017\": %+v", got[0])
	}
	if n := eval[int](tb, `document.querySelectorAll("#learner-results img, #learner-results script").length`); n != 0 {
		t.Errorf("learner text became %d elements", n)
	}
	if eval[bool](tb, `window.__pwned === 1`) || len(tb.dialogCount()) > 0 {
		t.Errorf("the payload ran: dialogs %q", tb.dialogCount())
	}
	// The Enter that confirms an input method's composition ("１７" typed with an IME) does not run.
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const i = document.getElementById("learner-input"); i.value = '"１７"';
		i.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", isComposing: true, bubbles: true, cancelable: true})) })()`))
	if n := len(eval[[]result](tb, readLearner)); n != 3 {
		t.Errorf("an Enter during composition ran the input: %d learner results, want 3", n)
	}
}

func TestEditCopyLinkOpenElsewhere(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.answers() // an instructor's table: check mode, its link keeps the expected codes
	tb.instructor()
	tb.do(
		chromedp.SetValue(chromedp.ID("row-0-input"), `"42"`),
		chromedp.SetValue(chromedp.ID("row-0-want"), "ok"),
		chromedp.SetValue(chromedp.ID("row-0-note"), "Jobs are 17 and 42 — ünïcode & <b>tags</b>"),
		chromedp.Click(chromedp.ID("add-row")),
		chromedp.SetValue(chromedp.ID("row-6-input"), "None"),
		chromedp.SetValue(chromedp.ID("row-6-want"), "invalid_args"),
		chromedp.Click(chromedp.ID("row-6-up")),
		chromedp.Click(chromedp.ID("copy-link")),
	)
	edited := eval[[]row](tb, readRows)
	if len(edited) != 7 || edited[5].Input != "None" || edited[6].Input != "99" {
		t.Fatalf("edits not applied: %+v", edited)
	}
	link := eval[string](tb, `document.getElementById("share-url").value`)
	if !strings.HasPrefix(link, server.URL+"/#table=") {
		t.Fatalf("share link %q", link)
	}
	if href := eval[string](tb, `location.href`); href != link {
		t.Errorf("the address bar holds %q, not the link %q", href, link)
	}
	payload := strings.TrimPrefix(link, server.URL+"/#table=")
	if strings.ContainsAny(payload, "+/=") {
		t.Errorf("payload is not unpadded base64url: %q", payload)
	}

	// A fresh browser context: no localStorage, so the table comes from the link alone.
	other := newTab(t)
	other.do(chromedp.Navigate(link))
	other.waitReady()
	if got := eval[[]row](other, readRows); !slices.Equal(got, edited) {
		t.Errorf("the link opened\n%+v\nwant\n%+v", got, edited)
	}
	if got := other.run(); len(got) != 7 || got[0].Code != "ok" || !strings.Contains(got[0].Observation, `"id":42`) {
		t.Errorf("running the shared table: %+v", got)
	}
}

func TestTableSurvivesReload(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.instructor()
	tb.do(
		chromedp.SetValue(chromedp.ID("row-2-input"), "1e3"),
		chromedp.SetValue(chromedp.ID("row-2-want"), "not_found"),
		chromedp.Click(chromedp.ID("row-4-delete")),
	)
	want := eval[[]row](tb, readRows)
	tb.do(chromedp.Reload())
	tb.waitReady()
	if got := eval[[]row](tb, readRows); !slices.Equal(got, want) {
		t.Errorf("after reload\n%+v\nwant\n%+v", got, want)
	}
	// Reset brings the lesson back, and that survives a reload too.
	tb.do(chromedp.Click(chromedp.ID("reset-table")), chromedp.Reload())
	tb.waitReady()
	if got := eval[[]row](tb, readRows); !slices.Equal(got, lessonRows()) {
		t.Errorf("after reset and reload: %+v", got)
	}
}

func TestUndoDelete(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.instructor()
	tb.do(chromedp.Click(chromedp.ID("row-0-delete")))
	if n := len(eval[[]row](tb, readRows)); n != 5 {
		t.Fatalf("%d rows after delete", n)
	}
	tb.do(chromedp.Click(chromedp.ID("notice-undo")))
	if got := eval[[]row](tb, readRows); !slices.Equal(got, lessonRows()) {
		t.Errorf("after undo: %+v", got)
	}
}

func TestKeyboardReorder(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.instructor()
	// Keyboard only: focus row 2's "up" button and press Enter, then Space.
	tb.do(chromedp.Focus(chromedp.ID("row-1-up")), chromedp.KeyEvent(kb.Enter))
	if got := eval[[]row](tb, readRows); got[0].Input != "17" || got[1].Input != `"17"` {
		t.Fatalf("Enter on row 2's up button: %+v", got[:2])
	}
	if id := eval[string](tb, `document.activeElement.id`); id != "row-0-down" {
		t.Errorf("focus went to %q, want row-0-down (the moved row's other button)", id)
	}
	tb.do(chromedp.KeyEvent(" "))
	if got := eval[[]row](tb, readRows); got[1].Input != "17" {
		t.Errorf("Space on row 1's down button: %+v", got[:2])
	}
	if id := eval[string](tb, `document.activeElement.id`); id != "row-1-down" {
		t.Errorf("focus went to %q, want row-1-down", id)
	}
}

func TestImportExport(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.answers()
	tb.instructor()
	tb.do(chromedp.Click(chromedp.ID("export-open")))
	exported := eval[string](tb, `document.getElementById("export-text").value`)
	if exported != lesson.FormatTable(lesson.Classroom()) {
		t.Errorf("export:\n%s\nwant\n%s", exported, lesson.FormatTable(lesson.Classroom()))
	}
	tb.do(chromedp.Click(chromedp.ID("export-close")), chromedp.Click(chromedp.ID("import-open")))

	tb.do(chromedp.SetValue(chromedp.ID("import-text"), "17 ok\n18 perhaps\n"), chromedp.Click(chromedp.ID("import-apply")))
	if msg := eval[string](tb, `document.getElementById("import-error").textContent`); !strings.HasPrefix(msg, "Line 2:") {
		t.Errorf("import error %q, want it to name line 2", msg)
	}
	tb.do(chromedp.SetValue(chromedp.ID("import-text"), "# mine\n42 ok # the other job\n\"x\" ?\n"), chromedp.Click(chromedp.ID("import-apply")))
	if open := eval[bool](tb, `document.getElementById("import-dialog").open`); open {
		t.Fatal("the import dialog stayed open after a valid import")
	}
	want := []row{{"42", "ok", "the other job"}, {`"x"`, "", ""}}
	if got := eval[[]row](tb, readRows); !slices.Equal(got, want) {
		t.Errorf("imported %+v, want %+v", got, want)
	}
}

func TestScreenshots(t *testing.T) {
	for _, width := range []int64{1280, 360} {
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
				tb.do(chromedp.SetValue(chromedp.ID("row-5-want"), "ok"))
				tb.run()
				tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), `{"job_id": "42 "}`+"\n"))
				if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
					t.Errorf("the page is %d px wide in a %d px window: it scrolls sideways", w, width)
				}
				tb.screenshot("playground-"+strconv.FormatInt(width, 10)+"-"+scheme+".png", chromedp.FullScreenshot(100))
			})
		}
	}
}

func TestToolAndPredictModeFromALink(t *testing.T) {
	tbl := lesson.Table{Tool: "get_user", Mode: lesson.PredictMode, Rows: []lesson.Row{
		{Input: `"usr_8f3a"`, Want: "ok"}, {Input: "17", Want: "invalid_args"},
	}}
	tb := newTab(t)
	tb.open("/#table=" + lesson.EncodeShare(tbl))
	if got := eval[string](tb, `document.getElementById("schema-tool").textContent`); got != "get_user" {
		t.Errorf("schema heading names %q, want get_user", got)
	}
	if got := eval[[]row](tb, readRows); got[0].Want != "" || got[1].Want != "" {
		t.Errorf("predict mode kept the expected codes: %+v", got)
	}
	if n := eval[string](tb, `document.getElementById("notice-text").textContent`); !strings.Contains(n, "Predict mode") {
		t.Errorf("notice %q", n)
	}
	lab := lesson.NewLab(lesson.LabConfig{})
	got := tb.run()
	for i, r := range tbl.Rows {
		want := lab.RunRow("get_user", lesson.Row{Input: r.Input})
		if got[i].Code != string(want.Code) || got[i].Observation != want.Observation || got[i].Pass != "false" {
			t.Errorf("row %d: %+v, want code %s observation %s and no pass", i+1, got[i], want.Code, want.Observation)
		}
	}
	tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), `"usr_8f3a"`+"\n"))
	want := lab.RunRow("get_user", lesson.Row{Input: `"usr_8f3a"`})
	if l := eval[[]result](tb, readLearner); len(l) != 1 || l[0].Code != string(want.Code) || l[0].Observation != want.Observation {
		t.Errorf("the learner box did not call get_user: %+v, want %s %s", l, want.Code, want.Observation)
	}
}
