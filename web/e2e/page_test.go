package e2e

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
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
		out = append(out, row{r.Input, r.Want, r.Note})
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

func TestMalformedLinkShowsLessonTable(t *testing.T) {
	for _, frag := range []string{"#table=%%%not-base64", "#table=" + lesson.EncodeShareRaw([]byte(`{"rows":[{"input":"1","want":"bogus"}]}`)), "#table="} {
		t.Run(frag, func(t *testing.T) {
			tb := newTab(t)
			tb.open("/" + frag)
			if got := eval[[]row](tb, readRows); !slices.Equal(got, lessonRows()) {
				t.Errorf("rows %+v, want the lesson's", got)
			}
			notice := eval[string](tb, `document.getElementById("notice").hidden ? "" : document.getElementById("notice-text").textContent`)
			if !strings.Contains(notice, "could not be read") || !strings.Contains(notice, "lesson's table") {
				t.Errorf("notice %q", notice)
			}
		})
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

func TestNoRequestsAfterReady(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	// Let anything the load itself started (the favicon) finish: a condition, where a 300 ms
	// sleep was a bet that a loaded machine can lose.
	tb.settle()
	before := tb.requestCount()
	tb.instructor()
	// One step a line: when one hangs, the failure's line number names it.
	tb.do(chromedp.Click(chromedp.ID("run")))
	tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), `{"job_id": "17", "x": [1, 2]}`+"\n"))
	tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), " https://example.com/track?x=1\n"))
	tb.do(chromedp.Click(chromedp.ID("add-row")))
	tb.do(chromedp.SendKeys(chromedp.ID("row-6-input"), `"http://127.0.0.1:1/steal"`))
	tb.do(chromedp.SetValue(chromedp.ID("row-6-want"), "invalid_args"))
	tb.do(chromedp.Click(chromedp.ID("row-6-up")))
	tb.do(chromedp.Click(chromedp.ID("row-0-down")))
	tb.do(chromedp.Click(chromedp.ID("row-3-delete")))
	tb.do(chromedp.Click(chromedp.ID("notice-undo")))
	tb.do(chromedp.Click(chromedp.ID("copy-link")))
	tb.do(chromedp.Click(chromedp.ID("export-open")))
	tb.do(chromedp.Click(chromedp.ID("export-copy")))
	tb.do(chromedp.Click(chromedp.ID("export-close")))
	tb.do(chromedp.Click(chromedp.ID("import-open")))
	tb.do(chromedp.SetValue(chromedp.ID("import-text"), "17 ok\n99 not_found\n"))
	tb.do(chromedp.Click(chromedp.ID("import-apply")))
	tb.do(chromedp.Focus(chromedp.ID("run")))
	tb.do(chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	tb.do(chromedp.Click(chromedp.ID("reset-table")))
	tb.do(chromedp.Click(chromedp.ID("run")))
	tb.do(chromedp.Sleep(500 * time.Millisecond))
	if reqs := tb.requestsSince(before); len(reqs) > 0 {
		t.Errorf("the page made %d requests after it was ready: %q", len(reqs), reqs)
	}
}

func TestScriptPayloadsStayInert(t *testing.T) {
	payloads := []string{
		`<img src=x onerror="window.__pwned=1;alert(1)">`,
		`<script>window.__pwned=1;alert(2)</script>`,
		`"><svg onload="window.__pwned=1;alert(3)">`,
		`{"job_id": "<iframe src=javascript:alert(4)>"}`,
	}
	var rows []lesson.Row
	for _, p := range payloads {
		rows = append(rows, lesson.Row{Input: p, Want: "invalid_args", Note: p})
	}
	tb := newTab(t)
	tb.open("/#table=" + lesson.EncodeShare(lesson.Table{Rows: rows}))
	got := tb.run()
	for _, p := range payloads {
		tb.do(chromedp.SetValue(chromedp.ID("learner-input"), p), chromedp.Click(chromedp.ID("learner-run")))
	}
	for i, p := range payloads {
		if got[i].Input != p {
			t.Errorf("result %d shows %q, want the text %q", i+1, got[i].Input, p)
		}
	}
	learner := eval[[]result](tb, readLearner)
	for i, p := range payloads {
		if learner[len(payloads)-1-i].Input != p {
			t.Errorf("learner result shows %q, want %q", learner[len(payloads)-1-i].Input, p)
		}
	}
	// The code-metrics chart is the one svg the page draws itself (page.ChartSVG, class "chart").
	if n := eval[int](tb, `document.querySelectorAll("main img, main script, main svg:not(#chart > svg.chart), main iframe").length`); n != 0 {
		t.Errorf("payloads became %d elements", n)
	}
	tb.do(chromedp.Sleep(200 * time.Millisecond))
	if eval[bool](tb, `window.__pwned === 1`) || len(tb.dialogCount()) > 0 {
		t.Errorf("a payload ran: dialogs %q", tb.dialogCount())
	}
}

// badModule answers with the wasm magic number and version, then bytes that are no module.
func badModule(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/wasm")
	w.Write(append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{0xff}, 64)...))
}

// cutOff starts app.wasm's answer and drops the connection before its end, as a network that
// fails mid-download does.
func cutOff(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Content-Length", "1000000")
	w.Write(append([]byte("\x00asm\x01\x00\x00\x00"), make([]byte, 4096)...))
	w.(http.Flusher).Flush()
	if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
		c.Close()
	}
}

func TestLoadFailuresShowAMessage(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	html := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<!doctype html><title>Not here</title><p>404"))
	}
	tests := []struct {
		name   string
		over   map[string]http.HandlerFunc
		script string // run before the page's own scripts
		want   string
	}{
		{"html instead of wasm", map[string]http.HandlerFunc{"/app.wasm": html}, "", "web page instead of the playground's WebAssembly"},
		{"missing wasm", map[string]http.HandlerFunc{"/app.wasm": http.NotFound}, "", "answered 404"},
		{"no WebAssembly", nil, "delete window.WebAssembly", "cannot run WebAssembly"},
		{"no wasm_exec.js", map[string]http.HandlerFunc{"/wasm_exec.js": http.NotFound}, "", "wasm_exec.js did not load"},
		{"not a module", map[string]http.HandlerFunc{"/app.wasm": badModule}, "", "could not be compiled"},
		{"download cut off", map[string]http.HandlerFunc{"/app.wasm": cutOff}, "", "could not be downloaded"},
		{"no streaming compile", nil, "delete WebAssembly.compileStreaming; delete WebAssembly.instantiateStreaming", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(handlerWith(tt.over))
			defer srv.Close()
			tb := newTab(t)
			tb.mu.Lock()
			tb.problems = nil
			tb.mu.Unlock()
			if tt.script != "" {
				if _, err := chromedp.Call(tb.ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: tt.script}); err != nil {
					t.Fatal(err)
				}
			}
			tb.do(chromedp.Navigate(srv.URL + "/"))
			state, err := poll[string](tb, `document.documentElement.dataset.ready === "true" ? "ready" : (document.documentElement.dataset.load === "failed" ? document.getElementById("load-error").textContent : "")`)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if state != "ready" {
					t.Errorf("the fallback load failed: %s", state)
				}
			} else if !strings.Contains(state, tt.want) || strings.Contains(state, "undefined") {
				t.Errorf("page says %q, want %q", state, tt.want)
			}
			// A failed fetch is logged by the browser itself; that is expected here.
			tb.mu.Lock()
			tb.problems = nil
			tb.mu.Unlock()
		})
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
		if got[i].Code != want.Code || got[i].Observation != want.Observation || got[i].Pass != "false" {
			t.Errorf("row %d: %+v, want code %s observation %s and no pass", i+1, got[i], want.Code, want.Observation)
		}
	}
	tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), `"usr_8f3a"`+"\n"))
	want := lab.RunRow("get_user", lesson.Row{Input: `"usr_8f3a"`})
	if l := eval[[]result](tb, readLearner); len(l) != 1 || l[0].Code != want.Code || l[0].Observation != want.Observation {
		t.Errorf("the learner box did not call get_user: %+v, want %s %s", l, want.Code, want.Observation)
	}
}

func TestLinkPastedIntoAnOpenPage(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	other := lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}}}
	// Changing only the fragment does not reload the page: the app must notice.
	tb.setHash("table=" + lesson.EncodeShare(other))
	if n := eval[int](tb, `document.querySelectorAll("#rows > tr").length`); n != 1 {
		t.Fatalf("the new link's table did not load: %d rows", n)
	}
	if got := eval[[]row](tb, readRows); !slices.Equal(got, []row{{"42", "ok", ""}}) {
		t.Errorf("rows %+v", got)
	}
	// A fragment that is not a table (the skip link's) leaves the table alone.
	tb.setHash("table-h")
	if n := len(eval[[]row](tb, readRows)); n != 1 {
		t.Errorf("#table-h changed the table to %d rows", n)
	}
	// Editing a table that came from a link takes the stale link out of the address bar.
	tb.setHash("table=" + lesson.EncodeShare(other) + "&theme=dark")
	tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), "43"))
	if h := eval[string](tb, `location.hash`); h != "#theme=dark" {
		t.Errorf("after an edit the fragment is %q, want #theme=dark", h)
	}
}

func TestLoadingBarCountsUncompressedBytes(t *testing.T) {
	wasm, err := os.ReadFile(filepath.Join(moduleRoot, "web", "app.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	// app.wasm arrives gzip-encoded in 40 slow pieces: Content-Length is the
	// compressed size, the stream yields the uncompressed bytes. Slow enough (4 s)
	// that the loader, which starts after the preload began the download, still
	// sees most of it arrive.
	slow := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", strconv.Itoa(len(wasm)))
		step := len(wasm)/40 + 1
		for off := 0; off < len(wasm); off += step {
			w.Write(wasm[off:min(off+step, len(wasm))])
			w.(http.Flusher).Flush()
			time.Sleep(100 * time.Millisecond)
		}
	}
	srv := httptest.NewServer(handlerWith(map[string]http.HandlerFunc{"/app.wasm": slow}))
	defer srv.Close()
	tb := newTab(t)
	tb.navigateNoWait(srv.URL + "/")
	type sample struct {
		Value  float64 `json:"value"`
		Status string  `json:"status"`
		Ready  bool    `json:"ready"`
	}
	percent := regexp.MustCompile(`(\d+) %`)
	var between []string
	for tb.ctx.Err() == nil { // until ready (waitReady below fails the test if it never is)
		s := eval[sample](tb, `({value: document.getElementById("load-progress").value,
			status: document.getElementById("load-status").textContent, ready: document.documentElement.dataset.ready === "true"})`)
		if s.Ready {
			break
		}
		if m := percent.FindStringSubmatch(s.Status); s.Value > 1 || m != nil && len(m[1]) > 2 && m[1] != "100" {
			t.Errorf("progress past the end: %+v", s)
		}
		if s.Value > 0.05 && s.Value < 0.95 {
			between = append(between, s.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("statuses seen mid-download: %q", slices.Compact(slices.Clone(between)))
	if len(between) == 0 {
		t.Error("the loading bar never showed a value between 5 % and 95 %")
	} else if !strings.Contains(between[0], "%") || !strings.Contains(between[0], "MB of") {
		t.Errorf("status %q does not say how far the download is", between[0])
	}
	tb.waitReady()
}
