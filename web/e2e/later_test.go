package e2e

import (
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// atReady runs in the page before the app: in the microtask right after <html data-ready> is set
// (before the app's next task can build anything) it records what the folded panels hold, then
// uses two of them at once: a click on a control inside an unbuilt panel and a lesson note's
// Try it for another. Both must work on their first use.
const atReady = `new MutationObserver((_, obs) => {
  const html = document.documentElement;
  if (!html || html.dataset.ready !== "true") return;
  obs.disconnect();
  const r = {panels: html.dataset.panels || "", chart: document.getElementById("chart").childElementCount,
    presets: document.getElementById("loop-preset").options.length};
  document.getElementById("loop-run").click();
  r.loopSteps = document.querySelectorAll("#loop-steps > li").length;
  const b = document.querySelector('button[data-try][data-kind="http"]');
  r.tryHTTP = b ? b.dataset.claim : "";
  if (b) b.click();
  r.httpTarget = document.querySelector("#http-results > li.target")?.dataset.code ?? "";
  r.after = html.dataset.panels || "";
  window.atReady = r;
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});`

// TestPanelsBuiltOnFirstOpen checks that the "Beyond one call" panels are not built when the page
// says ready, that a click inside one and a Try it leading to one build it and work the first time,
// and that the rest are built right after ready (data-panels="built").
func TestPanelsBuiltOnFirstOpen(t *testing.T) {
	tb := newTab(t)
	if _, err := chromedp.Call(tb.ctx, cdppage.AddScriptToEvaluateOnNewDocument,
		cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: atReady}); err != nil {
		t.Fatal(err)
	}
	tb.open("/")
	type record struct {
		Panels     string `json:"panels"`
		After      string `json:"after"`
		TryHTTP    string `json:"tryHTTP"`
		HTTPTarget string `json:"httpTarget"`
		Chart      int    `json:"chart"`
		Presets    int    `json:"presets"`
		LoopSteps  int    `json:"loopSteps"`
	}
	r := eval[record](tb, `window.atReady ?? {}`)
	if r.Panels != "pending" || r.Chart != 0 || r.Presets != 0 {
		t.Errorf("at ready the folded panels were already built: %+v", r)
	}
	if r.LoopSteps == 0 {
		t.Errorf("a click on Run loop in the unbuilt loop panel did nothing: %+v", r)
	}
	if r.TryHTTP == "" || r.HTTPTarget != r.TryHTTP {
		t.Errorf("a Try it for the unbuilt vendor-response panel: %+v", r)
	}
	if r.After != "pending" {
		t.Errorf("the chart and predict panels were built by opening others: %+v", r)
	}
	if p := eval[string](tb, `document.documentElement.dataset.panels`); p != "built" {
		t.Errorf("data-panels %q after the build that follows ready", p)
	}
	if n := eval[int](tb, `document.getElementById("chart").childElementCount`); n == 0 {
		t.Error("the chart was never built")
	}
}
