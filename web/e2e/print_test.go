package e2e

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// A4 in inches, as Page.printToPDF takes it. The margins are the page's own (@page in style.css),
// as in Chromium's print dialog.
const a4Width, a4Height = 8.27, 11.69

// maxPrintPages is what the classroom lesson may take on A4, worksheet and answer key together.
const maxPrintPages = 6

// pdfPage matches a page object of a PDF (not the /Pages tree nodes): Chromium writes them
// uncompressed, one per printed page.
var pdfPage = regexp.MustCompile(`/Type\s*/Page\b`)

// printPDF prints the page on A4 as Chromium's print dialog would, saves the PDF as
// artifacts/name and returns its page count.
func (tb *tab) printPDF(name string) int {
	tb.t.Helper()
	var pdf []byte
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, cdppage.PrintToPDF, cdppage.PrintToPDFParams{PaperWidth: a4Width, PaperHeight: a4Height})
		pdf = res.Data
		return err
	}))
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		tb.t.Fatalf("printToPDF gave %d bytes that are not a PDF", len(pdf))
	}
	if err := os.MkdirAll(artifactDir, 0o755); err != nil {
		tb.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifactDir, name), pdf, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	return len(pdfPage.FindAll(pdf, -1))
}

// printMedia emulates print media (on) or the screen (off), as the page sees it while the
// browser prints, for a reader whose system is in dark mode (a worksheet prints light all the
// same); the reduced motion every tab starts with stays.
func (tb *tab) printMedia(on bool) {
	tb.t.Helper()
	media := ""
	if on {
		media = "print"
	}
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: media,
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}, {Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
}

// shown lists what a selector matches that is laid out (a print test wants none of them).
func shown(selector string) string {
	return `[...document.querySelectorAll(` + "`" + selector + "`" + `)].filter(e => e.checkVisibility({visibilityProperty: true})).map(e => e.id || e.className || e.tagName)`
}

// The classroom lesson printed as a student has it: a worksheet (the question, the inputs, an
// empty prediction column, every note in full, no controls), and after Run an answer key, which
// an edit that makes the results stale takes away again. From a laptop's window, where the notes
// start open, and from a phone's, where they start folded.
func TestPrintWorksheet(t *testing.T) {
	for _, vp := range []struct{ w, h int64 }{{1280, 800}, {360, 740}} {
		t.Run(strconv.FormatInt(vp.w, 10), func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(vp.w, vp.h))
			tb.printMedia(false) // the screen, dark
			tb.open("/")
			// A prediction picked on screen: the worksheet's column stays empty for the pen.
			tb.do(chromedp.SetValue(chromedp.ID("row-0-want"), "ok"),
				chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-want").dispatchEvent(new Event("change", {bubbles: true}))`),
				chromedp.SetValue(chromedp.ID("row-2-want"), "ok"),
				chromedp.Evaluate[chromedp.Void](`document.getElementById("row-2-want").dispatchEvent(new Event("change", {bubbles: true}))`))
			name := "print-" + strconv.FormatInt(vp.w, 10)

			n := tb.printPDF(name + "-worksheet.pdf")
			t.Logf("the worksheet prints on %d A4 pages", n)
			if n > maxPrintPages {
				t.Errorf("the worksheet takes %d A4 pages, want at most %d", n, maxPrintPages)
			}
			tb.checkPrinted(name+"-worksheet.png", false, vp.w, vp.h)

			tb.do(chromedp.Click(chromedp.ID("run")))
			n = tb.printPDF(name + "-answer-key.pdf")
			t.Logf("the worksheet and its answer key print on %d A4 pages", n)
			if n > maxPrintPages {
				t.Errorf("the worksheet and its answer key take %d A4 pages, want at most %d", n, maxPrintPages)
			}
			tb.checkPrinted(name+"-answer-key.png", true, vp.w, vp.h)

			// After Run a predict-mode row is locked (its input too): the lesson's answers put the
			// table in check mode, where the instructor edits.
			tb.do(chromedp.Click(chromedp.ID("show-answers")), chromedp.SetValue(chromedp.ID("row-1-input"), "18"),
				chromedp.Evaluate[chromedp.Void](`document.getElementById("row-1-input").dispatchEvent(new Event("input", {bubbles: true}))`))
			tb.printMedia(true)
			if eval[bool](tb, `document.getElementById("results-table").checkVisibility()`) {
				t.Error("an answer key prints for results an edit made stale")
			}
			if got := eval[string](tb, `document.querySelector("#rows > tr[data-row='1'] > td.input").innerText.trim()`); got != "18" {
				t.Errorf("the edited row prints its input as %q", got)
			}
			tb.printMedia(false)
		})
	}
}

// checkPrinted looks at the page under print media at A4's width (and saves it as
// artifacts/shot): dark text on no background, no control, the question and every input, an
// empty prediction column, every note's whole text, and the answer key when results exist.
func (tb *tab) checkPrinted(shot string, results bool, w, h int64) {
	t := tb.t
	t.Helper()
	tb.do(chromedp.EmulateViewport(794, 1123))
	tb.printMedia(true)
	defer func() {
		tb.printMedia(false)
		tb.do(chromedp.EmulateViewport(w, h))
	}()
	tb.screenshot(shot, chromedp.FullScreenshot(100))
	if c := eval[string](tb, `getComputedStyle(document.body).color + " on " + getComputedStyle(document.body).backgroundColor`); c != "rgb(29, 34, 48) on rgba(0, 0, 0, 0)" {
		t.Errorf("the page prints %s, want the light scheme's text on no background", c)
	}
	if c := eval[[]string](tb, shown("button, select, input, textarea, summary, progress, a.skip, #notice")); len(c) != 0 {
		t.Errorf("controls print: %v", c)
	}
	if !eval[bool](tb, `document.querySelector(".lede").checkVisibility()`) {
		t.Error("the lesson's question does not print")
	}
	text := eval[string](tb, `document.body.innerText`)
	for i, r := range lesson.Classroom().Rows {
		if !eval[bool](tb, `(td => td.checkVisibility() && td.innerText.trim() === "" && td.getBoundingClientRect().width >= 100)(document.querySelector("#rows > tr[data-row='`+strconv.Itoa(i)+`'] > td.want"))`) {
			t.Errorf("row %d's prediction cell does not print empty and wide enough to write in", i+1)
		}
		if got := eval[string](tb, `document.querySelector("#rows > tr[data-row='`+strconv.Itoa(i)+`'] > td.input").innerText.trim()`); got != r.Input {
			t.Errorf("row %d prints its input as %q, want %q", i+1, got, r.Input)
		}
	}
	for _, n := range lesson.Notes() {
		id := "note-" + n.Slug
		full := eval[bool](tb, `(c => {
			if (!c || !c.checkVisibility()) return false;
			const b = c.querySelector(".note-body");
			if (b.innerText.replace(/\s+/g, "") !== b.textContent.replace(/\s+/g, "")) return false;
			for (let e = c; e; e = e.parentElement) {
				if (getComputedStyle(e).overflowY !== "visible" && e.scrollHeight > e.clientHeight + 1) return false;
			}
			return true;
		})(document.getElementById("`+id+`"))`)
		if !full {
			t.Errorf("note %q does not print in full", n.Title)
		}
	}
	key := eval[bool](tb, `document.getElementById("results-table").checkVisibility()`)
	switch {
	case !results && key:
		t.Error("an answer key prints before any run")
	case results && !key:
		t.Error("no answer key prints after Run")
	case results:
		if !strings.Contains(text, "answer key") {
			t.Error("the answer key has no title")
		}
		if c := eval[[]string](tb, shown("#results td.obs")); len(c) != 0 {
			t.Errorf("the answer key prints %d observations", len(c))
		}
		marks := eval[[]string](tb, `[...document.querySelectorAll("#results .mark")].map(m => m.innerText.trim().split("\n")[0])`)
		if len(marks) != 6 || marks[0] != "✓ right" || marks[2] != "✗ wrong" || marks[1] != "? not predicted" {
			t.Errorf("the answer key marks the predictions %q", marks)
		}
	}
}

// A table longer than the editor draws at once (page.FullRows) prints whole: the browser's
// beforeprint draws every row and afterprint goes back to the rows near the screen.
func TestPrintLongTable(t *testing.T) {
	table := lesson.Table{Mode: lesson.PredictMode}
	for i := range page.FullRows + 50 {
		table.Rows = append(table.Rows, lesson.Row{Input: strconv.Itoa(i + 1)})
	}
	tb := newTab(t)
	tb.open("/#table=" + lesson.EncodeShare(table))
	drawn := `document.querySelectorAll("#rows > tr[data-row]").length`
	if n := eval[int](tb, drawn); n >= len(table.Rows) {
		t.Fatalf("the editor drew all %d rows on screen; this test wants a long table", n)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`addEventListener("beforeprint", () => window.drawnForPrint = ` + drawn + `)`))
	n := tb.printPDF("print-long-table.pdf")
	t.Logf("a table of %d rows prints on %d A4 pages", len(table.Rows), n)
	if got := eval[int](tb, `window.drawnForPrint ?? -1`); got != len(table.Rows) {
		t.Errorf("%d rows drawn for print, want all %d", got, len(table.Rows))
	}
	if got := eval[int](tb, drawn); got >= len(table.Rows) {
		t.Errorf("after printing the editor still draws all %d rows", got)
	}
}
