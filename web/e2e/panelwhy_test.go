package e2e

// The loop panel and the vendor responses explain their decisions with the same Why as a result:
// data-trace on every step, the steps in plain words, each rule's name leading to the code's
// catalog entry or a lesson note.

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// panelWhy is one element of a panel's list as automation and a reader see its Why.
type panelWhy struct {
	Code     string   `json:"code"`
	Decision string   `json:"decision"`
	Count    string   `json:"count"`
	Cap      string   `json:"cap"`
	Trace    string   `json:"trace"`
	Open     bool     `json:"open"`
	Why      string   `json:"why"`
	Targets  []string `json:"targets"`
	Missing  []string `json:"missing"`
}

func readPanelWhy(list string) string {
	return `[...document.querySelectorAll("#` + list + ` > li")].map(li => {
		const why = li.querySelector("details.why");
		const rules = why ? [...why.querySelectorAll("button.rule")] : [];
		const shown = b => !!document.getElementById(b.dataset.target) || !!document.getElementById(b.dataset.alt ?? "");
		return {code: li.dataset.code ?? "", decision: li.dataset.decision ?? "", count: li.dataset.count ?? "",
			cap: li.dataset.cap ?? "", trace: li.dataset.trace ?? "", open: !!why && why.open,
			why: why ? why.textContent : "", targets: rules.map(b => b.dataset.target),
			missing: rules.filter(b => !shown(b)).map(b => b.dataset.target)};
	})`
}

// steps decodes a data-trace.
func decodeTrace(t *testing.T, what, s string) []traceStep {
	t.Helper()
	var steps []traceStep
	if err := json.Unmarshal([]byte(s), &steps); err != nil || len(steps) == 0 {
		t.Errorf("%s: data-trace %q is not a JSON array of steps: %v", what, s, err)
	}
	return steps
}

func TestPanelWhy(t *testing.T) {
	for _, width := range []int64{1280, 360} {
		t.Run(strconv.FormatInt(width, 10), func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(width, 900))
			tb.open("/")
			tb.unfold("loop", "http")
			checkLoopWhy(t, tb)
			checkVendorWhy(t, tb)
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
				t.Errorf("the page is %d px wide in a %d px window", w, width)
			}
		})
	}
}

func checkLoopWhy(t *testing.T, tb *tab) {
	tb.do(chromedp.SetValue(chromedp.ID("loop-preset"), "booleans"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("loop-preset").dispatchEvent(new Event("change", {bubbles: true}))`),
		chromedp.Click(chromedp.ID("loop-run")))
	got := eval[[]panelWhy](tb, readPanelWhy("loop-steps"))
	if len(got) != 3 {
		t.Fatalf("booleans: %d steps, want 3", len(got))
	}
	for i, want := range []struct {
		decision, count, cap string
		open                 bool
		says                 []string
	}{
		{"retry", "1", "1", false, []string{"get_job answered invalid_args", "invalid_args once, 1 of the 1 the catalog allows", "within the cap, so a retry is allowed"}},
		{"handoff", "2", "1", true, []string{"invalid_args twice, over the catalog's cap of 1, counted per tool and field", "the cap is passed, so the loop ends", "→ handoff"}},
	} {
		g := got[i]
		if g.Decision != want.decision || g.Count != want.count || g.Cap != want.cap || g.Open != want.open {
			t.Errorf("loop step %d: %s %s/%s open %v, want %s %s/%s open %v", i+1, g.Decision, g.Count, g.Cap, g.Open, want.decision, want.count, want.cap, want.open)
		}
		steps := decodeTrace(t, "loop step "+strconv.Itoa(i+1), g.Trace)
		if len(steps) != 3 || steps[0].Step != "code" || steps[1].Step != "count" || steps[2].Step != "decision" ||
			steps[0].Field != "job_id" || *steps[2].OK != (want.decision == "retry") {
			t.Errorf("loop step %d: data-trace %s", i+1, g.Trace)
		}
		// The Why is in the page even when closed: read it as text.
		for _, w := range want.says {
			if !strings.Contains(g.Why, w) {
				t.Errorf("loop step %d: the Why %q does not say %q", i+1, g.Why, w)
			}
		}
		if len(g.Missing) > 0 {
			t.Errorf("loop step %d: rules lead to %v, which are not on the page", i+1, g.Missing)
		}
	}
	if got[2].Trace != "" || strings.Contains(got[2].Why, "Why") {
		t.Errorf("the step not sent has a Why: %+v", got[2])
	}
	// The cap's rule leads to the catalog entry the cap comes from.
	tb.do(chromedp.Click(`#loop-steps > li:nth-child(2) details.why button.rule[data-target="catalog-invalid_args"]`))
	if id := eval[string](tb, `document.activeElement.id`); id != "catalog-invalid_args" {
		t.Errorf("the Retry cap rule took the focus to #%s, want the catalog's invalid_args", id)
	}
	// refund: denied is not in get_job's catalog, so its rules fall back to the lesson note.
	tb.do(chromedp.SetValue(chromedp.ID("loop-preset"), "refund"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("loop-preset").dispatchEvent(new Event("change", {bubbles: true}))`),
		chromedp.Click(chromedp.ID("loop-run")))
	got = eval[[]panelWhy](tb, readPanelWhy("loop-steps"))
	if len(got) == 0 || got[0].Decision != "stop" || got[0].Cap != "0" || !got[0].Open ||
		!strings.Contains(got[0].Why, "denied once; the catalog allows none") || !strings.Contains(got[0].Why, "denied is never retried, so the loop ends") || !strings.Contains(got[0].Why, "→ stop") {
		t.Fatalf("refund: %+v", got)
	}
	// Before the first Run the notes are hidden (the student predicts): the sentence saying when
	// they open stands in; after it, the note itself.
	denied := `#loop-steps > li:nth-child(1) details.why li:nth-child(2) button.rule[data-target="catalog-denied"]`
	for _, want := range []string{"notes-wait", "note-07-retry-caps"} {
		tb.do(chromedp.Click(denied))
		if id := eval[string](tb, `document.activeElement.id`); id != want {
			t.Errorf("denied's Retry cap rule took the focus to #%s, want #%s", id, want)
		}
		tb.do(chromedp.Click(chromedp.ID("run")))
	}
}

func checkVendorWhy(t *testing.T, tb *tab) {
	tb.do(chromedp.Click(chromedp.ID("http-run")))
	got := eval[[]panelWhy](tb, readPanelWhy("http-results"))
	if len(got) < 8 {
		t.Fatalf("%d vendor results", len(got))
	}
	for i, g := range got {
		steps := decodeTrace(t, "response "+strconv.Itoa(i+1), g.Trace)
		if len(steps) == 0 || steps[0].Step != "status" || *steps[0].OK != (g.Code == "ok") {
			t.Errorf("response %d (%s): data-trace %s", i+1, g.Code, g.Trace)
		}
		if g.Open {
			t.Errorf("response %d gave its expected code, yet its Why is open", i+1)
		}
	}
	// A closed Why is drawn when opened: the 429's says what became of Retry-After.
	tb.do(chromedp.Click(`#http-results > li:nth-child(2) details.why > summary`))
	g := eval[[]panelWhy](tb, readPanelWhy("http-results"))[1]
	for _, w := range []string{"HTTP 429 means too many requests → rate_limited", `retry_after 30 s, from Retry-After in seconds ("30" → 30)`, "stays out of the observation"} {
		if !strings.Contains(g.Why, w) {
			t.Errorf("the 429's Why %q does not say %q", g.Why, w)
		}
	}
	if len(g.Targets) == 0 || len(g.Missing) > 0 {
		t.Errorf("the 429's rules lead to %v, of which %v are not on the page", g.Targets, g.Missing)
	}
	// Expecting another code opens the response's Why by itself, as a mispredicted row's.
	tb.do(chromedp.Click(chromedp.CSS("#http-editor > summary")), chromedp.SetValue(chromedp.ID("http-0-want"), "timeout"),
		chromedp.Click(chromedp.ID("http-run")))
	if g := eval[[]panelWhy](tb, readPanelWhy("http-results"))[0]; !g.Open || !strings.Contains(g.Why, "HTTP 404 has no such record → not_found") {
		t.Errorf("the 404 expected as timeout: %+v", g)
	}
}

// TestPanelWhyScreenshots saves the loop and vendor panels with their Why open, light and dark.
func TestPanelWhyScreenshots(t *testing.T) {
	eachView(t, 900, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		tb.unfold("loop", "http")
		tb.do(chromedp.SetValue(chromedp.ID("loop-preset"), "booleans"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("loop-preset").dispatchEvent(new Event("change", {bubbles: true}))`),
			chromedp.Click(chromedp.ID("loop-run")), chromedp.Click(chromedp.ID("http-run")),
			chromedp.Click(`#loop-steps > li:nth-child(1) details.why > summary`),
			chromedp.Click(`#http-results > li:nth-child(2) details.why > summary`))
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(width) {
			t.Errorf("the page is %d px wide in a %d px window", w, width)
		}
		name := strconv.FormatInt(width, 10) + "-" + scheme + ".png"
		tb.screenshot("why-loop-"+name, chromedp.Screenshot(chromedp.ID("panel-loop")))
		tb.screenshot("why-http-"+name, chromedp.Screenshot(chromedp.ID("http-results")))
	})
}

// TestPanelWhyEmbedded: in an embed that leaves the catalog out (panels=), a rule that leads to a
// catalog entry goes to the lesson note instead, never to an entry the reader cannot see.
func TestPanelWhyEmbedded(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(cs.play.URL + "/embed.html#panels=table,results,loop,notes"))
	tb.waitReady()
	tb.unfold("loop")
	tb.do(chromedp.SetValue(chromedp.ID("loop-preset"), "booleans"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("loop-preset").dispatchEvent(new Event("change", {bubbles: true}))`),
		chromedp.Click(chromedp.ID("loop-run")),
		chromedp.Click(`#loop-steps > li:nth-child(2) details.why li:nth-child(2) button.rule`))
	id := eval[string](tb, `document.activeElement.id`)
	if id != "notes-wait" && id != "note-07-retry-caps" {
		t.Errorf("the Retry cap rule took the focus to #%s in an embed without the catalog, want the retry caps note", id)
	}
	if !eval[bool](tb, `document.activeElement.getClientRects().length > 0`) {
		t.Errorf("the focus went to #%s, which is not on screen", id)
	}
}
