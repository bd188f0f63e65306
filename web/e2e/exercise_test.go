package e2e

import (
	"encoding/base64"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/gotoolchain"
	"coerceplayground/build/webbuild"
	"coerceplayground/lesson"
	"coerceplayground/lesson/exercise"
	"coerceplayground/web"
)

// exerciseRow is one <tr> of #exercise-results.
type exerciseRow struct {
	Code, Want, Pass, Dangerous string
}

// exerciseReady waits until the exercise page says a Run can compile.
func exerciseReady(tb *tab) {
	tb.t.Helper()
	const ready = `document.documentElement.dataset.exerciseReady || ""`
	state, err := poll[string](tb, ready)
	for tries := 0; err != nil && contextGone(err) && tries < 20; tries++ {
		state, err = poll[string](tb, ready)
	}
	if err != nil || state != "true" {
		tb.t.Fatalf("the exercise did not get ready (%q, %v): %s", state, err, eval[string](tb, `document.getElementById("exercise-load").textContent`))
	}
}

// setCode replaces the file in the editor as typing would (an input event).
func setCode(tb *tab, src string) {
	tb.t.Helper()
	eval[bool](tb, `(function(){var c=document.getElementById("code");c.value=`+strconv.Quote(src)+`;c.dispatchEvent(new Event("input"));return true})()`)
}

// exerciseRun presses Run and waits for the Run's sentence; it returns data-state and the rows.
func exerciseRun(tb *tab) (string, string, []exerciseRow) {
	tb.t.Helper()
	eval[bool](tb, `(document.getElementById("exercise-status").dataset.state="pressed", document.getElementById("exercise-run").click(), true)`)
	state, err := poll[string](tb, `(function(){var s=document.getElementById("exercise-status").dataset.state;return s==="pressed"||s==="running"?"":s})()`)
	if err != nil {
		tb.t.Fatalf("waiting for the Run: %v", err)
	}
	rows := eval[[]exerciseRow](tb, `Array.from(document.querySelectorAll("#exercise-results tr")).map(tr => ({Code: tr.dataset.code, Want: tr.dataset.want, Pass: tr.dataset.pass, Dangerous: tr.dataset.dangerous || ""}))`)
	return state, eval[string](tb, `document.getElementById("exercise-status").textContent`), rows
}

// TestExercise: the exercise page compiles the starter, the reference solution and broken
// programs with Go's own compiler in the tab, and grades them row by row against the lesson; the
// file is kept across a reload, a link opens a file on a table, and after one visit it works
// offline without a request.
func TestExercise(t *testing.T) {
	tb := newTab(t)
	if err := gotoolchain.Build(gotoolchain.Config{Root: moduleRoot, Log: os.Stderr}); err != nil {
		t.Fatal(err)
	}
	s := newOfflineServer(t, web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))
	tb.do(chromedp.Navigate(s.URL + "/exercise.html"))
	exerciseReady(tb)

	if got := eval[string](tb, `document.getElementById("code").value`); got != exercise.Starter {
		t.Fatalf("the editor does not open on the starter: %.200q", got)
	}
	exerciseGrades(t, tb)
	exerciseRefuses(t, tb)
	exerciseKeeps(t, tb, s)
}

// exerciseGrades: the starter fails the rows it must, the solution passes all six, and a program
// that accepts true is marked dangerous on that row.
func exerciseGrades(t *testing.T, tb *tab) {
	want := []string{"ok", "ok", "invalid_args", "invalid_args", "invalid_args", "not_found"}
	state, sentence, rows := exerciseRun(tb)
	if state != "ran" || len(rows) != len(want) {
		t.Fatalf("the starter: %s %q, %d rows", state, sentence, len(rows))
	}
	for i, r := range rows {
		if r.Want != want[i] || r.Code != "invalid_args" || (r.Pass == "true") != (want[i] == "invalid_args") {
			t.Errorf("the starter, row %d: %+v", i+1, r)
		}
	}

	setCode(tb, exercise.Solution)
	if state, sentence, rows = exerciseRun(tb); state != "ran" || !strings.Contains(sentence, "6 of 6 rows agree") {
		t.Errorf("the solution: %s %q %+v", state, sentence, rows)
	}

	accepts := strings.Replace(exercise.Solution, "case raw[0] == 't' || raw[0] == 'f':", "case raw[0] == 't':\n\t\treturn 17, nil\n\tcase raw[0] == 'f':", 1)
	setCode(tb, accepts)
	state, sentence, rows = exerciseRun(tb)
	if state != "ran" || rows[4].Code != "ok" || rows[4].Dangerous != "true" || rows[4].Pass != "false" || !strings.Contains(sentence, "dangerous") {
		t.Errorf("accepting true: %s %q %+v", state, sentence, rows)
	}

}

// exerciseRefuses: a compile error with its place, a loop stopped after 5 s (and the next Run
// works), a goroutine's panic and a refused import each get their sentence and state.
func exerciseRefuses(t *testing.T, tb *tab) {
	setCode(tb, "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(\"hi\" + 1)\n}\n")
	state, sentence, _ := exerciseRun(tb)
	errs := eval[[]map[string]string](tb, `Array.from(document.querySelectorAll("#exercise-errors li")).map(li => ({line: li.dataset.line, col: li.dataset.col}))`)
	if state != "compile_error" || len(errs) != 2 || errs[0]["line"] != "6" || errs[0]["col"] != "2" {
		t.Errorf("a compile error: %s %q %v", state, sentence, errs)
	}
	eval[bool](tb, `(document.querySelector("#exercise-errors li button").click(), true)`)
	if at := eval[int](tb, `document.getElementById("code").selectionStart`); at != len("package main\n\nimport \"fmt\"\n\nfunc main() {\n\t") {
		t.Errorf("clicking the error put the cursor at %d", at)
	}

	setCode(tb, strings.Replace(exercise.Solution, "func main() {", "func main() {\n\tfor {\n\t}", 1))
	if state, sentence, _ = exerciseRun(tb); state != "stopped" || !strings.Contains(sentence, "5 seconds") {
		t.Errorf("a loop that never ends: %s %q", state, sentence)
	}
	setCode(tb, strings.Replace(exercise.Solution, "func main() {", "func main() {\n\tfor {\n\t\tfmt.Println(strings.Repeat(\"more \", 1000))\n\t}", 1))
	if state, sentence, _ = exerciseRun(tb); state != "stopped" || !strings.Contains(sentence, "more than 256 KiB") {
		t.Errorf("too much output: %s %q", state, sentence)
	}
	setCode(tb, strings.Replace(exercise.Solution, "func main() {", "func main() {\n\tgo func() { panic(\"boom\") }()\n\tselect {}", 1))
	if state, sentence, _ = exerciseRun(tb); state != "crashed" || !strings.Contains(sentence, "panic: boom") {
		t.Errorf("a goroutine that panics: %s %q", state, sentence)
	}
	setCode(tb, strings.Replace(exercise.Solution, `import (`, "import (\n\t\"net/http\"", 1))
	state, sentence, _ = exerciseRun(tb)
	if msg := eval[string](tb, `document.getElementById("exercise-errors").textContent`); state != "compile_error" || !strings.Contains(msg, "cannot import net/http: an exercise may import bufio, bytes, encoding/json") {
		t.Errorf("a refused import: %s %q %q", state, sentence, msg)
	}

}

// exerciseKeeps: the file is kept across a reload, a link opens a file on its table, and after
// the visit the page runs offline.
func exerciseKeeps(t *testing.T, tb *tab, s *offlineServer) {
	// The file is kept: a reload opens it.
	setCode(tb, exercise.Solution)
	tb.do(chromedp.Reload())
	exerciseReady(tb)
	if got := eval[string](tb, `document.getElementById("code").value`); got != exercise.Solution {
		t.Errorf("after a reload the editor holds %.100q, want the file it had", got)
	}

	// A link opens a file on a table.
	tricky, err := os.ReadFile(moduleRoot + "/lesson/testdata/tables/tricky.table")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := lesson.ParseTable(string(tricky))
	if err != nil {
		t.Fatal(err)
	}
	link := "/exercise.html#code=" + base64.RawURLEncoding.EncodeToString([]byte(exercise.Solution)) + "&table=" + lesson.EncodeShare(tab)
	tb.do(chromedp.Navigate(s.URL + link))
	exerciseReady(tb)
	if state, sentence, rows := exerciseRun(tb); state != "ran" || len(rows) != len(tab.Rows) || !strings.Contains(sentence, strconv.Itoa(len(tab.Rows))+" of "+strconv.Itoa(len(tab.Rows))) {
		t.Errorf("the solution on a linked table of %d rows: %s %q, %d rows", len(tab.Rows), state, sentence, len(rows))
	}

	// Offline after one visit: nothing is requested, and Run works.
	if _, err := poll[bool](tb, `navigator.serviceWorker.controller !== null`); err != nil {
		t.Fatal(err)
	}
	goOffline(tb, s)
	before := s.count()
	tb.do(chromedp.Navigate(s.URL + "/exercise.html"))
	exerciseReady(tb)
	if state, sentence, _ := exerciseRun(tb); state != "ran" || !strings.Contains(sentence, "6 of 6") {
		t.Errorf("offline: %s %q", state, sentence)
	}
	if got := s.since(before); len(got) > 0 {
		t.Logf("requests that reached the dropped server while offline: %q", got)
	}
}
