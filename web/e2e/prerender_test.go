package e2e

// The pre-rendered page: the build writes the lesson's table, notes, catalog and schema into
// index.html with the same views the app draws them with (wasm/page/view.go), so the lesson is
// readable before app.wasm has arrived and with scripts off.

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// prerendered are the ids of the elements whose children the build writes (page.Prerender).
func prerendered() []string {
	var ids []string
	for _, r := range page.Prerender() {
		ids = append(ids, r.ID)
	}
	return ids
}

// serializeJS defines serialize(root): an element's children as text (adjacent text nodes as
// one), comments left out, attributes sorted, and a form control's current value in place of its value and selected
// attributes (the build writes those as attributes, the app sets them as properties).
const serializeJS = `function serialize(root) {
	root = root.cloneNode(true);
	root.normalize(); // adjacent text nodes read as one, as the HTML the build wrote parses
	const ser = n => {
		if (n.nodeType === Node.TEXT_NODE) return JSON.stringify(n.data);
		if (n.nodeType !== Node.ELEMENT_NODE) return "";
		const control = ["INPUT", "SELECT", "TEXTAREA"].includes(n.tagName);
		const attrs = [...n.attributes]
			.filter(a => a.name !== "selected" && !(control && a.name === "value"))
			.map(a => a.name + "=" + JSON.stringify(a.value)).sort();
		if (control) attrs.push(".value=" + JSON.stringify(n.value));
		return "<" + n.tagName.toLowerCase() + " " + attrs.join(" ") + ">" + [...n.childNodes].map(ser).join("") + "</" + n.tagName.toLowerCase() + ">";
	};
	return [...root.childNodes].map(ser).filter(s => s !== "").join("\n");
}`

// The build's HTML and the app's own render agree: the page opened from a link to the lesson's
// own table (which the app draws, not keeps) shows, in each pre-rendered element, exactly what
// the served index.html holds there.
func TestPrerenderedMatchesApp(t *testing.T) {
	tb := newTab(t)
	tb.open("/#table=" + lesson.EncodeShare(lesson.Opening()))
	if eval[int](tb, `document.querySelectorAll("#rows > tr[data-row]").length`) != len(lesson.Opening().Rows) {
		t.Fatal("the app did not draw the lesson's rows")
	}
	for _, id := range prerendered() {
		q := strconv.Quote(id)
		pair, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](`(async () => {
			`+serializeJS+`
			const html = await (await fetch("/", {cache: "no-store"})).text();
			const built = new DOMParser().parseFromString(html, "text/html").getElementById(`+q+`);
			return [serialize(built), serialize(document.getElementById(`+q+`))];
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		static, live := pair[0], pair[1]
		if static == "" {
			t.Errorf("#%s: index.html holds nothing there", id)
			continue
		}
		if static != live {
			t.Errorf("#%s: index.html and the app's render differ at %s", id, firstDiff(static, live))
		}
	}
	// The page the build pre-rendered keeps those elements: the app attached to them.
	tb.open("/")
	if n := eval[int](tb, `document.querySelector("#rows").childNodes.length`); n != len(lesson.Opening().Rows)+2 {
		t.Errorf("#rows has %d nodes, want the build's %d rows between its two comments", n, len(lesson.Opening().Rows))
	}
}

// firstDiff shows where two serializations part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return "\n  index.html: " + a[from:min(len(a), i+120)] + "\n  app:        " + b[from:min(len(b), i+120)]
}

// With JavaScript off, the page is the lesson to read: the question, the six rows of the
// table, the lesson notes and the error catalog are visible, the loading status (which would
// wait forever) is not, and the noscript message says what scripts would add.
func TestPrerenderedWithoutScripts(t *testing.T) {
	for _, width := range []int64{1280, 360} {
		t.Run(strconv.FormatInt(width, 10), func(t *testing.T) {
			tb := newTab(t)
			tb.do(chromedp.EmulateViewport(width, 900), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
				return err
			}))
			tb.do(chromedp.Navigate(server.URL + "/"))
			if eval[bool](tb, `document.documentElement.dataset.ready === "true"`) {
				t.Fatal("the app ran with scripts disabled")
			}
			visible := func(sel string) []string {
				return eval[[]string](tb, `[...document.querySelectorAll(`+strconv.Quote(sel)+`)]
					.filter(e => e.checkVisibility() && e.getBoundingClientRect().width > 0).map(e => e.innerText.trim())`)
			}
			if q := visible(".lede"); len(q) != 1 || !strings.Contains(q[0], "get_job(job_id)") {
				t.Errorf("the question is not shown: %q", q)
			}
			var inputs []string
			for _, r := range lesson.Opening().Rows {
				inputs = append(inputs, r.Input)
			}
			got := eval[[]string](tb, `[...document.querySelectorAll("#rows > tr")].filter(r => r.checkVisibility())
				.map(r => r.querySelector("[data-field=input]").value)`)
			if strings.Join(got, "\n") != strings.Join(inputs, "\n") {
				t.Errorf("visible rows' inputs %q, want the lesson's %q", got, inputs)
			}
			notes := visible(".note-card h3")
			if len(notes) != len(lesson.Notes()) {
				t.Errorf("%d lesson notes visible, want %d: %q", len(notes), len(lesson.Notes()), notes)
			}
			if body := visible(".note-body"); len(body) == 0 || len(body[0]) < 40 {
				t.Errorf("the notes' text is not shown: %q", body)
			}
			codes := visible("#catalog dt")
			if len(codes) != len(page.Catalog(lesson.DefaultTool)) || !strings.Contains(strings.Join(codes, " "), "not_found") {
				t.Errorf("catalog codes shown: %q", codes)
			}
			if s := visible("#schema"); len(s) != 1 || !strings.Contains(s[0], `"job_id"`) {
				t.Errorf("the schema is not shown: %q", s)
			}
			if l := visible("#loading"); len(l) != 0 {
				t.Errorf("the loading status is shown without scripts: %q", l)
			}
			if m := visible("main noscript .failure"); len(m) != 1 || !strings.Contains(m[0], "can be read") {
				t.Errorf("the no-script message: %q", m)
			}
			if w := eval[float64](tb, `document.documentElement.scrollWidth - innerWidth`); w > 1 {
				t.Errorf("the page scrolls sideways by %.0f px", w)
			}
			tb.screenshot("noscript-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
		})
	}
}

// Before app.wasm has arrived the lesson is already on screen: the question, the six rows with
// their Your prediction column unpredicted, and (at this width) the notes panel; its controls
// are disabled, which TestNoHalfWorkingPageBeforeReady checks.
func TestPrerenderedBeforeReady(t *testing.T) {
	release := make(chan struct{})
	tb := heldTab(t, release)
	defer close(release)
	tb.do(chromedp.EmulateViewport(1280, 900))
	rows := eval[[]string](tb, `[...document.querySelectorAll("#rows > tr")].filter(r => r.checkVisibility())
		.map(r => r.querySelector("[data-field=input]").value + " = " + JSON.stringify(r.querySelector("select").value))`)
	if len(rows) != len(lesson.Opening().Rows) {
		t.Fatalf("before ready, %d rows visible: %q", len(rows), rows)
	}
	for _, r := range rows {
		if !strings.HasSuffix(r, ` = ""`) {
			t.Errorf("row %q is predicted before the student did", r)
		}
	}
	if h := eval[string](tb, `document.getElementById("want-h").textContent`); h != "Your prediction" {
		t.Errorf("the prediction column is headed %q", h)
	}
	if !eval[bool](tb, `document.getElementById("notes-wait").checkVisibility()`) {
		t.Error("the notes panel does not say they open after the first Run")
	}
	if eval[bool](tb, `document.getElementById("notes-cards").checkVisibility()`) {
		t.Error("the notes' answers show before the student predicted")
	}
}

// heldTab opens the page on a server that holds app.wasm back until release is closed.
func heldTab(t *testing.T, release chan struct{}) *tab {
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	site := handlerWith(nil)
	srv := httptest.NewServer(handlerWith(map[string]http.HandlerFunc{"/app.wasm": func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		site.ServeHTTP(w, r)
	}}))
	t.Cleanup(srv.Close)
	tb := newTab(t)
	tb.navigateNoWait(srv.URL + "/")
	return tb
}
