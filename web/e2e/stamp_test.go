package e2e

import (
	"encoding/json"
	"strconv"
	"testing"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// The result rows web/stamp.js draws are the rows page.ResultRows describes: every attribute and
// text, learner text with markup and characters beyond ASCII included, for rows of every kind
// (right, wrong, not predicted, with and without a note). The readings, drawn after, are left
// out of the comparison.
func TestStampedRowsMatchGo(t *testing.T) {
	table, err := lesson.ParseTable(`"17"                 ok
"é€😀"               invalid_args  # <b>bold</b> & "quoted"
17                   ?
{"job_id": "<i>"}    ok            # a note: 👩‍🏫
-1                   not_found
99                   ?             # &amp; stays as typed
`)
	if err != nil {
		t.Fatal(err)
	}
	var s page.Stamp
	page.ResultRows(&s, lesson.Run(table), false)
	tb := newTab(t)
	tb.open("/#table=" + lesson.EncodeShare(table))
	eval[bool](tb, `document.getElementById("run").click(), true`)
	if n := eval[int](tb, `document.querySelectorAll("#results > tr").length`); n != s.Len() {
		t.Fatalf("%d result rows, want %d", n, s.Len())
	}
	for i := range s.Len() {
		html, _ := json.Marshal(s.RowNode(i).HTML())
		same := eval[bool](tb, `(() => {
			const t = document.createElement("template");
			t.innerHTML = `+string(html)+`;
			const got = document.querySelectorAll("#results > tr")[`+strconv.Itoa(i)+`].cloneNode(true);
			got.children[`+strconv.Itoa(page.ResultReadingCell)+`].replaceChildren();
			return got.isEqualNode(t.content.firstChild);
		})()`)
		if !same {
			got := eval[string](tb, `document.querySelectorAll("#results > tr")[`+strconv.Itoa(i)+`].outerHTML`)
			t.Errorf("row %d is\n%s\nwant (without its reading)\n%s", i+1, got, s.RowNode(i).HTML())
		}
	}
}
