package e2e

// Waiting on a condition, never on the clock: a tab lives until shortly before go test's own
// deadline (tabContext), and every wait below lasts as long as its condition takes.

import (
	"strconv"

	"github.com/chromedp/chromedp"
)

// poll waits until the JavaScript expression expr is truthy in the tab and returns its value.
// It has no time limit of its own (chromedp's Poll gives up after 30 s unless told otherwise):
// it waits on the condition for as long as the tab lives (tabContext). opts may set how it
// polls (WithPollingInterval, WithPollingMutation).
func poll[T any](tb *tab, expr string, opts ...chromedp.PollOption) (T, error) {
	return chromedp.Run(tb.ctx, chromedp.Poll[T](expr, append([]chromedp.PollOption{chromedp.WithPollingTimeout(0)}, opts...)...))
}

// setHash changes the page's fragment, as a link pasted into the address bar of the open page
// does, and returns once every hashchange listener (the app's among them) has run. The browser
// fires hashchange in a task of its own after the change, so a step right after
// location.hash = … (or after a fixed sleep, which a loaded machine outlasts) can run before
// the app has read the new fragment. fragment must differ from the current one.
func (tb *tab) setHash(fragment string) {
	tb.t.Helper()
	f := strconv.Quote(fragment)
	js := `new Promise((done, fail) => { if (location.hash.slice(1) === ` + f + `) { fail(new Error("the fragment is already that")); return; }
		addEventListener("hashchange", () => setTimeout(done, 0), {once: true}); location.hash = ` + f + `; })`
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](js, chromedp.EvalAwaitPromise)); err != nil {
		tb.t.Fatalf("setting the fragment to %q: %v", fragment, err)
	}
}

// scrollSettled waits until the page has stopped scrolling: scrollY the same in two frames in a
// row (a scroll, smooth or not, moves it every frame until it ends), where a fixed sleep is a bet
// on how long a loaded machine takes.
func (tb *tab) scrollSettled() {
	tb.t.Helper()
	js := `new Promise(done => { let y = NaN; const f = () => { if (scrollY === y) { done(true); return; } y = scrollY; requestAnimationFrame(f); }; requestAnimationFrame(f); })`
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
		tb.t.Fatalf("waiting for the page to stop scrolling: %v", err)
	}
}
