package e2e

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// Nothing an instructor wrote is lost: the comments above the first row of
// an imported table survive a reload, because the saved table keeps them.
func TestPreambleSurvivesReload(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	text := "# Week 3: predict before you run\n# ask the class why 99 fails\n17 ok\n99 not_found\n"
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("import-open").click()`))
	tb.do(chromedp.SetValue(chromedp.ID("import-text"), text))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("import-apply").click()`))
	if n := len(eval[[]row](tb, readRows)); n != 2 {
		t.Fatalf("imported %d rows, want 2", n)
	}
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("export-open").click()`))
	got := eval[string](tb, `document.getElementById("export-text").value`)
	if !strings.HasPrefix(got, "# Week 3: predict before you run\n# ask the class why 99 fails\n") {
		t.Errorf("after reload the exported table is:\n%s", got)
	}
}

// A bad link pasted into an open page keeps the table the reader has, and
// says so; it does not claim to show the lesson's table.
func TestBadLinkPastedKeepsTable(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), "4242"))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-input").dispatchEvent(new Event("input", {bubbles: true}))`))
	before := eval[[]row](tb, readRows)
	tb.setHash("table=%25%25%25")
	notice := eval[string](tb, `document.getElementById("notice-text").textContent`)
	if !strings.Contains(notice, "could not be read") {
		t.Fatalf("no notice for a bad pasted link: %q", notice)
	}
	if !strings.Contains(notice, "your current table was kept") || strings.Contains(notice, "lesson's table") {
		t.Errorf("notice %q", notice)
	}
	if after := eval[[]row](tb, readRows); len(after) != len(before) || after[0].Input != "4242" {
		t.Errorf("the table changed: %+v", after)
	}
}

func TestMalformedLinkShowsLessonTable(t *testing.T) {
	for _, frag := range []string{"#table=%%%not-base64", "#table=" + lesson.EncodeShareRaw([]byte(`{"rows":[{"input":"1","want":"bogus"}]}`)), "#table="} {
		t.Run(frag, func(t *testing.T) {
			tb := newTab(t)
			tb.open("/" + frag)
			if got := eval[[]row](tb, readRows); !slices.Equal(got, lessonRows()) {
				t.Errorf("rows %+v, want the lesson's", got)
			}
			notice := eval[string](tb, `document.getElementById("notice").hidden ? "" : document.getElementById("notice-text").textContent`)
			if !strings.Contains(notice, "could not be read") || !strings.Contains(notice, "lesson's table") {
				t.Errorf("notice %q", notice)
			}
		})
	}
}

func TestLinkPastedIntoAnOpenPage(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	other := lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}}}
	// Changing only the fragment does not reload the page: the app must notice.
	tb.setHash("table=" + lesson.EncodeShare(other))
	if n := eval[int](tb, `document.querySelectorAll("#rows > tr").length`); n != 1 {
		t.Fatalf("the new link's table did not load: %d rows", n)
	}
	if got := eval[[]row](tb, readRows); !slices.Equal(got, []row{{"42", "ok", ""}}) {
		t.Errorf("rows %+v", got)
	}
	// A fragment that is not a table (the skip link's) leaves the table alone.
	tb.setHash("table-h")
	if n := len(eval[[]row](tb, readRows)); n != 1 {
		t.Errorf("#table-h changed the table to %d rows", n)
	}
	// Editing a table that came from a link takes the stale link out of the address bar.
	tb.setHash("table=" + lesson.EncodeShare(other) + "&theme=dark")
	tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), "43"))
	if h := eval[string](tb, `location.hash`); h != "#theme=dark" {
		t.Errorf("after an edit the fragment is %q, want #theme=dark", h)
	}
}
