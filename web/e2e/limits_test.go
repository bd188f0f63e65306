package e2e

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
	"coerceplayground/lesson/largest"
	"coerceplayground/wasm/page"
)

// typeInto sets a field's value as typing or pasting does: the value, then an input event.
func (tb *tab) typeInto(id, jsValue string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`(e => { e.value = ` + jsValue + `; e.dispatchEvent(new Event("input", {bubbles: true})) })(document.getElementById("` + id + `"))`))
}

// fieldError is the limit message under a field ("" when none is shown) and whether the field
// is marked invalid and described by it.
func (tb *tab) fieldError(id string) (msg string, marked bool) {
	tb.t.Helper()
	msg = eval[string](tb, `(e => e && e.checkVisibility() ? e.textContent : "")(document.getElementById("`+id+`-error"))`)
	marked = eval[bool](tb, `(f => f.getAttribute("aria-invalid") === "true" && f.getAttribute("aria-describedby") === "`+id+`-error")(document.getElementById("`+id+`"))`)
	return msg, marked
}

// saved is the table the page keeps in localStorage.
func (tb *tab) saved() lesson.Table {
	tb.t.Helper()
	s := eval[string](tb, `localStorage.getItem("`+page.StorageKey+`") || ""`)
	t, err := lesson.DecodeShare(s)
	if err != nil {
		tb.t.Fatalf("the saved table (%d bytes) does not read back: %v", len(s), err)
	}
	return t
}

// The editor and the learner box count UTF-8 bytes, as the decoders do: 21,846 × 中 (65,538
// bytes, 21,846 UTF-16 units) and 16,385 × 😀 (65,540 bytes) are refused with a message naming the
// limit; the row keeps its saved input; 65,536 bytes are taken and survive a reload.
func TestEditorByteLimit(t *testing.T) {
	for _, vp := range []struct{ w, h int64 }{{1280, 800}, {360, 740}} {
		t.Run(strconv.FormatInt(vp.w, 10), func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(vp.w, vp.h))
			tb.open("/")
			tb.answers() // out of predict mode, where the rows' notes are hidden
			tb.instructor()
			tb.typeInto("row-1-input", `"42"`)

			tb.typeInto("row-1-input", `"中".repeat(21846)`)
			msg, marked := tb.fieldError("row-1-input")
			if want := "Row 2 was not changed: the input is 65,538 bytes, over the tool's limit of 65,536 bytes"; !strings.HasPrefix(msg, want) || !marked {
				t.Errorf("21,846 × 中: message %q (marked %v), want %q", msg, marked, want)
			}
			if got := tb.saved().Rows[1].Input; got != "42" {
				t.Errorf("the refused input was saved: %.40q", got)
			}
			tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("row-1-input-error").scrollIntoView({block: "center"})`))
			tb.screenshot("limits-editor-"+strconv.FormatInt(vp.w, 10)+".png", chromedp.CaptureScreenshot())
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(vp.w) {
				t.Errorf("with the message the page is %d px wide: it scrolls sideways", w)
			}

			tb.typeInto("row-1-input", `"中".repeat(21845) + "x"`)
			if msg, marked := tb.fieldError("row-1-input"); msg != "" || marked {
				t.Errorf("65,536 bytes of 中: still %q (marked %v)", msg, marked)
			}
			tb.typeInto("row-2-input", `"😀".repeat(16385)`)
			if msg, _ := tb.fieldError("row-2-input"); !strings.Contains(msg, "the input is 65,540 bytes, over the tool's limit of 65,536 bytes") {
				t.Errorf("16,385 × 😀: message %q", msg)
			}
			tb.typeInto("row-2-input", `"😀".repeat(16384)`)
			tb.typeInto("row-3-note", `"😀".repeat(257)`)
			if msg, _ := tb.fieldError("row-3-note"); !strings.Contains(msg, "the note is 1,028 bytes, over the limit of 1,024 bytes") {
				t.Errorf("257 × 😀 in a note: message %q", msg)
			}

			// The learner box runs nothing over the limit, and says why.
			before := eval[int](tb, `document.querySelectorAll("#learner-results > li").length`)
			tb.typeInto("learner-input", `"😀".repeat(16385)`)
			tb.do(chromedp.Click(chromedp.ID("learner-run")))
			if msg, marked := tb.fieldError("learner-input"); !strings.HasPrefix(msg, "Not run: the input is 65,540 bytes, over the tool's limit of 65,536 bytes") || !marked {
				t.Errorf("learner box: message %q (marked %v)", msg, marked)
			}
			if n := eval[int](tb, `document.querySelectorAll("#learner-results > li").length`); n != before {
				t.Errorf("the learner box ran an input over the limit")
			}
			tb.screenshot("limits-learner-"+strconv.FormatInt(vp.w, 10)+".png", chromedp.CaptureScreenshot())

			// What the editor took comes back after a reload, with nothing to say.
			tb.do(chromedp.Reload())
			tb.waitReady()
			got := eval[[]int](tb, `[...document.querySelectorAll("#rows [data-field=input]")].slice(1, 3).map(e => new TextEncoder().encode(e.value).length)`)
			if !reflect.DeepEqual(got, []int{lesson.MaxInputBytes, lesson.MaxInputBytes}) {
				t.Errorf("after a reload rows 2 and 3 hold %v bytes, want %d each", got, lesson.MaxInputBytes)
			}
			if n := eval[string](tb, `document.getElementById("notice").hidden ? "" : document.getElementById("notice-text").textContent`); strings.Contains(n, "could not be read") {
				t.Errorf("the reload says %q", n)
			}
		})
	}
}

// A link with an unreadable row names it and offers the readable rows; the lesson's table stays
// until the reader chooses, and opening them says which row was left out. Pasted into an open
// page, the reader's table stays the same way.
func TestPartialLinkNotice(t *testing.T) {
	rows := `{"input":"17","want":"ok"},{"input":"` + strings.Repeat("中", lesson.MaxInputBytes/3+1) + `","want":"ok"},{"input":"99","want":"not_found","note":"no job 99"}`
	link := "#table=" + lesson.EncodeShareRaw([]byte(`{"rows":[`+rows+`]}`))
	noticeJS := `document.getElementById("notice").hidden ? "" : document.getElementById("notice-text").textContent`
	for _, vp := range []struct{ w, h int64 }{{1280, 800}, {360, 740}} {
		t.Run(strconv.FormatInt(vp.w, 10), func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(vp.w, vp.h))
			tb.open("/" + link)
			notice := eval[string](tb, noticeJS)
			if !strings.Contains(notice, "row 2: the input is 65,538 bytes, over the tool's limit of 65,536 bytes") || !strings.Contains(notice, "lesson's table is shown") {
				t.Errorf("notice %q", notice)
			}
			if got := eval[[]row](tb, readRows); !reflect.DeepEqual(got, lessonRows()) {
				t.Errorf("the page opened %+v, want the lesson's table until the reader chooses", got)
			}
			if label := eval[string](tb, `(b => b.checkVisibility() ? b.textContent : "")(document.getElementById("notice-open"))`); label != "Open the 2 readable rows" {
				t.Errorf("the offer's button is %q", label)
			}
			tb.screenshot("limits-partial-link-"+strconv.FormatInt(vp.w, 10)+".png", chromedp.CaptureScreenshot())
			if w := eval[int](tb, `document.documentElement.scrollWidth`); w > int(vp.w) {
				t.Errorf("with the notice the page is %d px wide: it scrolls sideways", w)
			}

			// Keyboard: the button takes Enter like any button.
			tb.do(chromedp.Focus(chromedp.ID("notice-open")), chromedp.KeyEvent("\r"))
			want := []row{{"17", "ok", ""}, {"99", "not_found", "no job 99"}}
			if got := eval[[]row](tb, readRows); !reflect.DeepEqual(got, want) {
				t.Errorf("opened %+v, want %+v", got, want)
			}
			if n := eval[string](tb, noticeJS); !strings.HasPrefix(n, "Opened 2 readable rows of the link. Left out: row 2 (the input is 65,538 bytes") {
				t.Errorf("after opening, the notice says %q", n)
			}
			if eval[bool](tb, visible("notice-open")) || !eval[bool](tb, visible("notice-undo")) {
				t.Error("after opening, the offer stays or Undo is missing")
			}
			if got := tb.saved().Rows; len(got) != 2 {
				t.Errorf("the opened rows were not saved: %+v", got)
			}
			tb.do(chromedp.Click(chromedp.ID("notice-undo")))
			if got := eval[[]row](tb, readRows); !reflect.DeepEqual(got, lessonRows()) {
				t.Errorf("Undo brought back %+v", got)
			}

			// Pasted into the open page: the table the reader has stays, the offer is made.
			tb.setHash(link[1:])
			if !eval[bool](tb, visible("notice-open")) {
				t.Fatalf("no offer after pasting the link (notice %q)", eval[string](tb, noticeJS))
			}
			if n := eval[string](tb, noticeJS); !strings.Contains(n, "your current table was kept") || !strings.Contains(n, "row 2:") {
				t.Errorf("pasted: notice %q", n)
			}
			if got := eval[[]row](tb, readRows); !reflect.DeepEqual(got, lessonRows()) {
				t.Errorf("pasting changed the table to %+v", got)
			}
		})
	}
}

// The largest table the limits allow (lesson/largest: 10,000 rows, every size limit reached,
// 2,000,000 bytes as a link) is imported, saved, reloaded unchanged and linked.
func TestLargestTable(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	// Importing, saving and reloading 2 MB take several seconds each on a loaded machine.
	tb := openTab(t, browserCtx, func() {}, chromedp.WithNewBrowserContext())
	start := time.Now()
	step := func(what string) { t.Logf("%s: %v", what, time.Since(start).Round(time.Millisecond)) }
	tb.open("/")
	tb.instructor()
	big := largest.Table()
	text := lesson.FormatTable(big)
	tb.do(chromedp.Click(chromedp.ID("import-open")), chromedp.SetValue(chromedp.ID("import-text"), text), chromedp.Click(chromedp.ID("import-apply")))
	if msg := eval[string](tb, `document.getElementById("import-error").hidden ? "" : document.getElementById("import-error").textContent`); msg != "" {
		t.Fatalf("the import was refused: %s", msg)
	}
	step("imported")
	stored := eval[int](tb, `(localStorage.getItem("`+page.StorageKey+`") || "").length`)
	if want := len(lesson.EncodeShare(big)); stored != want {
		t.Fatalf("localStorage holds %d bytes, want the table's %d", stored, want)
	}
	tb.do(chromedp.Reload())
	tb.waitReady()
	step("reloaded")
	if n := eval[string](tb, `document.getElementById("notice").hidden ? "" : document.getElementById("notice-text").textContent`); n != "" {
		t.Errorf("the reload says %q", n)
	}
	if got := tb.saved(); !reflect.DeepEqual(got, big) {
		t.Error("the saved table changed over the reload")
	}
	if got := eval[string](tb, `document.querySelector("table.rows").getAttribute("aria-rowcount")`); got != strconv.Itoa(lesson.MaxRows+1) {
		t.Errorf("aria-rowcount %s after the reload", got)
	}
	if n := eval[int](tb, `new TextEncoder().encode(document.getElementById("row-1-input").value).length`); n != lesson.MaxInputBytes {
		t.Errorf("row 2's input is %d bytes in the editor", n)
	}
	tb.do(chromedp.Click(chromedp.ID("copy-link")))
	link := eval[string](tb, `document.getElementById("share-url").value`)
	step("linked")
	i := strings.Index(link, "#table=")
	if i < 0 {
		t.Fatalf("Copy link gave %.80q (%s)", link, eval[string](tb, `document.getElementById("share-status").textContent`))
	}
	if got, err := lesson.DecodeShare(link[i+len("#table="):]); err != nil || !reflect.DeepEqual(got, big) {
		t.Errorf("the link does not hold the table: %v", err)
	}
	t.Logf("the largest table: %d bytes saved, a %d-byte link, %d bytes as text", stored, len(link), len(text))
}
