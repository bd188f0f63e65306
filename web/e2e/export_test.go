package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// TestExportResults: after Run, Export offers the results with the answer key (ticked in check
// mode, not in predict mode, where the dialog starts on the worksheet, which carries none); the text then carries every row's result and its trace exactly as the result element's
// data-observation and data-trace hold them, and Import reads it back as the same table.
func TestExportResults(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.instructor()
	exportText := func() (text string, offered, ticked bool) {
		tb.do(chromedp.Click(chromedp.ID("export-open")))
		text = eval[string](tb, `document.getElementById("export-text").value`)
		offered = eval[bool](tb, `!document.getElementById("export-results-label").hidden`)
		ticked = eval[bool](tb, `document.getElementById("export-results").checked`)
		return
	}
	// Predict mode: offered after Run, but not ticked (the results are the answers).
	if _, offered, _ := exportText(); offered {
		t.Error("results offered before any run")
	}
	tb.do(chromedp.Click(chromedp.ID("export-close")))
	tb.run()
	// The worksheet comes first and carries no results; the answer key offers them, unticked.
	if text, offered, _ := exportText(); offered || strings.Contains(text, lesson.ResultPrefix) {
		t.Errorf("predict mode after Run: the worksheet offers the results\n%s", text)
	}
	tb.do(chromedp.Click(chromedp.ID("export-key")))
	if offered, ticked := eval[bool](tb, `!document.getElementById("export-results-label").hidden`), eval[bool](tb, `document.getElementById("export-results").checked`); !offered || ticked {
		t.Errorf("predict mode after Run, the answer key: offered %v ticked %v", offered, ticked)
	}
	tb.do(chromedp.Click(chromedp.ID("export-close")))

	// Check mode: ticked; the trace lines are the results' data-trace, in order.
	tb.answers()
	got := tb.run()
	text, offered, ticked := exportText()
	if !offered || !ticked {
		t.Fatalf("check mode after Run: offered %v ticked %v", offered, ticked)
	}
	traces := eval[[]string](tb, `[...document.querySelectorAll("#results > tr")].map(tr => tr.dataset.trace)`)
	var exported, results []string
	for _, l := range strings.Split(text, "\n") {
		if tr, ok := strings.CutPrefix(l, lesson.TracePrefix); ok {
			exported = append(exported, tr)
		}
		if r, ok := strings.CutPrefix(l, lesson.ResultPrefix); ok {
			results = append(results, r)
		}
	}
	if !slices.Equal(exported, traces) || len(results) != len(got) {
		t.Errorf("the export's traces %q, the page's data-trace %q", exported, traces)
	}
	for i, r := range got {
		if !strings.HasPrefix(results[i], r.Code+" pass "+r.Observation) {
			t.Errorf("row %d: the export's result %q, the page's %s %s", i+1, results[i], r.Code, r.Observation)
		}
	}
	tb.screenshot("export-results-1280-light.png", chromedp.Screenshot(chromedp.ID("export-dialog")))
	// Unticked, the text is the table alone.
	tb.do(chromedp.Click(chromedp.ID("export-results")))
	if plain := eval[string](tb, `document.getElementById("export-text").value`); plain != lesson.FormatTable(lesson.Classroom()) {
		t.Errorf("unticked export:\n%s", plain)
	}
	// Import reads the export with results back as the same table.
	before := eval[[]row](tb, readRows)
	tb.do(chromedp.Click(chromedp.ID("export-close")), chromedp.Click(chromedp.ID("import-open")),
		chromedp.SetValue(chromedp.ID("import-text"), text), chromedp.Click(chromedp.ID("import-apply")))
	if after := eval[[]row](tb, readRows); !slices.Equal(after, before) {
		t.Errorf("imported %+v, want %+v", after, before)
	}
	// At 360 px in the dark the dialog and its offer fit the window.
	tb.do(chromedp.EmulateViewport(360, 800))
	tb.media([2]string{"prefers-color-scheme", "dark"})
	tb.run()
	if _, offered, ticked := exportText(); !offered || !ticked {
		t.Errorf("after the import and a Run: offered %v ticked %v", offered, ticked)
	}
	if w := eval[int](tb, `Math.ceil(document.getElementById("export-dialog").getBoundingClientRect().right)`); w > 360 {
		t.Errorf("the export dialog reaches %d px in a 360 px window", w)
	}
	tb.screenshot("export-results-360-dark.png", chromedp.Screenshot(chromedp.ID("export-dialog")))
}
