package e2e

import (
	"strings"
	"testing"
)

// app.wasm's download starts first (index.html preloads it before any script) and happens
// once: the loader's fetch matches the preload's mode and credentials, so the browser hands it
// the preloaded response instead of asking again.
func TestWasmPreloadedOnce(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	n := 0
	for _, r := range tb.requestsSince(0) {
		if strings.HasSuffix(r, "/app.wasm") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("app.wasm requested %d times, want once: %q", n, tb.requestsSince(0))
	}
	// Resource Timing: one entry for app.wasm, and no script's request started before it.
	order := eval[[]string](tb, `performance.getEntriesByType("resource")
		.filter(e => /\.(wasm|js|css)$/.test(new URL(e.name).pathname))
		.sort((a, b) => a.startTime - b.startTime).map(e => new URL(e.name).pathname + " " + e.initiatorType)`)
	if len(order) == 0 || order[0] != "/app.wasm link" {
		t.Errorf("resources in start order %q, want /app.wasm (preloaded by a link) first", order)
	}
	if c := strings.Count(strings.Join(order, "\n"), "/app.wasm"); c != 1 {
		t.Errorf("app.wasm has %d Resource Timing entries, want 1: %q", c, order)
	}
}
