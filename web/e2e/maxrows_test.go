package e2e

import (
	"strconv"
	"testing"

	"coerceplayground/lesson"
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
		if got[0] != strconv.Itoa(i+1) || got[1] != table.Rows[i].Input || got[2] != r.Code ||
			got[3] != r.Observation || got[4] != strconv.FormatBool(r.Pass) {
			t.Errorf("result %d: got %q, want #%d %q %s %q pass=%v", i, got, i+1, table.Rows[i].Input, r.Code, r.Observation, r.Pass)
		}
	}
	if s := eval[string](tb, `document.getElementById("summary").textContent`); s == "" {
		t.Error("no summary after the run")
	}
	// Still responsive: an edit marks the results stale at once.
	eval[bool](tb, `(() => { const i = document.getElementById("row-0-input"); i.value = "42";
		i.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`)
	if !eval[bool](tb, `document.getElementById("results").classList.contains("stale")`) {
		t.Error("editing row 1 of the largest table did not mark the results stale")
	}
}
