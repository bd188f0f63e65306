package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// step is one element of a panel's result list, as automation reads it.
type step struct {
	Code        string `json:"code"`
	Observation string `json:"observation"`
	Decision    string `json:"decision"`
	Sent        string `json:"sent"`
	Pass        string `json:"pass"`
	Before      string `json:"before"`
	After       string `json:"after"`
	Input       string `json:"input"`
	Text        string `json:"text"`
}

func readSteps(list string) string {
	return `[...document.querySelectorAll("#` + list + ` > li")].map(li => ({
		code: li.dataset.code ?? "missing", observation: li.dataset.observation ?? "missing",
		decision: li.dataset.decision || "", sent: li.dataset.sent || "", pass: li.dataset.pass || "",
		before: li.dataset.before || "", after: li.dataset.after || "", input: li.dataset.input || "", text: li.textContent}))`
}

func TestPanelLoopPresets(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.unfold("loop", "tools")
	before := tb.requestCount()
	for _, tc := range []struct {
		preset string
		want   []string
		unsent int
	}{
		{"fixes", []string{"retry", "continue"}, 0},
		{"booleans", []string{"retry", "handoff"}, 1},
		{"guesses", []string{"retry", "handoff"}, 1},
		{"refund", []string{"stop"}, 1},
	} {
		tb.do(chromedp.SetValue(chromedp.ID("loop-preset"), tc.preset),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("loop-preset").dispatchEvent(new Event("change", {bubbles: true}))`),
			chromedp.Click(chromedp.ID("loop-run")))
		steps := eval[[]step](tb, readSteps("loop-steps"))
		var got []string
		unsent := 0
		for _, s := range steps {
			if s.Sent == "true" {
				got = append(got, s.Decision)
				if s.Code == "" || !strings.HasPrefix(s.Observation, "{") {
					t.Errorf("%s: a sent step without code or observation: %+v", tc.preset, s)
				}
			} else {
				unsent++
				if s.Decision != "" || !strings.Contains(s.Text, "not sent") {
					t.Errorf("%s: an unsent step reads %+v", tc.preset, s)
				}
			}
		}
		if !slices.Equal(got, tc.want) || unsent != tc.unsent {
			t.Errorf("%s: decisions %v with %d not sent, want %v with %d", tc.preset, got, unsent, tc.want, tc.unsent)
		}
		if tc.preset == "refund" && !strings.Contains(steps[0].Observation, `"required_permission":"refunds.write"`) {
			t.Errorf("refund: %s", steps[0].Observation)
		}
	}
	// The permission switch reaches the loop.
	tb.do(chromedp.Click(chromedp.ID("refunds-write")), chromedp.Click(chromedp.ID("loop-run")))
	if steps := eval[[]step](tb, readSteps("loop-steps")); steps[0].Code != "ok" || steps[1].Decision != "continue" {
		t.Errorf("refund with refunds.write: %+v", steps)
	}
	// A script with a bad line names it and runs nothing.
	tb.do(chromedp.SetValue(chromedp.ID("loop-script"), "get_job 17\nfetch_job 3\n"), chromedp.Click(chromedp.ID("loop-run")))
	if e := eval[string](tb, `document.getElementById("loop-error").textContent`); !strings.HasPrefix(e, "Line 2:") {
		t.Errorf("script error %q", e)
	}
	if reqs := tb.requestsSince(before); len(reqs) > 0 {
		t.Errorf("the loop made requests: %q", reqs)
	}
}

func TestPanelToolPicker(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.unfold("tools")
	tb.instructor()
	tb.do(chromedp.SetValue(chromedp.ID("tool-picker"), "refund"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("tool-picker").dispatchEvent(new Event("change", {bubbles: true}))`))
	if got := eval[string](tb, `document.getElementById("schema-tool").textContent`); got != "refund" {
		t.Errorf("schema follows %q, want refund", got)
	}
	tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), `{"job_id": 17, "amount_cents": 500}`+"\n"))
	if l := eval[[]result](tb, readLearner); len(l) != 1 || l[0].Code != "denied" {
		t.Errorf("refund without refunds.write: %+v", l)
	}
	tb.do(chromedp.Click(chromedp.ID("refunds-write")), chromedp.SendKeys(chromedp.ID("learner-input"), `{"job_id": 17, "amount_cents": 500}`+"\n"))
	if l := eval[[]result](tb, readLearner); len(l) != 2 || l[0].Code != "ok" {
		t.Errorf("refund with refunds.write: %+v", l)
	}
	tb.do(chromedp.Click(chromedp.ID("copy-link")))
	link := eval[string](tb, `document.getElementById("share-url").value`)
	tbl, err := lesson.DecodeShare(link[strings.Index(link, "#table=")+len("#table="):])
	if err != nil || tbl.Tool != "refund" {
		t.Errorf("the link records tool %q (%v)", tbl.Tool, err)
	}
}

func TestPanelHTTP(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.unfold("http")
	tb.do(chromedp.Click(chromedp.ID("http-run")))
	got := eval[[]step](tb, readSteps("http-results"))
	rows := lesson.HTTPRows()
	if len(got) != len(rows) {
		t.Fatalf("%d results for %d responses", len(got), len(rows))
	}
	for i, r := range rows {
		if got[i].Code != string(r.Want) || got[i].Pass != "true" {
			t.Errorf("response %d (%s): %+v, want %s", i+1, r.Label(), got[i], r.Want)
		}
		if strings.Contains(got[i].Observation, "Traceback") || strings.Contains(got[i].Observation, "sk_live") {
			t.Errorf("response %d leaks the body: %s", i+1, got[i].Observation)
		}
	}
	if !strings.Contains(got[1].Observation, `"retry_after":30`) {
		t.Errorf("429 with Retry-After: 30 gives %s", got[1].Observation)
	}
	tb.do(chromedp.Click(chromedp.CSS("#http-editor > summary")))
	// Edit: a 429 without Retry-After waits 60 s; expecting timeout fails the row.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("http-1-headers").value = ""`), chromedp.SetValue(chromedp.ID("http-1-want"), "timeout"),
		chromedp.Click(chromedp.ID("http-run")))
	got = eval[[]step](tb, readSteps("http-results"))
	if got[1].Code != "rate_limited" || !strings.Contains(got[1].Observation, `"retry_after":60`) || got[1].Pass != "false" {
		t.Errorf("edited 429: %+v", got[1])
	}
	// Add and delete; a bad status names the row.
	tb.do(chromedp.Click(chromedp.ID("http-add")), chromedp.SetValue(chromedp.ID("http-10-status"), "2xx"), chromedp.Click(chromedp.ID("http-run")))
	if e := eval[string](tb, `document.getElementById("http-error").textContent`); !strings.HasPrefix(e, "Row 11: the status") {
		t.Errorf("error %q", e)
	}
	tb.do(chromedp.Click(chromedp.ID("http-10-delete")), chromedp.Click(chromedp.ID("http-0-delete")), chromedp.Click(chromedp.ID("http-run")))
	if got = eval[[]step](tb, readSteps("http-results")); len(got) != len(rows)-1 || got[0].Code != "rate_limited" {
		t.Errorf("after deleting the 404: %+v", got)
	}
	if c := eval[string](tb, `document.getElementById("panel-http").textContent`); !strings.Contains(c, "fixed") {
		t.Error("the panel does not say the classroom clock is fixed")
	}
}

func TestPanelSwitchesTrimAndFixture(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.instructor()
	tb.unfold("switches")
	tb.do(chromedp.Click(chromedp.ID("add-row")), chromedp.SendKeys(chromedp.ID("row-6-input"), `" 17 "`),
		chromedp.SetValue(chromedp.ID("row-6-want"), "ok"))
	tb.do(chromedp.Click(chromedp.ID("switch-trim")))
	ch := eval[[]step](tb, readSteps("switch-changes"))
	if len(ch) != 1 || ch[0].Input != `" 17 "` || ch[0].Before != "ok" || ch[0].After != "invalid_args" || ch[0].Code != "invalid_args" || !strings.HasPrefix(ch[0].Observation, `{"error":"invalid_args"`) {
		t.Fatalf("trim off marks %+v", ch)
	}
	if r := eval[[]result](tb, readResults); len(r) != 7 || r[6].Code != "invalid_args" || r[0].Code != "ok" {
		t.Errorf("the table was not re-run: %+v", r)
	}
	if a := eval[string](tb, `document.querySelector("#results > tr:nth-child(7)").dataset.after`); a != "invalid_args" {
		t.Errorf("the results row is not marked: %q", a)
	}
	tb.do(chromedp.Click(chromedp.CSS(`#switch-changes button[data-fixture="0"]`)))
	rows := eval[[]row](tb, readRows)
	if len(rows) != 8 || rows[7].Input != `" 17 "` || rows[7].Want != "invalid_args" {
		t.Fatalf("Add as fixture gives %+v", rows)
	}
	// Flipping the bool switch on a get_job table changes nothing, and says why.
	tb.do(chromedp.Click(chromedp.ID("switch-bool_strings")))
	if s := eval[string](tb, `document.getElementById("switch-summary").textContent`); !strings.Contains(s, "nothing changed") || !strings.Contains(s, "dry_run") {
		t.Errorf("bool switch summary %q", s)
	}
	if n := eval[int](tb, `document.querySelectorAll("#switch-changes > li").length`); n != 0 {
		t.Errorf("%d changes listed for a flip that changed nothing", n)
	}
}

func TestPanelChartCountsRuns(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.unfold("chart", "loop")
	values := func() []string {
		return eval[[]string](tb, `[...document.querySelectorAll("#chart .chart-value")].map(e => e.textContent)`)
	}
	labels := eval[[]string](tb, `[...document.querySelectorAll("#chart .chart-label")].map(e => e.textContent)`)
	if !slices.Equal(labels, codeNames()) {
		t.Fatalf("chart labels %v", labels)
	}
	if total := eval[string](tb, `document.getElementById("chart").dataset.total`); total != "0" {
		t.Errorf("a fresh page counts %s calls", total)
	}
	tb.run()
	v := values()
	if v[0] != "2" || v[1] != "3" || v[2] != "1" {
		t.Errorf("after the table: %v (codes %v)", v, labels)
	}
	// The lesson's table plans its codes: its share of invalid_args is no spike.
	if r := eval[string](tb, `document.getElementById("chart-reading").textContent`); !strings.Contains(r, "invalid_args is 50% of calls, all from the table's rows") || strings.Contains(r, "spike like this") {
		t.Errorf("after the table, the reading says %q", r)
	}
	tb.screenshot("chart-reading.png", chromedp.Screenshot(chromedp.ID("panel-chart")))
	tb.do(chromedp.Click(chromedp.ID("loop-run"))) // fixes: invalid_args, ok
	if v = values(); v[0] != "3" || v[1] != "4" {
		t.Errorf("after a loop: %v", v)
	}
	if r := eval[string](tb, `document.getElementById("chart-reading").textContent`); !strings.Contains(r, "invalid_args") {
		t.Errorf("reading %q", r)
	}
	if n := eval[int](tb, `document.querySelectorAll("#chart .bar-invalid_args").length`); n != 1 {
		t.Errorf("%d invalid_args bars", n)
	}
	tb.do(chromedp.Click(chromedp.ID("chart-reset")))
	if total := eval[string](tb, `document.getElementById("chart").dataset.total`); total != "0" {
		t.Errorf("after Reset counts: %s", total)
	}
}

func TestPanelPredictScores(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.answers() // the lesson's table in check mode, as an instructor has it
	tb.unfold("predict")
	tb.instructor() // the mode's switch is among the instructor tools
	tb.do(chromedp.Click(chromedp.ID("predict-mode")))
	for _, r := range eval[[]row](tb, readRows) {
		if r.Want != "" {
			t.Fatalf("predict mode kept %+v", r)
		}
	}
	tb.do(chromedp.SetValue(chromedp.ID("row-0-want"), "ok"), chromedp.SetValue(chromedp.ID("row-2-want"), "ok"),
		chromedp.SetValue(chromedp.ID("row-5-want"), "not_found"))
	tb.run()
	sc := eval[map[string]string](tb, `({...document.getElementById("score").dataset, text: document.getElementById("score").textContent})`)
	if sc["right"] != "2" || sc["predicted"] != "3" || !strings.HasPrefix(sc["text"], "You predicted 2 of 6 right.") {
		t.Errorf("score %v", sc)
	}
	// The score is said once, above the results; the panel points there and lists the misses.
	if p := eval[string](tb, `document.getElementById("predict-score").textContent`); strings.Contains(p, "You predicted") || !strings.Contains(p, "1 prediction was wrong") {
		t.Errorf("the predict panel says %q", p)
	}
	wrong := eval[[]map[string]string](tb, `[...document.querySelectorAll("#predict-wrong > li")].map(li => ({...li.dataset}))`)
	if len(wrong) != 1 || wrong[0]["row"] != "3" || wrong[0]["want"] != "ok" || wrong[0]["got"] != "invalid_args" || wrong[0]["code"] != "invalid_args" || wrong[0]["observation"] == "" {
		t.Errorf("wrong predictions %v", wrong)
	}
	tb.do(chromedp.Click(chromedp.ID("predict-link")))
	link := eval[string](tb, `document.getElementById("predict-url").value`)
	tbl, err := lesson.DecodeShare(link[strings.Index(link, "#table=")+len("#table="):])
	if err != nil || tbl.Mode != lesson.PredictMode || len(tbl.Rows) != 6 {
		t.Errorf("predict link holds %+v (%v)", tbl, err)
	}
	for _, r := range tbl.Rows {
		if r.Want != "" {
			t.Errorf("the predict link carries the prediction %+v", r)
		}
	}
	// Predict mode off: the codes are the table's expected codes again, and say so to a screen reader.
	if l := eval[string](tb, `document.getElementById("row-0-want").getAttribute("aria-label")`); l != "Your prediction for row 1" {
		t.Errorf("in predict mode row 1's code is labelled %q", l)
	}
	tb.do(chromedp.Click(chromedp.ID("predict-mode")))
	if l := eval[string](tb, `document.getElementById("row-0-want").getAttribute("aria-label")`); l != "Expected code for row 1" {
		t.Errorf("in check mode row 1's code is labelled %q", l)
	}
}

// TestPanelTryHandlers presses the lesson notes' Try it buttons for this file's kinds (loop, http,
// switch) and checks that each shows its claim in the panel.
func TestPanelTryHandlers(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	before := tb.requestCount()
	for _, id := range []string{"panel-loop", "panel-http", "panel-switches", "panel-chart", "panel-predict"} {
		if eval[string](tb, `document.getElementById("`+id+`")?.tagName ?? ""`) != "SECTION" {
			t.Errorf("#%s is not a section", id)
		}
	}
	type button struct {
		ID    string `json:"id"`
		Kind  string `json:"kind"`
		Claim string `json:"claim"`
	}
	buttons := eval[[]button](tb, `[...document.querySelectorAll("button[data-try]")].filter(b => ["loop", "http", "switch"].includes(b.dataset.kind)).map(b => ({id: b.id, kind: b.dataset.kind, claim: b.dataset.claim}))`)
	if len(buttons) == 0 {
		t.Fatal("no lesson notes with loop, http or switch targets on this page: the notes or the panels lost them")
	}
	for _, b := range buttons {
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("` + b.ID + `").click()`))
		switch b.Kind {
		case "loop":
			steps := eval[[]step](tb, readSteps("loop-steps"))
			last := ""
			for _, s := range steps {
				if s.Sent == "true" {
					last = s.Decision
				}
			}
			if last != b.Claim {
				t.Errorf("%s: the loop ends with %q, the note claims %q", b.ID, last, b.Claim)
			}
		case "http":
			got := eval[map[string]string](tb, `({...(document.querySelector("#http-results > li.target")?.dataset ?? {}), focused: String(document.activeElement?.classList.contains("target"))})`)
			if got["code"] != b.Claim || got["focused"] != "true" {
				t.Errorf("%s: the focused response is %v, the note claims %s", b.ID, got, b.Claim)
			}
		case "switch":
			ch := eval[[]step](tb, readSteps("switch-changes"))
			if len(ch) == 0 || ch[len(ch)-1].Before != b.Claim || ch[len(ch)-1].After == b.Claim {
				t.Errorf("%s: changes %+v, the note claims %s before the flip", b.ID, ch, b.Claim)
			}
		}
	}
	if reqs := tb.requestsSince(before); len(reqs) > 0 {
		t.Errorf("requests: %q", reqs)
	}
}

func TestPanelScreenshots(t *testing.T) {
	eachView(t, 900, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.instructor()
		tb.unfold("tools", "loop", "http", "switches", "chart", "predict")
		tb.do(chromedp.Click(chromedp.ID("add-row")), chromedp.SendKeys(chromedp.ID("row-6-input"), `" 17 "`),
			chromedp.Click(chromedp.ID("run")), chromedp.SetValue(chromedp.ID("loop-preset"), "booleans"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("loop-preset").dispatchEvent(new Event("change", {bubbles: true}))`),
			chromedp.Click(chromedp.ID("loop-run")), chromedp.Click(chromedp.ID("http-run")),
			chromedp.Click(chromedp.ID("switch-trim")), chromedp.Sleep(100*time.Millisecond))
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
			wide := eval[[]string](tb, `[...document.querySelectorAll("#app *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 8).map(e => e.tagName + "#" + e.id + "." + e.className)`)
			t.Errorf("the page is %d px wide in a %d px window: %q", w, width, wide)
		}
		tb.screenshot("panels-"+strconv.FormatInt(width, 10)+"-"+scheme+".png", chromedp.Screenshot(chromedp.CSS(".beyond")))
	})
}

// codeNames is lesson.Codes() as the page writes them.
func codeNames() []string {
	var out []string
	for _, c := range lesson.Codes() {
		out = append(out, string(c))
	}
	return out
}
