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

// coldLoad starts a browser, opens url, waits for data-ready, reads [coldFigures], presses Run
// and checks that the results hold the lesson's codes (the code in cell codeCell of each row of
// #results), then ends the browser.
func coldLoad(ctx context.Context, url string, codeCell int, want []string) (coldResult, error) {
	var r coldResult
	profile, err := os.MkdirTemp("", "coerce-bench-chromium-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(profile)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, browserOptions(browserExe, profile)...)
	defer cancelAlloc()
	tabCtx, cancelTab := chromedp.NewContext(allocCtx)
	defer cancelTab()
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
	return r, nil
}
