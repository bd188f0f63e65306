package e2e

import (
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// A long run puts every row in #results at once, with the reading (hint, field, observation
// box, Why, Over MCP) of the first rows; the rest are drawn right after, a chunk per task
// (wasm/app/lazy.go), while #results is aria-busy. Soon every row has its reading.
func TestLongRunReadings(t *testing.T) {
	table := maxRowsTable()
	table.Rows = table.Rows[:1000]
	want := lesson.Run(table)
	tb := newTab(t)
	tb.open("/#table=" + lesson.EncodeShare(table))
	eval[bool](tb, `document.getElementById("run").click(), true`)
	if n := eval[int](tb, `document.querySelectorAll("#results > tr").length`); n != len(table.Rows) {
		t.Fatalf("%d result rows right after Run, want %d", n, len(table.Rows))
	}
	// Right after Run, before any later task: the first row has its reading, #results is busy.
	if got := eval[[]bool](tb, `(() => { document.getElementById("run").click(); const r = document.getElementById("results");
		return [r.getAttribute("aria-busy") === "true", !!r.querySelector("tr:first-child td.obs > .reading"),
			!!r.querySelector("tr:last-child td.obs > .reading")]; })()`); !got[0] || !got[1] || got[2] {
		t.Errorf("right after Run: busy, first row's reading, last row's reading = %v, want true, true, false", got)
	}
	if _, err := poll[bool](tb, `!document.getElementById("results").hasAttribute("aria-busy")`); err != nil {
		t.Fatalf("the readings were not all drawn: %v", err)
	}
	if n := eval[int](tb, `document.querySelectorAll("#results td.obs:not(:has(> .reading))").length`); n != 0 {
		t.Errorf("%d result rows have no reading", n)
	}
	for _, i := range []int{0, 199, 200, 777, len(table.Rows) - 1} {
		got := eval[string](tb, `document.querySelectorAll("#results > tr")[`+strconv.Itoa(i)+`].querySelector("pre.obs").textContent`)
		if strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(want[i].Observation), "") {
			t.Errorf("row %d's observation box reads %q, want %q", i+1, got, want[i].Observation)
		}
	}
}
