package e2e

// One cold load: a fresh Chromium process with an empty profile per page load, so nothing a
// browser keeps between loads (HTTP cache, V8's code cache, a warm network stack, Pyodide's
// compiled code, which survives across browser contexts) helps the page.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/chromedp/chromedp"
)

// browserOptions are the flags of every Chromium the tests and benchmarks start.
func browserOptions(exe, profile string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.UserDataDir(profile),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	)
}

// coldFigures is what a page reports after it is ready, from the Performance timeline:
// times are ms from navigation start, bytes from Resource Timing (navigation and every
// resource; wire includes headers). wasm* are the first .wasm resource and how many were
// fetched: a preload that the loader's fetch does not reuse shows as two.
const coldFigures = `(() => {
	const nav = performance.getEntriesByType("navigation")[0];
	const res = performance.getEntriesByType("resource");
	const wasm = res.filter(e => new URL(e.name).pathname.endsWith(".wasm"));
	let wire = nav.transferSize, decoded = nav.decodedBodySize;
	for (const e of res) { wire += e.transferSize; decoded += e.decodedBodySize; }
	const m = performance.getEntriesByName("coerce:ready");
	return {ready: m.length ? m[0].startTime : -1, wire, decoded, resources: res.length,
		wasmFetches: wasm.length, wasmStart: wasm.length ? wasm[0].startTime : -1,
		wasmEnd: wasm.length ? wasm[0].responseEnd : -1};
})()`

// coldResult is one cold load's figures.
type coldResult struct {
	Ready       float64 `json:"ready"`
	Wire        float64 `json:"wire"`
	Decoded     float64 `json:"decoded"`
	Resources   int     `json:"resources"`
	WasmFetches int     `json:"wasmFetches"`
	WasmStart   float64 `json:"wasmStart"`
	WasmEnd     float64 `json:"wasmEnd"`
	FirstRun    float64 `json:"-"` // click on Run to the rows laid out
}

// coldLoad is a first visit: a browser with an empty profile opens url, waits for data-ready,
// reads [coldFigures], presses Run and checks the codes (see [visit]).
func coldLoad(ctx context.Context, url string, codeCell int, want []string) (coldResult, error) {
	profile, err := os.MkdirTemp("", "coerce-bench-chromium-")
	if err != nil {
		return coldResult{}, err
	}
	defer os.RemoveAll(profile)
	return visit(ctx, profile, url, codeCell, want, false)
}

// returningLoad is a first visit and a second one by the same student: a browser with an empty
// profile opens url and waits until the page's service worker (if it registers one) is active
// and keeps app.wasm; the browser is closed and a new one on the same profile opens url again.
// It returns the figures of both visits.
func returningLoad(ctx context.Context, url string, codeCell int, want []string) (first, back coldResult, err error) {
	profile, err := os.MkdirTemp("", "coerce-bench-chromium-")
	if err != nil {
		return first, back, err
	}
	defer os.RemoveAll(profile)
	if first, err = visit(ctx, profile, url, codeCell, want, true); err != nil {
		return first, back, err
	}
	back, err = visit(ctx, profile, url, codeCell, want, false)
	return first, back, err
}

// kept is true once the page's files are kept for the next visit: no service worker registered
// (the bare page: the HTTP cache keeps its files), or one that is active with app.wasm in its
// cache.
const kept = `navigator.serviceWorker.getRegistration().then(r => !r || (!!r.active &&
	caches.match(new URL("app.wasm", location.href).href).then(m => !!m)))`

// visit starts a browser on profile, opens url, waits for data-ready, reads [coldFigures],
// presses Run and checks that the results hold the lesson's codes (the code in cell codeCell
// of each row of #results), waits for [kept] when keep is set, then closes the browser.
func visit(ctx context.Context, profile, url string, codeCell int, want []string, keep bool) (coldResult, error) {
	var r coldResult
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, browserOptions(browserExe, profile)...)
	defer cancelAlloc()
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	defer cancelTab()
	// Closes the browser the way a student does, so that it writes its caches to the profile.
	defer chromedp.Cancel(tabCtx)
	// Generous: on a loaded 2-core machine a cold Pyodide load has taken over 90 s.
	tabCtx, cancelTimeout := context.WithTimeout(tabCtx, 6*time.Minute)
	defer cancelTimeout()

	if err := chromedp.Do(tabCtx); err != nil { // starts the browser on about:blank
		return r, err
	}
	if err := chromedp.Do(tabCtx, chromedp.Navigate(url)); err != nil {
		return r, err
	}
	state, err := chromedp.Run(tabCtx, chromedp.Poll[string](
		`document.documentElement.dataset.ready === "true" ? "ready" : (document.documentElement.dataset.load === "failed" ? "failed" : "")`,
		chromedp.WithPollingTimeout(5*time.Minute)))
	if err != nil {
		return r, fmt.Errorf("%s: waiting for ready: %w", url, err)
	}
	if state != "ready" {
		text, _ := chromedp.Run(tabCtx, chromedp.Evaluate[string](`document.body.innerText`))
		return r, fmt.Errorf("%s did not start: %.300s", url, text)
	}
	if r, err = chromedp.Run(tabCtx, chromedp.Evaluate[coldResult](coldFigures)); err != nil {
		return r, err
	}
	if r.Ready < 0 {
		return r, errors.New(url + " set data-ready without the coerce:ready mark")
	}
	if r.FirstRun, err = chromedp.Run(tabCtx, chromedp.Evaluate[float64](clickAndLayout("run"))); err != nil {
		return r, err
	}
	codes, err := chromedp.Run(tabCtx, chromedp.Evaluate[[]string](fmt.Sprintf(
		`[...document.querySelectorAll("#results > tr")].map(tr => tr.children[%d].textContent.trim())`, codeCell)))
	if err != nil {
		return r, err
	}
	if !slices.Equal(codes, want) {
		return r, fmt.Errorf("%s: Run answered codes %q, want %q", url, codes, want)
	}
	if keep {
		if _, err := chromedp.Run(tabCtx, chromedp.Poll[bool](kept, chromedp.WithPollingTimeout(5*time.Minute))); err != nil {
			return r, fmt.Errorf("%s: waiting for the worker to keep the page's files: %w", url, err)
		}
	}
	return r, nil
}
