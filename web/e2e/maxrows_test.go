package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// TestMaxRowsLink opens a link to the largest table (lesson.MaxRows rows), runs it and checks
// that every result is a #results > tr in table order with the code the lesson gives, that the
// page still answers edits afterwards, and (at cleanup) that nothing was logged as an error.
func TestMaxRowsLink(t *testing.T) {
	table := maxRowsTable()
	want := lesson.Run(table)
	tb := newTab(t)
	tb.open("/" + maxRowsLink(t))
	if n := eval[int](tb, `document.querySelectorAll("#rows > tr[data-row]").length`); n == 0 {
		t.Fatal("the editor shows no rows")
	}
	eval[bool](tb, `document.getElementById("run").click(), true`)
	if n := eval[int](tb, `document.querySelectorAll("#results > tr").length`); n != lesson.MaxRows {
		t.Fatalf("%d result rows, want %d", n, lesson.MaxRows)
	}
	for _, i := range []int{0, 1, 2, 6, 499, 500, 4321, 9998, lesson.MaxRows - 1} {
		got := eval[[]string](tb, `(() => { const tr = document.querySelectorAll("#results > tr")[`+strconv.Itoa(i)+`];
			return [tr.querySelector("th.num").textContent, tr.querySelector("td.input span").textContent,
				tr.dataset.code, tr.dataset.observation, tr.dataset.pass]; })()`)
		r := want[i]
		if got[0] != strconv.Itoa(i+1) || got[1] != table.Rows[i].Input || got[2] != string(r.Code) ||
			got[3] != r.Observation || got[4] != strconv.FormatBool(r.Pass) {
			t.Errorf("result %d: got %q, want #%d %q %s %q pass=%v", i, got, i+1, table.Rows[i].Input, r.Code, r.Observation, r.Pass)
		}
	}
	if s := eval[string](tb, `document.getElementById("summary").textContent`); s == "" {
		t.Error("no summary after the run")
	}
	// Still responsive: an edit marks the results stale at once. (Run scrolled to the results;
	// the editor draws row 1 again once the page is back at the top.)
	tb.scrollToRow(0)
	eval[bool](tb, `(() => { const i = document.getElementById("row-0-input"); i.value = "42";
		i.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	if !eval[bool](tb, `document.getElementById("results").classList.contains("stale")`) {
		t.Error("editing row 1 of the largest table did not mark the results stale")
	}
}

// TestMaxRowsEditor edits the largest table in the editor, which draws only the rows near the
// screen: a row far down, a move, a delete and its undo, an added row, Ctrl+Enter. It checks
// the table through what the page saved and through Copy link (the DOM holds only the rows
// drawn), and that the editor tells assistive technology the table's full size.
func TestMaxRowsEditor(t *testing.T) {
	table := maxRowsTable()
	tb := newTab(t)
	tb.open("/" + maxRowsLink(t))

	checkDrawnWindow(t, tb)

	// The row buttons and Add row are instructor tools (below the table: opening them scrolls
	// there, and scrollToRow comes back).
	tb.instructor()

	// Edit a row far down.
	const far = 7000
	tb.scrollToRow(far)
	code := lesson.Codes()[1]
	eval[bool](tb, `(() => { const set = (id, v, ev) => { const e = document.getElementById(id); e.value = v;
		e.dispatchEvent(new Event(ev, {bubbles: true})); };
		set("row-`+strconv.Itoa(far)+`-input", "far down", "input"); set("row-`+strconv.Itoa(far)+`-want", "`+string(code)+`", "change");
		set("row-`+strconv.Itoa(far)+`-note", "edited", "input"); return true; })()`)
	if got := eval[string](tb, `document.querySelector('#rows > tr[data-row="`+strconv.Itoa(far)+`"]').getAttribute("aria-rowindex")`); got != strconv.Itoa(far+2) {
		t.Errorf("row %d has aria-rowindex %q, want %d", far+1, got, far+2)
	}
	edited := lesson.Row{Input: "far down", Want: code, Note: "edited"}
	table.Rows[far] = edited
	tb.checkSaved(table, "after editing row 7001")

	// Move it down with the keyboard: the focus follows it.
	tb.do(chromedp.Focus(chromedp.ID(rowIDOf(far, "down"))), chromedp.KeyEvent(kb.Enter))
	tb.checkFocus(rowIDOf(far+1, "down"), "after moving row 7001 down")
	table.Rows[far], table.Rows[far+1] = table.Rows[far+1], table.Rows[far]
	tb.checkSaved(table, "after the move")

	// Delete it, then undo.
	tb.do(chromedp.Focus(chromedp.ID(rowIDOf(far+1, "delete"))), chromedp.KeyEvent(kb.Enter))
	tb.checkFocus(rowIDOf(far+1, "delete"), "after deleting row 7002")
	tb.checkSaved(lesson.Table{Rows: slices.Delete(slices.Clone(table.Rows), far+1, far+2)}, "after the delete")
	eval[bool](tb, `document.getElementById("notice-undo").click(), true`)
	tb.checkSaved(table, "after Undo")

	// Delete row 1 (at the top), then add a row: the new last row is scrolled to, drawn and
	// focused, and what is typed there lands in row 10,000.
	tb.scrollToRow(0)
	eval[bool](tb, `document.getElementById("row-0-delete").click(), true`)
	tb.checkFocus(rowIDOf(0, "delete"), "after deleting row 1")
	tb.do(chromedp.Focus(chromedp.ID("add-row")), chromedp.KeyEvent(kb.Enter))
	last := lesson.MaxRows - 1
	tb.checkFocus(rowIDOf(last, "input"), "after Add row")
	tb.do(chromedp.KeyEvent("new row"))
	table.Rows = append(table.Rows[1:], lesson.Row{Input: "new row"})
	tb.checkSaved(table, "after adding and typing in a row")

	// Ctrl+Enter runs the whole table.
	tb.do(chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if n := eval[int](tb, `document.querySelectorAll("#results > tr").length`); n != lesson.MaxRows {
		t.Fatalf("Ctrl+Enter: %d result rows, want %d", n, lesson.MaxRows)
	}
	if got := eval[string](tb, `document.querySelector("#results > tr:last-child td.input span").textContent`); got != "new row" {
		t.Errorf("last result's input %q, want %q", got, "new row")
	}

	// Copy link carries the same table.
	checkCopyLink(t, tb, table)
}

// checkDrawnWindow: the editor tells assistive technology the table's full size and draws a
// contiguous window of rows from row 1, fewer than the table holds.
func checkDrawnWindow(t *testing.T, tb *tab) {
	t.Helper()
	if got := eval[string](tb, `document.querySelector("table.rows").getAttribute("aria-rowcount")`); got != strconv.Itoa(lesson.MaxRows+1) {
		t.Errorf("aria-rowcount %q, want %d (the rows and the header)", got, lesson.MaxRows+1)
	}
	drawn := eval[[]string](tb, `[...document.querySelectorAll("#rows > tr[data-row]")].map(tr => tr.dataset.row + ":" + tr.getAttribute("aria-rowindex"))`)
	if len(drawn) == 0 || len(drawn) >= page.FullRows {
		t.Fatalf("%d editor rows drawn for %d rows, want some but fewer than %d", len(drawn), lesson.MaxRows, page.FullRows)
	}
	for k, d := range drawn { // contiguous from row 1, so Tab goes from row to row
		if want := strconv.Itoa(k) + ":" + strconv.Itoa(k+2); d != want {
			t.Fatalf("drawn row %d is %q, want %q (data-row:aria-rowindex)", k, d, want)
		}
	}
}

// checkCopyLink: Copy link carries table, whole.
func checkCopyLink(t *testing.T, tb *tab, table lesson.Table) {
	t.Helper()
	eval[bool](tb, `document.getElementById("copy-link").click(), true`)
	link := eval[string](tb, `document.getElementById("share-url").value`)
	_, payload, ok := strings.Cut(link, "#table=")
	if !ok {
		t.Fatalf("share link %.80q has no #table=", link)
	}
	got, err := lesson.DecodeShare(payload)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Rows, table.Rows) {
		t.Errorf("Copy link's table differs from the one edited (%d rows, want %d)", len(got.Rows), len(table.Rows))
	}
}

func rowIDOf(i int, part string) string { return "row-" + strconv.Itoa(i) + "-" + part }

// scrollToRow scrolls the page so editor row i is in the middle of the screen and waits until
// the editor has drawn it (scrolling again while a smooth scroll, as Run's to the results, may
// still be moving the page).
func (tb *tab) scrollToRow(i int) {
	tb.t.Helper()
	if _, err := poll[bool](tb, `(() => {
		if (document.getElementById("`+rowIDOf(i, "input")+`") !== null) return true;
		const body = document.getElementById("rows"), rows = body.querySelectorAll("tr[data-row]");
		const h = (rows[rows.length - 1].getBoundingClientRect().bottom - rows[0].getBoundingClientRect().top) / rows.length;
		window.scrollTo({top: scrollY + body.getBoundingClientRect().top + `+strconv.Itoa(i)+` * h - innerHeight / 2, behavior: "instant"});
		return false; })()`, chromedp.WithPollingInterval(100*time.Millisecond)); err != nil {
		tb.t.Fatalf("row %d was not drawn after scrolling to it: %v", i+1, err)
	}
}

func (tb *tab) checkFocus(id, when string) {
	tb.t.Helper()
	if got := eval[string](tb, `document.activeElement ? document.activeElement.id : ""`); got != id {
		tb.t.Errorf("%s: focus on %q, want %q", when, got, id)
	}
}

// checkSaved compares the table the page saved in localStorage with want.
func (tb *tab) checkSaved(want lesson.Table, when string) {
	tb.t.Helper()
	saved := eval[string](tb, `localStorage.getItem("`+page.StorageKey+`") || ""`)
	got, err := lesson.DecodeShare(saved)
	if err != nil {
		tb.t.Fatalf("%s: the saved table: %v", when, err)
	}
	if len(got.Rows) != len(want.Rows) {
		tb.t.Fatalf("%s: %d rows saved, want %d", when, len(got.Rows), len(want.Rows))
	}
	for i := range want.Rows {
		if got.Rows[i] != want.Rows[i] {
			tb.t.Fatalf("%s: saved row %d is %+v, want %+v", when, i+1, got.Rows[i], want.Rows[i])
		}
	}
}
