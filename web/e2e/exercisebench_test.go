package e2e

import (
	"encoding/base64"
	"net/http"
	"os"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/gotoolchain"
	"coerceplayground/build/webbuild"
	"coerceplayground/lesson/exercise"
	"coerceplayground/web"
)

// countingWriter counts the body bytes a handler sends (compressed, as sent).
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w countingWriter) Write(b []byte) (int, error) {
	w.n.Add(int64(len(b)))
	return w.ResponseWriter.Write(b)
}

// BenchmarkExercise opens the exercise page cold (a fresh browser context) on the reference
// solution over loopback, and reports: ready (navigation to data-exercise-ready), the first Run
// (press to every row graded: compile, link, run, grade) and the median of four more Runs in the
// same tab, and the bytes the server sent for the visit (body bytes, brotli where accepted).
//
//	go test -run '^$' -bench Exercise -benchtime 3x ./web/e2e
func BenchmarkExercise(b *testing.B) {
	if err := gotoolchain.Build(gotoolchain.Config{Root: moduleRoot, Log: os.Stderr}); err != nil {
		b.Fatal(err)
	}
	var sent atomic.Int64
	site := web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{})
	url := serveFor(b, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site.ServeHTTP(countingWriter{w, &sent}, r)
	}))
	link := url + "exercise.html#code=" + base64.RawURLEncoding.EncodeToString([]byte(exercise.Solution))
	const timed = `(() => { const t0 = performance.now(); document.getElementById("exercise-status").dataset.state = "pressed";
		document.getElementById("exercise-run").click();
		return new Promise(r => { const tick = () => { const s = document.getElementById("exercise-status").dataset.state;
			if (s === "pressed" || s === "running") requestAnimationFrame(tick); else r(performance.now() - t0); }; tick(); }); })()`
	var ready, cold, warm, bytes []float64
	for b.Loop() {
		sent.Store(0)
		tb := newTab(b)
		tb.do(chromedp.Navigate(link))
		exerciseReady(tb)
		ready = append(ready, eval[float64](tb, `performance.now()`))
		bytes = append(bytes, float64(sent.Load()))
		run := func() float64 {
			v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[float64](timed, chromedp.EvalAwaitPromise))
			if err != nil {
				b.Fatal(err)
			}
			return v
		}
		cold = append(cold, run())
		var w []float64
		for range 4 {
			w = append(w, run())
		}
		warm = append(warm, median(w))
		if got := eval[string](tb, `document.getElementById("exercise-status").dataset.state`); got != "ran" {
			b.Fatalf("the solution's Run ended %q", got)
		}
	}
	report(b, "ready-ms", ready)
	report(b, "cold-run-ms", cold)
	report(b, "warm-run-ms", warm)
	report(b, "sent-bytes", bytes)
}
