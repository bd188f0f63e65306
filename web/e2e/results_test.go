package e2e

// What is inside a result element: the Why disclosure and data-trace, the hint and field as text,
// the explanations, the observation laid out so that no line breaks inside a token, and the Over
// MCP disclosure.

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// traceStep is one step of data-trace, as docs/trace.md defines it.
type traceStep struct {
	Step   string `json:"step"`
	OK     *bool  `json:"ok"`
	Field  string `json:"field"`
	Detail string `json:"detail"`
}

type traced struct {
	Code    string `json:"code"`
	Trace   string `json:"trace"`
	HasWhy  bool   `json:"hasWhy"`
	WhyOpen bool   `json:"whyOpen"`
	Steps   int    `json:"steps"`
	Hint    string `json:"hint"`
}

const readTraced = `(sel) => [...document.querySelectorAll(sel)].map(e => {
	const why = e.querySelector("details.why");
	return {code: e.dataset.code, trace: e.dataset.trace ?? "", hasWhy: !!why, whyOpen: !!why && why.open,
		steps: why ? why.querySelectorAll("li").length : 0, hint: e.querySelector(".reading .hint")?.textContent ?? ""};
})`

// checkTraced checks that every result carries a Why and a data-trace whose last step agrees with
// its code: ok ends on an ok step, an error on the one step that is not ok.
func checkTraced(t *testing.T, what string, got []traced) {
	t.Helper()
	for i, g := range got {
		if !g.HasWhy {
			t.Errorf("%s %d has no Why disclosure", what, i+1)
		}
		var steps []traceStep
		if err := json.Unmarshal([]byte(g.Trace), &steps); err != nil || len(steps) == 0 {
			t.Errorf("%s %d: data-trace %q is not a JSON array of steps: %v", what, i+1, g.Trace, err)
			continue
		}
		last := steps[len(steps)-1]
		if last.OK == nil || *last.OK != (g.Code == "ok") {
			t.Errorf("%s %d: code %s but the last step is %+v", what, i+1, g.Code, last)
		}
		for _, s := range steps[:len(steps)-1] {
			if s.OK == nil || !*s.OK {
				t.Errorf("%s %d: a step before the last is not ok: %+v", what, i+1, s)
			}
		}
	}
}

func TestResultsWhy(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	// Row 6 (99) is predicted ok and gets not_found: its Why opens by itself.
	tb.do(chromedp.SetValue(chromedp.ID("row-5-want"), "ok"))
	tb.run()
	got := eval[[]traced](tb, `(`+readTraced+`)("#results > tr")`)
	if len(got) != 6 {
		t.Fatalf("%d results, want 6", len(got))
	}
	checkTraced(t, "row", got)
	for i, g := range got {
		if g.WhyOpen != (i == 5) {
			t.Errorf("row %d: Why open = %v; only the mispredicted row 6 opens by itself", i+1, g.WhyOpen)
		}
	}
	if got[5].Steps == 0 {
		t.Errorf("the mispredicted row's Why lists no steps")
	}
	if !strings.Contains(got[5].Hint, "no job 99") {
		t.Errorf("row 6's hint as text: %q", got[5].Hint)
	}
	// A closed Why is drawn when opened, and its rule names lead to a switch or a note.
	tb.do(chromedp.Click(chromedp.CSS(`#results > tr:nth-child(1) details.why > summary`)))
	rules := eval[[]string](tb, `[...document.querySelectorAll("#results > tr:nth-child(1) details.why button.rule")].map(b => b.dataset.target)`)
	if len(rules) == 0 {
		t.Fatalf("row 1's Why shows no steps once opened")
	}
	for _, id := range rules {
		if !eval[bool](tb, `!!document.getElementById(`+strconv.Quote(id)+`)`) {
			t.Errorf("a rule leads to #%s, which is not on the page", id)
		}
	}
	tb.do(chromedp.Click(chromedp.CSS(`#results > tr:nth-child(1) details.why button.rule[data-target="switch-digit_strings"]`)))
	if id := eval[string](tb, `document.activeElement.id`); id != "switch-digit_strings" {
		t.Errorf("the Digit strings rule took the focus to #%s, want its switch", id)
	}

	// The learner box's results carry the same.
	tb.do(chromedp.SendKeys(chromedp.ID("learner-input"), `"017"`+"\n"))
	lr := eval[[]traced](tb, `(`+readTraced+`)("#learner-results > li")`)
	if len(lr) != 1 || lr[0].Code != "invalid_args" {
		t.Fatalf("learner results %+v", lr)
	}
	checkTraced(t, "learner result", lr)
	if !strings.Contains(lr[0].Hint, "must not start with 0") {
		t.Errorf("the learner result's hint as text: %q", lr[0].Hint)
	}

	// Over MCP is drawn when opened: the tools/call request and the CallToolResult.
	tb.do(chromedp.Click(chromedp.CSS(`#results > tr:nth-child(6) details.mcp > summary`)))
	mcp := eval[string](tb, `document.querySelector("#results > tr:nth-child(6) details.mcp").textContent`)
	for _, w := range []string{`"tools/call"`, `"isError": true`, `"structuredContent"`, `"coerce/decision"`} {
		if !strings.Contains(mcp, w) {
			t.Errorf("Over MCP lacks %s: %s", w, mcp)
		}
	}
}

// brokenTokens lists the words of the readings that the browser broke across lines, and the
// observation lines that wrapped: each is measured with a Range, whose rects share one top when
// the text sits on one line.
const brokenTokens = `(() => {
	const out = [];
	const oneLine = (node, from, to) => {
		const r = document.createRange(); r.setStart(node, from); r.setEnd(node, to);
		const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
		return tops.size <= 1;
	};
	for (const p of document.querySelectorAll(".reading .hint span:last-child, .reading .explain")) {
		const node = p.firstChild; if (!node) continue;
		for (const m of node.data.matchAll(/\S+/g)) {
			if (!oneLine(node, m.index, m.index + m[0].length)) out.push(m[0]);
		}
	}
	for (const pre of document.querySelectorAll(".reading pre.obs")) {
		const node = pre.firstChild; if (!node) continue;
		// A line may wrap at a space; no token of it may break.
		for (const m of node.data.matchAll(/\S+/g)) {
			if (!oneLine(node, m.index, m.index + m[0].length)) out.push(m[0]);
		}
	}
	return out;
})()`

func TestResultsReadAt360(t *testing.T) {
	eachView(t, 900, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.do(chromedp.SetValue(chromedp.ID("row-5-want"), "ok"))
		tb.run()
		long := `"` + strings.Repeat("failed_step storage ", 6) + `"`
		for _, in := range []string{long, `"sk_live_51HabcDEF"`, `"17"`} {
			tb.do(chromedp.SetValue(chromedp.ID("learner-input"), in), chromedp.Click(chromedp.ID("learner-run")))
		}
		if broken := eval[[]string](tb, brokenTokens); len(broken) > 0 {
			t.Errorf("broken inside a token at %d px: %q", width, broken)
		}
		text := eval[string](tb, `document.getElementById("learner-results").textContent`)
		for _, w := range []string{"[redacted] stands for", "got is cut at 64 bytes", "the data get_job returned", `"status" is the record's own state`} {
			if !strings.Contains(text, w) {
				t.Errorf("the learner results do not explain %q", w)
			}
		}
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
			t.Errorf("the page is %d px wide in a %d px window", w, width)
		}
		name := "results-" + strconv.FormatInt(width, 10) + "-" + scheme
		tb.do(chromedp.ScrollIntoView(chromedp.CSS(`#results > tr:nth-child(6)`)))
		tb.screenshot(name+".png", chromedp.CaptureScreenshot())
		tb.do(chromedp.ScrollIntoView(chromedp.CSS(`#learner-results`)))
		tb.screenshot(name+"-learner.png", chromedp.CaptureScreenshot())
	})
}
