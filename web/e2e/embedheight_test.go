package e2e

// The fixed height of the embed code (embed.Height): measured against the embed page in
// Chromium, and the code an instructor copies framed, scripts stripped, by a course page.

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"coerceplayground/build/webbuild"
	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
	"coerceplayground/web"
)

// tableOf is a table of n rows: the lesson's, with their answers, over and over.
func tableOf(n int, tool string) lesson.Table {
	c := lesson.Classroom()
	t := lesson.Table{Tool: tool}
	for i := range n {
		t.Rows = append(t.Rows, c.Rows[i%len(c.Rows)])
	}
	return t
}

// contentHeight is the height of what the page lays out, in whole CSS pixels (scrollHeight
// would be at least the viewport's).
const contentHeight = `Math.ceil(document.documentElement.getBoundingClientRect().height)`

// TestEmbedFigures lays the embed page out at embed.Width, as it opens, for one panel at a
// time, the tools, predict mode and 1, 6 and 50 rows, and checks that embed.Height is what
// Chromium lays out plus embed.Spare, to within a few pixels each way. When it fails, the
// measured heights it prints are the figures to put in embed/height.go.
func TestEmbedFigures(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	play := httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))
	t.Cleanup(play.Close)
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(embed.Width, 400))
	opened := 0
	open := func(tbl lesson.Table, opts string) int {
		opened++ // a new query each time: a new fragment alone would not reload the page
		tb.do(chromedp.Navigate(play.URL + "/embed.html?n=" + strconv.Itoa(opened) + "#table=" + lesson.EncodeShare(lesson.Shared(tbl)) + opts))
		tb.waitReady()
		return eval[int](tb, contentHeight)
	}
	type embedCase struct {
		rows       int
		tool, mode string
		opts       string
	}
	cases := []embedCase{{1, "", "", ""}, {6, "", "", ""}, {50, "", "", ""}, {6, "", "", "&readonly=1"},
		{1, "", "", "&mode=predict"}, {6, "", "", "&mode=predict"}, {6, "", lesson.PredictMode, ""},
		{1, "", "", "&panels=results"}, {1, "", "", "&panels=catalog"}, {1, "", "", "&panels=table,loop,http"}}
	for _, p := range embed.Panels {
		cases = append(cases, embedCase{1, "", "", "&panels=table," + p.ID})
	}
	var all []string
	for _, p := range embed.Panels {
		all = append(all, p.ID)
	}
	for _, tool := range lesson.ToolNames() {
		cases = append(cases, embedCase{1, tool, "", "&panels=" + strings.Join(all, ",")})
	}
	for _, c := range cases {
		tbl := tableOf(c.rows, c.tool)
		tbl.Mode = c.mode
		got := open(tbl, c.opts)
		// embed.Spare is kept free; within it the figures are rounded to a pixel or so,
		// and a layout without the table, results and learner box adds up to 16 px.
		diff := embed.Height(embed.ParseOptions(c.opts), tbl) - got
		if diff < embed.Spare-6 || diff > embed.Spare+10 {
			t.Errorf("%d rows, tool %q, mode %q, options %q: Chromium lays out %d px at %d px wide; embed.Height says %d, %d more (want %d, the spare)",
				c.rows, c.tool, c.mode, c.opts, got, embed.Width, got+diff, diff, embed.Spare)
		}
	}
	// The spare holds the line that says the browser keeps no table.
	before := open(tableOf(6, ""), "")
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const e = document.getElementById("storage-status"); e.textContent = ` +
		strconv.Quote(page.StorageRefused) + `; e.hidden = false; })()`))
	if line := eval[int](tb, contentHeight) - before; line <= 0 || line > embed.Spare-4 {
		t.Errorf("the storage line takes %d px at %d px wide; the spare keeps %d", line, embed.Width, embed.Spare-4)
	}
}

// embedHost is a playground and a course page on another site (localhost against 127.0.0.1)
// that holds what an instructor pasted, in a column of the width its ?w= asks for.
type embedHost struct {
	play, host *httptest.Server
	hostURL    string
	mu         sync.Mutex
	pasted     string
}

func newEmbedHost(t *testing.T) *embedHost {
	t.Helper()
	h := &embedHost{}
	h.host = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		pasted := h.pasted
		h.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title></head>
<body style="margin:0"><div style="width:%spx">%s</div><p>Below the playground.</p></body></html>`, r.URL.Query().Get("w"), pasted)
	}))
	h.hostURL = otherSite(h.host.URL)
	emb, err := web.ParseEmbedders(h.hostURL)
	if err != nil {
		t.Fatal(err)
	}
	h.play = httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), emb))
	t.Cleanup(func() { h.play.Close(); h.host.Close() })
	return h
}

// copyEmbed opens the playground with tbl, presses Copy embed code and returns the code.
func (h *embedHost) copyEmbed(tb *tab, tbl lesson.Table) string {
	tb.t.Helper()
	tb.do(chromedp.Navigate(h.play.URL + "/#table=" + lesson.EncodeShare(tbl)))
	tb.waitReady()
	tb.instructor()
	tb.do(chromedp.Click(chromedp.ID("copy-embed")))
	return snippetAfter(tb, "")
}

// snippetAfter waits until the dialog's code is not old and the clipboard has answered (the
// status no longer says Copying…), and returns the code.
func snippetAfter(tb *tab, old string) string {
	tb.t.Helper()
	s, err := poll[string](tb, `(() => { const v = document.getElementById("embed-snippet").value;
			return v !== `+strconv.Quote(old)+` && document.getElementById("embed-status").textContent !== "Copying…" ? v : ""; })()`)
	if err != nil {
		tb.t.Fatalf("the embed code did not change from %q: %v", old, err)
	}
	return s
}

// frameOf is what the course page frames of the code: the iframe alone, as a course site that
// strips scripts keeps it, and its fixed height. The code must hold one script line, host.js of
// the playground.
func (h *embedHost) frameOf(t *testing.T, code string) (iframe string, height int) {
	t.Helper()
	lines := strings.Split(code, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "<iframe ") ||
		lines[1] != `<script src="`+h.play.URL+`/host.js" defer></script>` {
		t.Fatalf("the embed code is not the iframe and the host.js line of %s:\n%s", h.play.URL, code)
	}
	_, v, _ := strings.Cut(lines[0], ` height="`)
	v, _, _ = strings.Cut(v, `"`)
	height, err := strconv.Atoi(v)
	if err != nil {
		t.Fatalf("the iframe's height %q: %v", v, err)
	}
	return lines[0], height
}

// frameFits pastes the iframe of code into the course page, in a column width px wide, and
// checks that the embed's content fits the fixed height: no scrollbar either way. At
// embed.Width, the width the height is computed for, it also checks the slack: at most
// embed.Spare (kept for the line that says the browser keeps no table) and 10 px of
// rounding. Wider columns lay rows out in one line and get more blank space; that is logged.
func (h *embedHost) frameFits(t *testing.T, code string, width int, what string) {
	t.Helper()
	t.Run(strings.ReplaceAll(what, " ", "_")+"@"+strconv.Itoa(width), func(t *testing.T) { h.fits(t, code, width, what) })
}

func (h *embedHost) fits(t *testing.T, code string, width int, what string) {
	iframe, height := h.frameOf(t, code)
	h.mu.Lock()
	h.pasted = iframe
	h.mu.Unlock()
	tb := newTab(t) // closed when the subtest ends, and its frame with it
	tb.do(chromedp.Navigate(h.hostURL + "/?w=" + strconv.Itoa(width)))
	fr := frame(tb)
	fr.waitReady()
	m := eval[struct{ Content, ScrollH, ClientH, ScrollW, ClientW int }](fr, `(() => { const d = document.documentElement;
		return {Content: `+contentHeight+`, ScrollH: d.scrollHeight, ClientH: d.clientHeight, ScrollW: d.scrollWidth, ClientW: d.clientWidth}; })()`)
	slack := height - m.Content
	t.Logf("%s at %d px: frame %d px, content %d px, slack %d px (%.1f %%)", what, width, height, m.Content, slack, 100*float64(slack)/float64(height))
	if m.ClientH != height {
		t.Errorf("%s at %d px: the frame's viewport is %d px high, not the code's %d", what, width, m.ClientH, height)
	}
	if m.ScrollH > m.ClientH || m.ScrollW > m.ClientW {
		t.Errorf("%s at %d px: the frame scrolls: content %dx%d in a %dx%d frame", what, width, m.ScrollW, m.ScrollH, m.ClientW, m.ClientH)
	}
	if width == embed.Width && slack > embed.Spare+10 {
		t.Errorf("%s at %d px: %d px of blank space below the content, more than the %d kept spare", what, width, slack, embed.Spare)
	}
}

// TestEmbedCodeFitsAsPasted: the code Copy embed code writes for tables of 1, 6 and 50 rows,
// framed with its scripts stripped by a course page on another site, in a column of 320 px (a
// phone), 360 px and 800 px (a course column): the embed fits its fixed height without a
// scrollbar. The dialog's read-only checkbox and its worksheet choice (by keyboard and by click)
// change the code's options and, for the worksheet, the height; those frames fit too.
func TestEmbedCodeFitsAsPasted(t *testing.T) {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	h := newEmbedHost(t)
	for _, rows := range []int{1, 6, 50} {
		t.Run(strconv.Itoa(rows)+"_rows", func(t *testing.T) {
			tb := newTab(t)
			code := h.copyEmbed(tb, tableOf(rows, ""))
			if rows == 6 {
				h.choices(t, tb, code)
			}
			for _, width := range []int{embed.Width, 360, 800} {
				h.frameFits(t, code, width, strconv.Itoa(rows)+" rows")
			}
		})
	}
}

// choices ticks read-only (by keyboard) and picks the worksheet (by click) in the dialog and
// checks what each does to the code, then frames the code of each choice.
func (h *embedHost) choices(t *testing.T, tb *tab, plain string) {
	t.Helper()
	for _, id := range []string{"embed-readonly", "embed-worksheet"} {
		if eval[bool](tb, `document.getElementById("`+id+`").checked`) {
			t.Fatalf("%s is ticked for a table with answers", id)
		}
	}
	if !eval[bool](tb, `document.getElementById("embed-key").checked`) {
		t.Fatal("the answer key is not picked for a table with answers")
	}
	tb.do(chromedp.Focus(chromedp.ID("embed-readonly")), chromedp.KeyEvent(" "))
	readonly := snippetAfter(tb, plain)
	tb.do(chromedp.Click(chromedp.ID("embed-worksheet")))
	both := snippetAfter(tb, readonly)
	tb.do(chromedp.Focus(chromedp.ID("embed-readonly")), chromedp.KeyEvent(kb.Enter))
	if eval[bool](tb, `document.getElementById("embed-readonly").checked`) != true {
		t.Error("Enter changed the read-only checkbox") // Space does; Enter submits forms
	}
	tb.do(chromedp.Click(chromedp.ID("embed-readonly")))
	predict := snippetAfter(tb, both)

	for _, c := range []struct {
		code, opts string
		predict    bool
	}{{plain, "", false}, {readonly, "&readonly=1", false}, {both, "&readonly=1&mode=predict", true}, {predict, "&mode=predict", true}} {
		iframe, height := h.frameOf(t, c.code)
		_, src, _ := strings.Cut(iframe, `src="`)
		src, _, _ = strings.Cut(src, `"`)
		_, frag, _ := strings.Cut(html.UnescapeString(src), "#")
		payload := embed.ParseFragment(frag).Payload
		if want := "table=" + payload + c.opts; frag != want {
			t.Errorf("the code's fragment is %q, want %q", frag, want)
		}
		tbl, err := lesson.DecodeShare(payload)
		if err != nil || len(tbl.Rows) != 6 || (tbl.Rows[0].Want == "") != c.predict || (tbl.Mode == lesson.PredictMode) != c.predict {
			t.Errorf("options %q: the link's table is %+v (%v)", c.opts, tbl, err)
		}
		// A student's embed (read-only or predict mode) shows no Instructor tools: shorter.
		if (height != mustHeight(t, h, plain)) != (c.opts != "") {
			t.Errorf("options %q: height %d against %d without options", c.opts, height, mustHeight(t, h, plain))
		}
	}
	st := eval[string](tb, `document.getElementById("embed-status").textContent`)
	if _, h := h.frameOf(t, predict); !strings.Contains(st, "is "+strconv.Itoa(h)+" px high") && !strings.Contains(st, "did not allow copying") {
		t.Errorf("the dialog says %q", st)
	}
	for _, c := range []struct{ code, what string }{{readonly, "6 rows, read-only"}, {predict, "6 rows, predict mode"}, {both, "6 rows, both"}} {
		for _, width := range []int{embed.Width, 360} {
			h.frameFits(t, c.code, width, c.what)
		}
	}
}

func mustHeight(t *testing.T, h *embedHost, code string) int {
	_, height := h.frameOf(t, code)
	return height
}
