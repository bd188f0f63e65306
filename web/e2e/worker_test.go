package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/dist"
	"coerceplayground/web"
)

// syncBuffer is a log that wrangler writes and the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// wranglerConfig is the repository's wrangler.jsonc with main and the assets
// directory pointed at this test's builds; every other setting (the ASSETS
// binding, run_worker_first, vars) is the one that deploys.
func wranglerConfig(t *testing.T, dir, worker, assets string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(moduleRoot, "wrangler.jsonc"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(raw), "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "//") {
			lines = append(lines, l)
		}
	}
	var cfg map[string]any
	if err := json.Unmarshal([]byte(strings.Join(lines, "\n")), &cfg); err != nil {
		t.Fatalf("wrangler.jsonc (with whole-line comments removed) is not JSON: %v", err)
	}
	cfg["main"] = worker
	cfg["assets"].(map[string]any)["directory"] = assets
	delete(cfg, "$schema")
	out, _ := json.MarshalIndent(cfg, "", "  ")
	name := filepath.Join(dir, "wrangler.json")
	if err := os.WriteFile(name, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// wranglerDev is wrangler dev (workerd) serving this checkout's worker and dist/.
type wranglerDev struct {
	base, assets string
	man          *dist.Manifest
	pid          int
	exited       <-chan struct{}
	logs         *syncBuffer
}

// The edge deployment on the real runtime: wrangler dev (workerd) serving
// dist/ through Workers Static Assets and the Go worker for the embed page
// and /oembed, bound to 127.0.0.1, offline.
func TestWorkerOnWrangler(t *testing.T) {
	w := startWrangler(t)
	w.checkFiles(t)
	w.checkEmbedAndOEmbed(t)
	if noBrowser == "" {
		w.checkBrowser(t)
	}
}

// startWrangler builds dist/ and the worker (make dist, make worker) into temp directories and
// starts wrangler dev on them, returning once it answers.
func startWrangler(t *testing.T) *wranglerDev {
	t.Helper()
	wrangler := filepath.Join(moduleRoot, "node_modules", ".bin", "wrangler")
	node, nodeErr := exec.LookPath("node")
	// make test installs the pinned wrangler first (its wrangler target); a missing one is
	// a failure, never a silent skip, so the README's test command tests the edge everywhere.
	if nodeErr != nil {
		t.Fatal("node is not on PATH: install Node 20 (with npm) and run make test, which installs the pinned wrangler")
	}
	if _, err := os.Stat(wrangler); err != nil {
		t.Fatal("wrangler is not installed in node_modules: run make test (its wrangler target runs npm ci) or npm ci --no-audit --no-fund")
	}
	tmp := t.TempDir()
	assets, man := buildDist(t, "")

	// make worker, into the temp directory.
	build := filepath.Join(tmp, "build")
	goTool := func(env []string, args ...string) {
		cmd := exec.Command("go", args...)
		cmd.Dir = moduleRoot
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	goTool(nil, "run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-runtime=cloudflare", "-o", build)
	goTool([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-o", filepath.Join(build, "app.wasm"), "./cmd/worker")
	config := wranglerConfig(t, tmp, filepath.Join(build, "worker.mjs"), assets)

	// Offline: no telemetry, no crash reports, no banner (its npm update
	// check), no Request.cf download, and an update-check cache that stays
	// fresh, for the error paths that check anyway.
	xdg, tmpdir := filepath.Join(tmp, "xdg"), filepath.Join(tmp, "tmp")
	if err := os.MkdirAll(filepath.Join(tmpdir, "update-check"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmpdir, "update-check", "wrangler-latest.json"),
		[]byte(`{"latest":null,"lastUpdate":4102444800000}`), 0o644); err != nil {
		t.Fatal(err)
	}
	const embedders = "https://course.example.edu, http://127.0.0.1:9000"
	port := freePort(t)
	var logs syncBuffer
	cmd := exec.Command(node, wrangler, "dev", "--config", config, "--ip", "127.0.0.1", "--port", strconv.Itoa(port),
		"--inspector-port", strconv.Itoa(freePort(t)), "--persist-to", filepath.Join(tmp, "state"),
		"--var", "ALLOWED_EMBEDDERS:"+embedders, "--log-level", "warn")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(),
		"WRANGLER_SEND_METRICS=false", "WRANGLER_SEND_ERROR_REPORTS=false", "WRANGLER_HIDE_BANNER=true",
		"CLOUDFLARE_CF_FETCH_ENABLED=false", "XDG_CONFIG_HOME="+xdg, "TMPDIR="+tmpdir, "CI=true")
	cmd.Stdout, cmd.Stderr = &logs, &logs
	exited := startGroup(t, cmd)
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	took := waitHTTP(t, base+"/", exited, logs.String)
	t.Logf("wrangler dev answered after %s", took.Round(10*time.Millisecond))
	return &wranglerDev{base: base, assets: assets, man: man, pid: cmd.Process.Pid, exited: exited, logs: &logs}
}

// get fetches path from the edge.
func (w *wranglerDev) get(t *testing.T, path string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(w.base + path)
	if err != nil {
		t.Fatalf("GET %s: %v\n%s", path, err, w.logs.String())
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

// want checks one header of the answer to path.
func want(t *testing.T, path string, res *http.Response, header, value string) {
	t.Helper()
	if got := res.Header.Get(header); got != value {
		t.Errorf("GET %s: %s = %q, want %q", path, header, got, value)
	}
}

// checkFiles: the page, the wasm, the service worker and the manifest from the asset server,
// with the headers of _headers.
func (w *wranglerDev) checkFiles(t *testing.T) {
	// The page, from the asset server with _headers.
	res, body := w.get(t, "/")
	index, _ := os.ReadFile(filepath.Join(w.assets, "index.html"))
	if res.StatusCode != 200 || !bytes.Equal(body, index) {
		t.Errorf("GET /: %d, %d bytes, want dist/index.html", res.StatusCode, len(body))
	}
	want(t, "/", res, "Content-Security-Policy", web.CSP+"; frame-ancestors 'none'")
	want(t, "/", res, "Cache-Control", "no-cache")

	// The wasm: its type, long caching, the bytes of dist/.
	wasmPath := "/" + w.man.Hashed["app.wasm"]
	res, body = w.get(t, wasmPath)
	wasm, _ := os.ReadFile(filepath.Join(w.assets, w.man.Hashed["app.wasm"]))
	if res.StatusCode != 200 || !bytes.Equal(body, wasm) {
		t.Errorf("GET %s: %d, %d bytes, want %d", wasmPath, res.StatusCode, len(body), len(wasm))
	}
	want(t, wasmPath, res, "Content-Type", "application/wasm")
	want(t, wasmPath, res, "Cache-Control", "public, max-age=31536000, immutable")
	want(t, wasmPath, res, "X-Content-Type-Options", "nosniff")

	// The service worker and the manifest, for offline use: revalidated on
	// every visit, of the right types, the worker naming the hashed files.
	res, body = w.get(t, "/sw.js")
	if res.StatusCode != 200 || !bytes.Contains(body, []byte(`"lazy":["`+w.man.Hashed["app.wasm"]+`"]`)) ||
		!bytes.Contains(body, []byte(w.man.Hashed["loader.js"])) {
		t.Errorf("GET /sw.js: %d\n%.300s", res.StatusCode, body)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") && !strings.HasPrefix(ct, "application/javascript") {
		t.Errorf("GET /sw.js: Content-Type %q", ct)
	}
	want(t, "/sw.js", res, "Cache-Control", "no-cache")
	res, _ = w.get(t, "/"+web.ManifestName)
	if res.StatusCode != 200 {
		t.Errorf("GET /%s: %d", web.ManifestName, res.StatusCode)
	}
	want(t, "/"+web.ManifestName, res, "Content-Type", "application/manifest+json")
	want(t, "/"+web.ManifestName, res, "Cache-Control", "no-cache")
}

// checkEmbedAndOEmbed: the embed page and /oembed, from Go.
func (w *wranglerDev) checkEmbedAndOEmbed(t *testing.T) {
	// The embed page, from Go: frame-ancestors from ALLOWED_EMBEDDERS.
	for _, path := range []string{"/embed.html", "/embed"} {
		res, body := w.get(t, path)
		if res.StatusCode != 200 || !bytes.Contains(body, []byte("<html data-embed")) ||
			!bytes.Contains(body, []byte(w.man.Hashed["loader.js"])) {
			t.Errorf("GET %s: %d\n%.300s", path, res.StatusCode, body)
		}
		want(t, path, res, "Content-Security-Policy", web.CSP+"; frame-ancestors https://course.example.edu http://127.0.0.1:9000")
		want(t, path, res, "Cache-Control", "no-cache")
	}

	// oEmbed, from Go.
	link := w.base + "/#table=abc"
	res, body := w.get(t, "/oembed?url="+url.QueryEscape(link)+"&maxwidth=640")
	var oe web.OEmbed
	if err := json.Unmarshal(body, &oe); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /oembed: %d %v\n%s", res.StatusCode, err, body)
	}
	if oe.Type != "rich" || oe.Width != 640 || oe.HTML != web.Snippet(w.base+"/embed.html#table=abc", web.LinkHeight("table=abc")) {
		t.Errorf("oembed %+v", oe)
	}
	want(t, "/oembed", res, "Content-Type", "application/json; charset=utf-8")
	res, body = w.get(t, "/oembed?url="+url.QueryEscape("https://elsewhere.example/#table=abc"))
	var apiErr web.APIError
	if err := json.Unmarshal(body, &apiErr); err != nil || res.StatusCode != 404 || apiErr.Error.Code != "url_not_ours" {
		t.Errorf("GET /oembed for another site: %d %s", res.StatusCode, body)
	}
	want(t, "/oembed (error)", res, "Content-Type", "application/json; charset=utf-8")
}

// checkBrowser: the page runs in a browser from the edge, and offline after one visit once
// wrangler has stopped.
func (w *wranglerDev) checkBrowser(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.Navigate(w.base + "/"))
	tb.waitReady()
	if got := tb.run(); len(got) != len(lessonRows()) || got[0].Code != "ok" {
		t.Errorf("results from the edge page: %+v", got)
	}
	if ctl := eval[string](tb, `navigator.serviceWorker.controller ? navigator.serviceWorker.controller.scriptURL : ""`); ctl != w.base+"/sw.js" {
		t.Errorf("the edge page is not controlled by its service worker: %q", ctl)
	}
	// Offline after one visit, on the edge too: wrangler stopped, and gone (its exit, not five
	// seconds of polling that a loaded machine can outlast with wrangler still answering).
	syscall.Kill(-w.pid, syscall.SIGTERM)
	select {
	case <-w.exited:
	case <-tb.ctx.Done():
		t.Fatalf("wrangler did not exit after SIGTERM\n%s", w.logs.String())
	}
	tb.do(chromedp.Reload())
	tb.waitReady()
	if got := tb.run(); len(got) != len(lessonRows()) || got[5].Code != "not_found" {
		t.Errorf("results from the edge page offline: %+v", got)
	}
}
