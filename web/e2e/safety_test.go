package e2e

// What the page never does, whatever a reader does: ask a server for anything once it is ready,
// or run a payload hidden in a table, a note or the learner box.

import (
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/build/webbuild"
	"coerceplayground/lesson"
	"coerceplayground/web"
)

// Counted in the page and at the server, on a first visit: ready does not wait for the service
// worker, so its install and its keeping of the page's files run while the reader works, and
// they too must reach no server (they take the files from the browser's HTTP cache).
func TestNoRequestsAfterReady(t *testing.T) {
	tb := newTab(t)
	s := newOfflineServer(t, web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))
	tb.do(chromedp.Navigate(s.URL + "/"))
	tb.waitReady()
	atReady := s.count()
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
	// The worker has installed and kept the page's files by now (data-offline), so anything they
	// asked of a server is in the log below.
	if _, err := poll[string](tb, `document.documentElement.dataset.offline || ""`); err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.Sleep(500 * time.Millisecond))
	if reqs := tb.requestsSince(before); len(reqs) > 0 {
		t.Errorf("the page made %d requests after it was ready: %q", len(reqs), reqs)
	}
	// The browser's own check for a new sw.js is the one request allowed (quietAfterReady).
	var late []string
	for _, r := range s.since(atReady) {
		if r != "GET /sw.js" {
			late = append(late, r)
		}
	}
	if len(late) > 0 {
		t.Errorf("the server got %d requests after the page was ready: %q", len(late), late)
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
