package e2e

import (
	"context"
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

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// courseSite is a playground server and two course pages that embed it, on
// another site: the course pages are served as localhost, the playground as
// 127.0.0.1, which browsers treat as different sites (as a Moodle or Canvas
// framing a deployment always is), so third-party storage rules apply to the
// frame. Only hostA is listed in the iframe's origins=; both may frame it
// (ALLOWED_EMBEDDERS).
type courseSite struct {
	play, hostA, hostB *httptest.Server
	a, b               string // the course pages' origins, as http://localhost:port
}

// storageProbe is a page on the playground's origin that tries localStorage
// and posts what happened to its parent, so a test can assert that the
// browser refuses storage to a frame the way it refuses it to the playground.
const storageProbe = `<!doctype html><title>probe</title><script>
var r;
try { localStorage.setItem("probe", "1"); r = "allowed"; } catch (e) { r = "threw " + e.name; }
parent.postMessage({probe: r}, "*");
</script>`

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
		probe := ""
		if r.URL.Query().Has("probe") {
			probe = `<iframe id="probe" src="` + cs.play.URL + `/storage-probe.html" title="probe" width="10" height="10"></iframe>`
		}
		script, height := `<script src="`+cs.play.URL+`/host.js" defer></script>`, "300"
		if r.URL.Query().Has("nohost") { // a course site that strips scripts
			script = ""
		}
		if h := r.URL.Query().Get("h"); h != "" {
			height = h
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Week 3 · Coercion</title>
<script>
window.got = [];
window.probe = "";
addEventListener("message", function (e) {
  if (e.source === document.getElementById("pg").contentWindow) got.push({origin: e.origin, data: e.data});
  else if (e.data && e.data.probe) probe = e.data.probe;
});
window.ask = function (msg) { document.getElementById("pg").contentWindow.postMessage(msg, %q); };
</script>
%s</head>
<body><h1>Week 3: what does the tool answer?</h1>
<iframe id="pg" src="%s" title="%s" width="100%%" height="%s"></iframe>
<p>Below the playground.</p>%s</body></html>`, cs.play.URL, script, html.EscapeString(src), web.EmbedTitle, height, probe)
	}
	cs.hostA = httptest.NewServer(http.HandlerFunc(hostPage))
	cs.hostB = httptest.NewServer(http.HandlerFunc(hostPage))
	cs.a = otherSite(cs.hostA.URL)
	cs.b = otherSite(cs.hostB.URL)
	emb, err := web.ParseEmbedders(cs.a + " " + cs.b)
	if err != nil {
		t.Fatal(err)
	}
	site := web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), emb)
	cs.play = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/storage-probe.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, storageProbe)
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { cs.play.Close(); cs.hostA.Close(); cs.hostB.Close() })
	return cs
}

// otherSite turns an httptest URL (http://127.0.0.1:port) into the same
// server named localhost: another site than 127.0.0.1 for the browser.
func otherSite(u string) string {
	return strings.Replace(u, "://127.0.0.1:", "://localhost:", 1)
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
	s, err := poll[string](tb, js)
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

// frameTab is a tab's playground iframe, attached as a tab of its own (tab.frame).
type frameTab struct {
	*tab
	id     target.ID
	cancel context.CancelFunc
}

// frame is the playground's iframe as a tab of its own. A frame on another
// site runs in its own renderer process (site isolation), so the course
// page's DOM does not reach into it; the test attaches to the frame's target
// instead, and its console errors fail the test as the page's do. After the
// course page navigates, the next call attaches to the new frame.
func frame(tb *tab) *tab {
	tb.t.Helper()
	var id target.ID
	// Targets lists the frames of every tab: take only this tab's (its browser context's).
	bc := chromedp.FromContext(tb.ctx).BrowserContextID
	// Until the frame's target exists, or the tab's time is up (tabContext).
	for id == "" && tb.ctx.Err() == nil {
		ts, err := chromedp.Targets(tb.ctx)
		if err != nil {
			tb.t.Fatal(err)
		}
		for _, ti := range ts {
			if ti.Type == "iframe" && strings.Contains(ti.URL, "/embed.html") && (bc == "" || ti.BrowserContextID == bc) {
				id = ti.TargetID
			}
		}
		if id == "" {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if id == "" {
		tb.t.Fatal("no playground iframe target")
	}
	if tb.frame != nil && tb.frame.id == id {
		return tb.frame.tab
	}
	f := &frameTab{tab: &tab{t: tb.t}, id: id}
	ctx, cancel := chromedp.NewContext(tb.ctx, chromedp.WithTargetID(id), chromedp.WithListener(f.listen))
	f.ctx, f.cancel = ctx, cancel
	if err := chromedp.Do(ctx); err != nil {
		tb.t.Fatal(err)
	}
	if tb.frame != nil {
		tb.frame.cancel()
	} else {
		tb.t.Cleanup(func() { tb.frame.cancel() })
	}
	tb.frame = f
	tb.t.Cleanup(func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, p := range f.problems {
			tb.t.Errorf("console in the frame: %s", p)
		}
	})
	return f.tab
}

// inFrame reads an attribute of an element inside the playground's iframe
// ("" when either is missing).
func inFrame(tb *tab, sel, attr string) string {
	tb.t.Helper()
	return eval[string](frame(tb), `(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); return e && e.getAttribute(`+strconv.Quote(attr)+`) || ""; })()`)
}

func TestEmbedAutoHeightAndAPI(t *testing.T) {
	cs := newCourseSite(t)
	embedAPI(t, newTab(t), cs)
}

// embedAPI checks, from a course page on another site, the height messages,
// host.js, setTable, run and getResults, structured errors, and a learner's
// own run.
func embedAPI(t *testing.T, tb *tab, cs *courseSite) {
	tb.do(chromedp.Navigate(cs.a + "/?probe=1&frag=" + "origins=" + cs.a))

	// Auto-height: both forms arrive, from the playground's origin, and
	// host.js sizes the iframe to the reported height.
	h := waitMessage(tb, `d => d.type === "coerce-playground:height" && d.height > 400`)
	lti := waitMessage(tb, `d => d.subject === "lti.frameResize" && d.height > 400`)
	first := int(h.Data["height"].(float64))
	if h.Origin != cs.play.URL || first < 400 || lti.Data["height"] != h.Data["height"] {
		t.Fatalf("height messages %+v and %+v", h, lti)
	}
	if _, err := poll[bool](tb, `document.getElementById("pg").height === String(got.filter(m => m.data.type === "coerce-playground:height").pop().data.height)`); err != nil {
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
		checkResults(t, m)
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

	// One reply per request: the host's run got exactly one results message, its reply.
	if n := eval[int](tb, `got.filter(m => m.data.type === "coerce-playground:results" && m.data.request === "run").length`); n != 1 {
		t.Errorf("the host's run got %d results messages, want 1: %s", n, eval[string](tb, `JSON.stringify(got.filter(m => m.data.type === "coerce-playground:results"))`))
	}
	if n := eval[int](tb, `got.filter(m => m.data.type === "coerce-playground:ran").length`); n != 0 {
		t.Errorf("the host's own run was also told as a learner's run (%d ran messages)", n)
	}
	// A run the learner starts in the frame is told to the host as a ran
	// event, not as a results reply.
	before := eval[int](tb, `got.filter(m => m.data.type === "coerce-playground:results").length`)
	frame(tb).do(chromedp.Click(chromedp.CSS("#run")))
	ranMsg := waitMessage(tb, `d => d.type === "coerce-playground:ran"`)
	if rows, _ := ranMsg.Data["rows"].([]any); ranMsg.Origin != cs.play.URL || len(rows) != 3 || ranMsg.Data["id"] != nil || ranMsg.Data["request"] != nil {
		t.Errorf("ran event %+v", ranMsg)
	}
	if sum, _ := ranMsg.Data["summary"].(map[string]any); sum == nil || sum["rows"] != 3.0 {
		t.Errorf("ran summary %+v", ranMsg.Data["summary"])
	}
	if n := eval[int](tb, `got.filter(m => m.data.type === "coerce-playground:results").length`); n != before {
		t.Errorf("the learner's run sent %d results messages; want only the ran event", n-before)
	}
	if got := inFrame(tb, "html", "data-embed-ignored"); got != "0" {
		t.Errorf("data-embed-ignored = %q, want 0", got)
	}
}

// checkResults checks a results message for the table setTable gave: three rows with their
// codes, passes, observations and Why traces, and the summary.
func checkResults(t *testing.T, m message) {
	t.Helper()
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
		// The row's Why: an array of steps whose last is ok exactly when the code is.
		if tr, _ := r["trace"].([]any); len(tr) == 0 || tr[len(tr)-1].(map[string]any)["ok"] != (r["code"] == "ok") {
			t.Errorf("row %v: trace %v", r["input"], r["trace"])
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

// Before the host says anything, a learner's run is told to the parent when
// origins= lists the parent's origin.
func TestEmbedRanBeforeAnyMessage(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(cs.a + "/?frag=origins=" + cs.a))
	waitMessage(tb, `d => d.type === "coerce-playground:height"`)
	frame(tb).do(chromedp.Click(chromedp.CSS("#run")))
	m := waitMessage(tb, `d => d.type === "coerce-playground:ran"`)
	if rows, _ := m.Data["rows"].([]any); m.Origin != cs.play.URL || len(rows) != len(lessonRows()) {
		t.Errorf("ran event %+v", m)
	}
}

func TestEmbedIgnoresOtherOrigins(t *testing.T) {
	cs := newCourseSite(t)
	embedIgnores(t, newTab(t), cs)
}

// embedIgnores checks that a course page not listed in origins= gets no
// answer and changes nothing.
func embedIgnores(t *testing.T, tb *tab, cs *courseSite) {
	// Course page B frames the playground, but origins= lists only A.
	tb.do(chromedp.Navigate(cs.b + "/?frag=" + "origins=" + cs.a))
	waitMessage(tb, `d => d.type === "coerce-playground:height"`)
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "x", rows: [{input: "99", want: "ok"}]}); ask({type: "run", id: "y"})`))
	for inFrame(tb, "html", "data-embed-ignored") != "2" && tb.ctx.Err() == nil {
		time.Sleep(100 * time.Millisecond)
	}
	if got := inFrame(tb, "html", "data-embed-ignored"); got != "2" {
		t.Fatalf("data-embed-ignored = %q, want 2", got)
	}
	if got := inFrame(tb, "html", "data-embed-ignored-origin"); got != cs.b {
		t.Errorf("data-embed-ignored-origin = %q, want %q", got, cs.b)
	}
	if n := eval[int](tb, layoutOnly); n != 0 {
		t.Errorf("the page on a non-listed origin got %d replies: %s", n, eval[string](tb, `JSON.stringify(got)`))
	}
	// Nothing ran and the table is the lesson's.
	if v := inFrame(tb, "#row-0-input", "id"); v != "row-0-input" {
		t.Fatal("no table in the frame")
	}
	if n := eval[int](frame(tb), `document.querySelectorAll("#rows > tr").length`); n != len(lessonRows()) {
		t.Errorf("the frame's table has %d rows, want the lesson's %d", n, len(lessonRows()))
	}
	if n := eval[int](frame(tb), `document.querySelectorAll("#results > tr").length`); n != 0 {
		t.Errorf("the frame shows %d results: something ran", n)
	}
	// A learner's run is not told to an unlisted page either. The results
	// make the frame taller, and that height message comes after any message
	// the run itself would have sent (one sender's messages keep their order).
	h := eval[int](tb, `got.filter(m => m.data.type === "coerce-playground:height").pop().data.height`)
	frame(tb).do(chromedp.Click(chromedp.CSS("#run")))
	waitMessage(tb, `d => d.type === "coerce-playground:height" && d.height > `+strconv.Itoa(h))
	if n := eval[int](tb, layoutOnly); n != 0 {
		t.Errorf("a learner's run was told to a page not in origins=: %s", eval[string](tb, `JSON.stringify(got)`))
	}
}

// layoutOnly counts the messages a page not in origins= got beyond the frame's layout ones,
// which any parent may read since they carry no table, input or result: its height (ours and
// the LTI form), that it is loading (host.js replaces a frame that never says so), and where
// the results are after a Run (host.js scrolls the course page to them).
const layoutOnly = `got.filter(m => !["coerce-playground:height", "coerce-playground:loading", "coerce-playground:scroll"].includes(m.data.type) && m.data.subject !== "lti.frameResize").length`
