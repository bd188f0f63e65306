package e2e

// The SCORM packages (build/scorm) in a course site whose LMS runtime is scorm-again
// (lmsSite, scormhost_test.go): first launch, the score and the interactions of a run,
// predictions after Run, resume, a fresh attempt, an API that comes late or never, an LMS
// that refuses, and no request but the package's own files.

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"coerceplayground/lms"
)

// openCourse opens the course page and waits until the package's page is ready.
func openCourse(t *testing.T, s *lmsSite, api, resume string) *tab {
	t.Helper()
	// Every frame's localStorage is read through a counter: the package must never touch it.
	return openCourseWith(t, s, api, resume, storageTrap)
}

// openCourseWith is openCourse with scripts run first in every frame of the course page.
func openCourseWith(t *testing.T, s *lmsSite, api, resume string, scripts ...string) *tab {
	t.Helper()
	tb := newTab(t)
	for _, src := range scripts {
		if _, err := chromedp.Call(tb.ctx, cdppage.AddScriptToEvaluateOnNewDocument,
			cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
			t.Fatal(err)
		}
	}
	q := url.Values{"api": {api}}
	if resume != "" {
		q.Set("resume", resume)
	}
	tb.do(chromedp.Navigate(s.srv.URL + "/course/view.html?" + q.Encode()))
	lmsWait(tb, `(() => { const d = document.getElementById("sco").contentDocument; return d && d.documentElement.dataset.ready === "true"; })()`)
	return tb
}

// storageTrap counts, in the course page, every read of localStorage in a frame.
const storageTrap = `(() => {
  if (window === top) return;
  const d = Object.getOwnPropertyDescriptor(Window.prototype, "localStorage") || Object.getOwnPropertyDescriptor(window, "localStorage");
  Object.defineProperty(window, "localStorage", {configurable: true, get() {
    try { top.__scoStorage = (top.__scoStorage || 0) + 1; } catch (e) {}
    return d.get.call(window);
  }});
  window.__storageTrapped = true;
})();`

// lmsWait waits until expr is true in the course page (poll: as long as the tab lives).
func lmsWait(tb *tab, expr string) {
	tb.t.Helper()
	if _, err := poll[bool](tb, expr); err != nil {
		tb.t.Fatalf("waiting for %s: %v; the LMS saw %s", expr, err, eval[string](tb, `JSON.stringify(__log)`))
	}
}

// sco evaluates expr with d bound to the package's document (same origin: the course page
// reaches into it; the package's CSP allows no eval of its own).
func sco[T any](tb *tab, expr string) T {
	tb.t.Helper()
	return eval[T](tb, `(() => { const d = document.getElementById("sco").contentDocument; return (`+expr+`); })()`)
}

// predictAndRun picks each row's prediction ("" leaves it) and presses Run.
func predictAndRun(tb *tab, preds []string) {
	tb.t.Helper()
	for i, p := range preds {
		if p == "" {
			continue
		}
		sco[bool](tb, `(() => { const s = d.getElementById("row-`+strconv.Itoa(i)+`-want"); s.value = `+strconv.Quote(p)+
			`; s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	}
	sco[bool](tb, `(d.getElementById("run").click(), true)`)
}

func commits(tb *tab) int { return eval[int](tb, `__log.filter(e => e[0] === "commit").length`) }

// cmi is the LMS's value of an element.
func cmi(tb *tab, s *lmsSite, el string) string {
	tb.t.Helper()
	return eval[string](tb, `String(window[`+strconv.Quote(lms.NamesOf(s.v).API)+`].getFlattenedCMI()[`+strconv.Quote(el)+`] ?? "")`)
}

// interactionSets are the elements a run set under cmi.interactions, in order, as "N.field=value".
func interactionSets(tb *tab, since int) []string {
	return eval[[]string](tb, `__log.slice(`+strconv.Itoa(since)+`).filter(e => e[0] === "set" && e[1].startsWith("cmi.interactions.")).map(e => e[1].slice(17) + "=" + e[2])`)
}

func status(tb *tab) string { return sco[string](tb, `d.getElementById("lms-status").textContent`) }

// lessonRight are predictions for the lesson's six rows: 4 right, 1 wrong (row 5), 1 not made.
var lessonRight = []string{"ok", "ok", "invalid_args", "invalid_args", "ok", ""}

func TestSCORMRun(t *testing.T) {
	for _, v := range []lms.Version{lms.SCORM12, lms.SCORM2004} {
		t.Run(v.String(), func(t *testing.T) { scormRun(t, newLMS(t, v)) })
	}
}

// scormRun is one learner's two launches: the first, whose run and whose prediction after Run
// it checks, then the resume.
func scormRun(t *testing.T, s *lmsSite) {
	tb := openCourse(t, s, "now", "")
	lmsWait(tb, `document.getElementById("sco").contentDocument.getElementById("lms-status").textContent !== ""`)
	if got := status(tb); got != lms.Connected {
		t.Errorf("status %q, want %q", got, lms.Connected)
	}
	if hidden := sco[bool](tb, `["show-answers", "instructor"].every(id => d.getElementById(id).offsetParent === null)`); !hidden {
		t.Error("the lesson's answers or the instructor tools are shown in a graded activity")
	}
	predictAndRun(tb, lessonRight)
	lmsWait(tb, `__log.some(e => e[0] === "commit")`)
	want := checkFirstRun(t, tb, s)
	suspend := checkRunAgain(t, tb, s, want)
	checkLeave(t, tb, s)
	checkResume(t, s, suspend)
}

// wantInteractions are the interaction sets of lessonRight's run, in order.
func wantInteractions(v lms.Version) []string {
	wrong, resp, kind := "wrong", "student_response", "fill-in"
	id := func(i int) string { return "row-" + strconv.Itoa(i+1) }
	if v == lms.SCORM2004 {
		wrong, resp, kind = "incorrect", "learner_response", "choice"
		id = func(i int) string { return "urn:coerce-playground:bc4639441050f9f5:row:" + strconv.Itoa(i+1) }
	}
	var want []string
	results := []string{"correct", "correct", "correct", "correct", wrong, "neutral"}
	for i, got := range []string{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found"} {
		p := strconv.Itoa(i) + "."
		want = append(want, p+"id="+id(i), p+"type="+kind)
		if lessonRight[i] != "" {
			want = append(want, p+resp+"="+lessonRight[i])
		}
		want = append(want, p+"correct_responses.0.pattern="+got, p+"result="+results[i])
	}
	return want
}

// checkFirstRun checks the score, the status, the interactions in order and exit = suspend.
func checkFirstRun(t *testing.T, tb *tab, s *lmsSite) []string {
	n := lms.NamesOf(s.v)
	raw, scaled := cmi(tb, s, n.Score+"raw"), cmi(tb, s, n.Score+"scaled")
	if raw != "67" || (s.v == lms.SCORM2004 && scaled != "0.6667") {
		t.Errorf("raw %q scaled %q, want 67 and 0.6667", raw, scaled)
	}
	if got := cmi(tb, s, n.Status); got != "completed" {
		t.Errorf("%s = %q, want completed", n.Status, got)
	}
	want := wantInteractions(s.v)
	if got := interactionSets(tb, 0); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("interactions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if exit := eval[string](tb, `(__log.filter(e => e[1] === `+strconv.Quote(n.Exit)+`).pop() || [])[2] || ""`); exit != "suspend" || cmi(tb, s, n.Suspend) == "" {
		t.Errorf("exit %q, suspend_data %q: want suspend and the predictions", exit, cmi(tb, s, n.Suspend))
	}
	return want
}

// checkRunAgain predicts the last row after its result was shown and runs again: neither the
// score nor the record changes. It returns the suspend data.
func checkRunAgain(t *testing.T, tb *tab, s *lmsSite, want []string) string {
	n := lms.NamesOf(s.v)
	suspend := cmi(tb, s, n.Suspend)
	mark := eval[int](tb, `__log.length`)
	predictAndRun(tb, []string{"", "", "", "", "", "not_found"})
	lmsWait(tb, `__log.filter(e => e[0] === "commit").length === 2`)
	if raw := cmi(tb, s, n.Score+"raw"); raw != "67" || cmi(tb, s, n.Suspend) != suspend {
		t.Errorf("after predicting row 6 after Run: raw %q, suspend_data %q (was %q)", raw, cmi(tb, s, n.Suspend), suspend)
	}
	if got := interactionSets(tb, mark); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the second run recorded other interactions:\n%s", strings.Join(got, "\n"))
	}
	if broken := eval[[]string](tb, `__broken`); len(broken) > 0 {
		t.Errorf("breaks Moodle's rules: %v", broken)
	}
	return suspend
}

// checkLeave leaves the page: session_time, then Finish or Terminate exactly once; nothing
// read from or left in localStorage, nothing asked of the server but the package's files.
func checkLeave(t *testing.T, tb *tab, s *lmsSite) {
	n := lms.NamesOf(s.v)
	if !sco[bool](tb, `d.defaultView.__storageTrapped === true`) {
		t.Fatal("the storage trap is not in the package's window: the check below could not fail")
	}
	sco[bool](tb, `(document.getElementById("sco").src = "about:blank", true)`)
	lmsWait(tb, `__log.some(e => e[0] === "finish")`)
	time.Sleep(300 * time.Millisecond)
	tail := eval[[]string](tb, `__log.slice(-2).map(e => e[0] + " " + (e[1] || ""))`)
	if len(tail) != 2 || tail[0] != "set "+n.SessionTime || tail[1] != "finish " || eval[int](tb, `__log.filter(e => e[0] === "finish").length`) != 1 {
		t.Errorf("the end of the session: %v, want session_time then one finish", tail)
	}
	if reads := eval[int](tb, `window.__scoStorage || 0`); reads != 0 || eval[int](tb, `localStorage.length`) != 0 {
		t.Errorf("the package touched localStorage %d times and left %d items", reads, eval[int](tb, `localStorage.length`))
	}
	if st := s.strays(); len(st) > 0 {
		t.Errorf("requests for what is not the package's: %v", st)
	}
}

// checkResume launches again with entry = resume: the predictions and the last score come back.
func checkResume(t *testing.T, s *lmsSite, suspend string) {
	tb := openCourse(t, s, "now", resumeCMI(s.v, suspend))
	lmsWait(tb, `document.getElementById("sco").contentDocument.getElementById("lms-status").textContent !== ""`)
	for i, p := range lessonRight {
		if got := sco[string](tb, `d.getElementById("row-`+strconv.Itoa(i)+`-want").value`); got != p {
			t.Errorf("resumed row %d: %q, want %q", i+1, got, p)
		}
	}
	if right := sco[string](tb, `d.getElementById("score").dataset.right || ""`); right != "4" || !strings.Contains(status(tb), "67 %") {
		t.Errorf("resumed score: %s right, status %q", right, status(tb))
	}
	if commits(tb) != 0 {
		t.Error("resuming recorded a run")
	}
}

func TestSCORMFreshAttempt(t *testing.T) {
	for _, v := range []lms.Version{lms.SCORM12, lms.SCORM2004} {
		t.Run(v.String(), func(t *testing.T) {
			s := newLMS(t, v)
			tb := openCourse(t, s, "now", "")
			predictAndRun(tb, []string{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "ok"})
			lmsWait(tb, `__log.some(e => e[0] === "commit")`)
			if raw := cmi(tb, s, lms.NamesOf(v).Score+"raw"); raw != "83" {
				t.Errorf("5 of 6 right: raw %q, want 83", raw)
			}
			if !strings.Contains(status(tb), "83 %") {
				t.Errorf("status %q", status(tb))
			}
		})
	}
}

func TestSCORMLateAndMissingAPI(t *testing.T) {
	for _, v := range []lms.Version{lms.SCORM12, lms.SCORM2004} {
		t.Run(v.String(), func(t *testing.T) {
			s := newLMS(t, v)
			late := openCourse(t, s, "late", "")
			lmsWait(late, `document.getElementById("sco").contentDocument.getElementById("lms-status").textContent !== ""`)
			if got := status(late); got != lms.Connected {
				t.Errorf("an API added after 1 s: status %q", got)
			}
			predictAndRun(late, lessonRight)
			lmsWait(late, `__log.some(e => e[0] === "commit")`)

			none := openCourse(t, s, "none", "")
			lmsWait(none, `document.getElementById("sco").contentDocument.getElementById("lms-status").textContent !== ""`)
			if got := status(none); got != lms.NotConnected {
				t.Errorf("no API: status %q, want %q", got, lms.NotConnected)
			}
			predictAndRun(none, lessonRight)
			lmsWait(none, `document.getElementById("sco").contentDocument.querySelectorAll("#results tr").length === 6`)
			if got := sco[string](none, `d.getElementById("score").dataset.right || ""`); got != "4" {
				t.Errorf("no API: the page's score says %q right, want 4", got)
			}
			if st := s.strays(); len(st) > 0 {
				t.Errorf("requests for what is not the package's: %v", st)
			}
		})
	}
}

func TestSCORMRefused(t *testing.T) {
	for _, v := range []lms.Version{lms.SCORM12, lms.SCORM2004} {
		t.Run(v.String(), func(t *testing.T) {
			s := newLMS(t, v)
			tb := openCourse(t, s, "refuse", "")
			predictAndRun(tb, lessonRight)
			lmsWait(tb, `__log.some(e => e[0] === "commit")`)
			got := status(tb)
			if !strings.Contains(got, "refused "+lms.NamesOf(v).Score+"raw = 67: error 405 (") {
				t.Errorf("status %q: want the refusal with its code and the LMS's text", got)
			}
			predictAndRun(tb, lessonRight) // the page keeps working
			lmsWait(tb, `__log.filter(e => e[0] === "commit").length === 2`)
		})
	}
}

// A course page framed by a page of another site: the walk up the parents reaches a window
// whose every property but a few throws. The package reads it through jsguard, goes on, and
// says it is not connected; nothing throws.
func TestSCORMCrossOriginAncestor(t *testing.T) {
	s := newLMS(t, lms.SCORM12)
	outer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><title>Portal</title><link rel="icon" href="data:,">`+
			`<script>window.API = {LMSInitialize: function () { return "true"; }};</script>`+
			`<iframe src="`+s.srv.URL+`/course/view.html?api=none" width="1000" height="900"></iframe>`)
	}))
	t.Cleanup(outer.Close)
	tb := newTab(t)
	tb.do(chromedp.Navigate(otherSite(outer.URL) + "/"))
	course := targetTab(tb, "/course/view.html")
	lmsWait(course, `(() => { const d = document.getElementById("sco").contentDocument; return d && d.getElementById("lms-status").textContent !== ""; })()`)
	if got := status(course); got != lms.NotConnected {
		t.Errorf("status %q, want %q: an API in a window of another origin is not the course site's", got, lms.NotConnected)
	}
	predictAndRun(course, lessonRight)
	lmsWait(course, `document.getElementById("sco").contentDocument.querySelectorAll("#results tr").length === 6`)
}

// targetTab is the iframe target whose URL contains path, as a tab of its own (a frame of
// another site runs in its own process); its console errors fail the test.
func targetTab(tb *tab, path string) *tab {
	tb.t.Helper()
	bc := chromedp.FromContext(tb.ctx).BrowserContextID
	// Until the frame's target exists, or the tab's time is up (tabContext).
	for ; tb.ctx.Err() == nil; time.Sleep(100 * time.Millisecond) {
		ts, err := chromedp.Targets(tb.ctx)
		if err != nil {
			tb.t.Fatal(err)
		}
		for _, ti := range ts {
			if ti.Type == "iframe" && strings.Contains(ti.URL, path) && (bc == "" || ti.BrowserContextID == bc) {
				f := &tab{t: tb.t}
				ctx, cancel := chromedp.NewContext(tb.ctx, chromedp.WithTargetID(ti.TargetID), chromedp.WithListener(f.listen))
				f.ctx = ctx
				if err := chromedp.Do(ctx); err != nil {
					tb.t.Fatal(err)
				}
				tb.t.Cleanup(func() {
					f.mu.Lock()
					for _, p := range f.problems {
						tb.t.Errorf("console in %s: %s", path, p)
					}
					f.mu.Unlock()
					cancel()
				})
				return f
			}
		}
	}
	tb.t.Fatalf("no iframe target at %s", path)
	return nil
}
