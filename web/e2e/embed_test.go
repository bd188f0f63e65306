package e2e

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/internal/webbuild"
	"coerceplayground/web"
)

// courseSite is a playground server and two course pages on other origins
// (other ports of 127.0.0.1) that embed it. Only hostA is listed in the
// iframe's origins=; both may frame it (ALLOWED_EMBEDDERS).
type courseSite struct {
	play, hostA, hostB *httptest.Server
}

func newCourseSite(t *testing.T) *courseSite {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	cs := &courseSite{}
	hostPage := func(w http.ResponseWriter, r *http.Request) {
		// The course page: an iframe, the optional host.js, and a recorder of
		// the messages the frame sends (what a course site's own script sees).
		src := cs.play.URL + "/embed.html#" + r.URL.Query().Get("frag")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Week 3 · Coercion</title>
<script>
window.got = [];
addEventListener("message", function (e) {
  if (e.source === document.getElementById("pg").contentWindow) got.push({origin: e.origin, data: e.data});
});
window.ask = function (msg) { document.getElementById("pg").contentWindow.postMessage(msg, %q); };
</script>
<script src="%s/host.js" defer></script></head>
<body><h1>Week 3: what does the tool answer?</h1>
<iframe id="pg" src="%s" title="%s" width="100%%" height="300"></iframe>
<p>Below the playground.</p></body></html>`, cs.play.URL, cs.play.URL, html.EscapeString(src), web.EmbedTitle)
	}
	cs.hostA = httptest.NewServer(http.HandlerFunc(hostPage))
	cs.hostB = httptest.NewServer(http.HandlerFunc(hostPage))
	emb, err := web.ParseEmbedders(cs.hostA.URL + " " + cs.hostB.URL)
	if err != nil {
		t.Fatal(err)
	}
	cs.play = httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), emb))
	t.Cleanup(func() { cs.play.Close(); cs.hostA.Close(); cs.hostB.Close() })
	return cs
}

// message is one message the course page received from the frame.
type message struct {
	Origin string         `json:"origin"`
	Data   map[string]any `json:"data"`
}

// waitMessage polls the course page until a message satisfies match (a
// JavaScript predicate over m.data) and returns it.
func waitMessage(tb *tab, match string) message {
	tb.t.Helper()
	js := `(() => { const m = got.find(m => m.data && (` + match + `)(m.data)); return m ? JSON.stringify(m) : ""; })()`
	s, err := chromedp.Run(tb.ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		got := eval[string](tb, `JSON.stringify(got)`)
		tb.t.Fatalf("no message matching %s: %v; the page got %s", match, err, got)
	}
	var m message
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		tb.t.Fatal(err)
	}
	return m
}

// inFrame reads an attribute of an element inside the playground's iframe.
func inFrame(tb *tab, sel, attr string) string {
	tb.t.Helper()
	frames, err := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSS("#pg")))
	if err != nil || len(frames) == 0 {
		tb.t.Fatalf("no iframe: %v", err)
	}
	v, err := chromedp.Run(tb.ctx, chromedp.AttributeValue(chromedp.CSS(sel), attr, chromedp.FromNode(frames[0])))
	if err != nil {
		tb.t.Fatalf("reading %s[%s] in the frame: %v", sel, attr, err)
	}
	return v.Value
}

func TestEmbedAutoHeightAndAPI(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(cs.hostA.URL + "/?frag=" + "origins=" + cs.hostA.URL))

	// Auto-height: both forms arrive, from the playground's origin, and
	// host.js sizes the iframe to the reported height.
	h := waitMessage(tb, `d => d.type === "coerce-playground:height" && d.height > 400`)
	lti := waitMessage(tb, `d => d.subject === "lti.frameResize" && d.height > 400`)
	first := int(h.Data["height"].(float64))
	if h.Origin != cs.play.URL || first < 400 || lti.Data["height"] != h.Data["height"] {
		t.Fatalf("height messages %+v and %+v", h, lti)
	}
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](
		`document.getElementById("pg").height === String(got.filter(m => m.data.type === "coerce-playground:height").pop().data.height)`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("host.js did not size the iframe: height=%s", eval[string](tb, `document.getElementById("pg").height`))
	}

	// setTable, run, getResults.
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "t1", rows: [
		{input: "17", want: "ok"}, {input: '"abc"', want: "ok"}, {input: "99"}]})`))
	rep := waitMessage(tb, `d => d.id === "t1"`)
	if rep.Origin != cs.play.URL || rep.Data["type"] != "coerce-playground:table" || rep.Data["rows"] != 3.0 {
		t.Fatalf("setTable reply %+v", rep)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "run", id: "r1"})`))
	ran := waitMessage(tb, `d => d.id === "r1"`)
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "getResults", id: 7})`))
	res := waitMessage(tb, `d => d.id === 7`)
	for _, m := range []message{ran, res} {
		rows, _ := m.Data["rows"].([]any)
		if m.Data["type"] != "coerce-playground:results" || len(rows) != 3 {
			t.Fatalf("results %+v", m)
		}
		var codes []string
		var passes []bool
		for _, r := range rows {
			r := r.(map[string]any)
			codes = append(codes, r["code"].(string))
			passes = append(passes, r["pass"].(bool))
			if !strings.Contains(r["observation"].(string), `"`) || r["input"] == "" {
				t.Errorf("row %+v", r)
			}
		}
		if !slices.Equal(codes, []string{"ok", "invalid_args", "not_found"}) || !slices.Equal(passes, []bool{true, false, false}) {
			t.Errorf("codes %q, passes %v", codes, passes)
		}
		sum := m.Data["summary"].(map[string]any)
		if sum["rows"] != 3.0 || sum["passed"] != 1.0 || sum["failed"] != 1.0 || sum["unpredicted"] != 1.0 || sum["tool"] != "get_job" {
			t.Errorf("summary %+v", sum)
		}
	}
	// The frame shows what it ran, and the results made it taller.
	if got := inFrame(tb, "#results > tr:nth-child(3)", "data-code"); got != "not_found" {
		t.Errorf("row 3 in the frame shows %q", got)
	}
	waitMessage(tb, `d => d.type === "coerce-playground:height" && d.height > `+strconv.Itoa(first))

	// Unknown types and malformed tables get structured errors.
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "explode", id: "u1"}); ask({type: "setTable", id: "b1", rows: "17"})`))
	u := waitMessage(tb, `d => d.id === "u1"`)
	b := waitMessage(tb, `d => d.id === "b1"`)
	if u.Data["type"] != "coerce-playground:error" || u.Data["code"] != "unknown_type" || u.Data["request"] != "explode" || u.Data["message"] == "" {
		t.Errorf("unknown type reply %+v", u)
	}
	if b.Data["code"] != "bad_rows" || !strings.Contains(b.Data["message"].(string), "rows") {
		t.Errorf("bad rows reply %+v", b)
	}

	// A run the learner starts in the frame is pushed to the host that talked to it.
	n := eval[int](tb, `got.filter(m => m.data.type === "coerce-playground:results").length`)
	frames, _ := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSS("#pg")))
	tb.do(chromedp.Click(chromedp.CSS("#run"), chromedp.FromNode(frames[0])))
	waitMessage(tb, `d => d.type === "coerce-playground:results" && d.request === "run" && !("id" in d) && got.filter(m => m.data.type === "coerce-playground:results").length > `+strconv.Itoa(n))
	if got := inFrame(tb, "html", "data-embed-ignored"); got != "0" {
		t.Errorf("data-embed-ignored = %q, want 0", got)
	}
}

func TestEmbedIgnoresOtherOrigins(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	// Course page B frames the playground, but origins= lists only A.
	tb.do(chromedp.Navigate(cs.hostB.URL + "/?frag=" + "origins=" + cs.hostA.URL))
	waitMessage(tb, `d => d.type === "coerce-playground:height"`)
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "x", rows: [{input: "99", want: "ok"}]}); ask({type: "run", id: "y"})`))
	frames, _ := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSS("#pg")))
	deadline := time.Now().Add(10 * time.Second)
	for inFrame(tb, "html", "data-embed-ignored") != "2" && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if got := inFrame(tb, "html", "data-embed-ignored"); got != "2" {
		t.Fatalf("data-embed-ignored = %q, want 2", got)
	}
	if got := inFrame(tb, "html", "data-embed-ignored-origin"); got != cs.hostB.URL {
		t.Errorf("data-embed-ignored-origin = %q, want %q", got, cs.hostB.URL)
	}
	if n := eval[int](tb, `got.filter(m => m.data.type !== "coerce-playground:height" && m.data.subject !== "lti.frameResize").length`); n != 0 {
		t.Errorf("the page on a non-listed origin got %d replies: %s", n, eval[string](tb, `JSON.stringify(got)`))
	}
	// Nothing ran and the table is the lesson's.
	if v := inFrame(tb, "#row-0-input", "id"); v != "row-0-input" {
		t.Fatal("no table in the frame")
	}
	rows, err := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSSAll("#rows > tr"), chromedp.FromNode(frames[0])))
	if err != nil || len(rows) != len(lessonRows()) {
		t.Errorf("the frame's table has %d rows (%v), want the lesson's %d", len(rows), err, len(lessonRows()))
	}
	if res, err := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSSAll("#results > tr"), chromedp.AtLeast(0), chromedp.FromNode(frames[0]))); err != nil || len(res) != 0 {
		t.Errorf("the frame shows %d results (%v): something ran", len(res), err)
	}
}

func TestEmbedOptionsAndScreenshots(t *testing.T) {
	cs := newCourseSite(t)
	for _, width := range []int64{1280, 360} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(scheme+"-"+strconv.FormatInt(width, 10), func(t *testing.T) {
				tb := newTab(t)
				tb.do(chromedp.EmulateViewport(width, 900))
				tb.media([2]string{"prefers-color-scheme", scheme})
				// The light reader gets a dark embed and the dark one a light
				// embed: theme= overrides the system setting.
				theme := map[string]string{"light": "dark", "dark": "light"}[scheme]
				frag := "readonly=1&panels=table,results,learner,catalog&theme=" + theme + "&origins=" + cs.hostA.URL
				tb.do(chromedp.Navigate(cs.hostA.URL + "/?frag=" + strings.ReplaceAll(frag, "&", "%26")))
				waitMessage(tb, `d => d.type === "coerce-playground:height"`)
				tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "run", id: 1})`))
				waitMessage(tb, `d => d.id === 1`)
				frames, _ := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSS("#pg")))
				for _, c := range []struct{ sel, attr, want string }{
					{"html", "data-theme", theme},
					{"html", "data-readonly", ""},
					{"#row-0-input", "readonly", ""},
				} {
					if v, err := chromedp.Run(tb.ctx, chromedp.AttributeValue(chromedp.CSS(c.sel), c.attr, chromedp.FromNode(frames[0]))); err != nil || !v.Exists || v.Value != c.want {
						t.Errorf("%s[%s] = %+v (%v), want %q", c.sel, c.attr, v, err, c.want)
					}
				}
				// The chrome and the read-only controls are hidden; the learner box is not.
				for sel, want := range map[string]bool{"header.site": false, "#add-row": false, "#row-0-delete": false,
					"#learner-input": true, "#catalog": true, "#schema": false, "#copy-embed": false} {
					nodes, err := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSS(sel), chromedp.FromNode(frames[0])))
					if err != nil || len(nodes) == 0 {
						t.Errorf("%s: %v", sel, err)
						continue
					}
					box, err := chromedp.Run(tb.ctx, chromedp.Dimensions(chromedp.CSS(sel), chromedp.FromNode(frames[0])))
					shown := err == nil && box != nil && box.Width > 0
					if shown != want {
						t.Errorf("%s shown = %v, want %v", sel, shown, want)
					}
				}
				tb.do(chromedp.SendKeys(chromedp.CSS("#learner-input"), `"0017"`+"\n", chromedp.FromNode(frames[0])))
				if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`document.getElementById("pg").height > 600`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
					t.Errorf("the iframe was not resized: %v", err)
				}
				tb.screenshot("embed-"+strconv.FormatInt(width, 10)+"-"+scheme+"-system.png", chromedp.FullScreenshot(100))
			})
		}
	}
}

// Copy embed code writes the iframe for the current table, pointing at the
// embed page, and that snippet loads the same table.
func TestCopyEmbedCode(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), "42"))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("row-0-input").dispatchEvent(new Event("input", {bubbles: true}))`))
	tb.do(chromedp.Click(chromedp.ID("copy-embed")))
	snippet := eval[string](tb, `document.getElementById("embed-snippet").value`)
	if !strings.HasPrefix(snippet, `<iframe src="`+server.URL+`/embed.html#table=`) || !strings.Contains(snippet, `title="`+web.EmbedTitle+`"`) ||
		!strings.Contains(snippet, `height="`+strconv.Itoa(web.EmbedHeight)+`"`) {
		t.Fatalf("snippet %s", snippet)
	}
	if st := eval[string](tb, `document.getElementById("embed-status").textContent`); st == "" {
		t.Error("no status after Copy embed code")
	}
	// How an instructor sees it on a phone.
	tb.do(chromedp.EmulateViewport(360, 780))
	tb.do(chromedp.ScrollIntoView(chromedp.ID("embed-code")))
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("with the embed code shown the page is %d px wide at 360 px", w)
	}
	tb.screenshot("copy-embed-360.png", chromedp.CaptureScreenshot())
	src := html.UnescapeString(strings.TrimPrefix(snippet, `<iframe src="`))
	src = src[:strings.Index(src, `"`)]
	fragment := src[strings.Index(src, "#"):]
	tb2 := newTab(t)
	tb2.open("/" + fragment)
	if got := eval[[]row](tb2, readRows); len(got) == 0 || got[0].Input != "42" {
		t.Errorf("the snippet's table opens as %+v", got)
	}
}
