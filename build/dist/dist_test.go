package dist

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"coerceplayground/web"
)

func fakeWeb(t *testing.T, csp string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html": `<!doctype html>
<html lang="en"><head><meta http-equiv="Content-Security-Policy" content="` + csp + `">
<link rel="preload" href="app.wasm" as="fetch" type="application/wasm" crossorigin>
<script src="boot.js"></script>
<link rel="stylesheet" href="style.css"><link rel="icon" href="data:image/svg+xml,x">
<script src="wasm-size.js" defer></script><script src="loader.js" defer></script>
<a href="https://example.org/x.js">x</a></head><body></body></html>`,
		"style.css":    "body{}",
		"wasm-size.js": "self.COERCE_WASM_SIZE = 8;",
		"loader.js":    `var WASM_URL = "app.wasm";`,
		"boot.js":      `fetch("app.wasm", { credentials: "same-origin" });`,
		"app.wasm":     "\x00asm\x01\x00\x00\x00",
		"host.js":      "// host",
		"favicon.svg":  "<svg/>",
	}
	for _, name := range []string{web.ServiceWorkerName, web.ManifestName} {
		data, err := fs.ReadFile(web.Static, name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(data)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// swCfg is the CONFIG line of a written sw.js.
type swCfg struct {
	Version  string   `json:"version"`
	Precache []string `json:"precache"`
	Lazy     []string `json:"lazy"`
}

// reader reads a file of the dist directory out, failing t.
func reader(t *testing.T, out string) func(string) string {
	return func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

func swConfig(t *testing.T, sw string) (cfg swCfg) {
	t.Helper()
	m := regexp.MustCompile(`\nvar CONFIG = (\{.*\});\n`).FindStringSubmatch(sw)
	if m == nil || json.Unmarshal([]byte(m[1]), &cfg) != nil {
		t.Fatalf("sw.js has no CONFIG line:\n%.400s", sw)
	}
	return cfg
}

func TestBuild(t *testing.T) {
	src, out := fakeWeb(t, web.CSP), filepath.Join(t.TempDir(), "dist")
	emb, _ := web.ParseEmbedders("https://course.example.edu")
	man, err := Build(Config{Web: src, Out: out, Embedders: emb})
	if err != nil {
		t.Fatal(err)
	}
	hashedRE := regexp.MustCompile(`^[a-z_-]+\.[0-9a-f]{12}\.(js|css|wasm)$`)
	for _, name := range []string{"app.wasm", "boot.js", "loader.js", "style.css", "wasm-size.js"} {
		if h := man.Hashed[name]; !hashedRE.MatchString(h) {
			t.Errorf("%s hashed as %q", name, h)
		}
	}
	read := reader(t, out)
	checkDocuments(t, read, man)
	checkSiblings(t, read, man)
	checkHeaders(t, read("_headers"), man)
	cfg := checkServiceWorker(t, read, man)
	checkRebuild(t, src, out, man, cfg)
}

// checkDocuments: the documents and scripts name the hashed files; what is not ours is kept.
func checkDocuments(t *testing.T, read func(string) string, man *Manifest) {
	t.Helper()
	index := read("index.html")
	for _, name := range []string{"boot.js", "loader.js", "style.css", "wasm-size.js"} {
		if !strings.Contains(index, `="`+man.Hashed[name]+`"`) || strings.Contains(index, `="`+name+`"`) {
			t.Errorf("index.html does not load %s by its hashed name:\n%s", name, index)
		}
	}
	// The preload must name the file the loader fetches, or the browser downloads it twice.
	if !strings.Contains(index, `<link rel="preload" href="`+man.Hashed["app.wasm"]+`" as="fetch"`) || strings.Contains(index, "app.wasm") {
		t.Errorf("index.html does not preload %s by its hashed name:\n%s", man.Hashed["app.wasm"], index)
	}
	if !strings.Contains(index, `href="https://example.org/x.js"`) || !strings.Contains(index, `content="`+web.CSP+`"`) {
		t.Errorf("index.html changed what it should keep:\n%s", index)
	}
	if got := read(man.Hashed["loader.js"]); got != `var WASM_URL = "`+man.Hashed["app.wasm"]+`";` {
		t.Errorf("loader.js = %s", got)
	}
	// boot.js starts the download the preload began: the same hashed name.
	if got := read(man.Hashed["boot.js"]); got != `fetch("`+man.Hashed["app.wasm"]+`", { credentials: "same-origin" });` {
		t.Errorf("boot.js = %s", got)
	}
	if embed := read("embed.html"); !strings.Contains(embed, "<html data-embed") || strings.Replace(embed, " data-embed", "", 1) != index {
		t.Errorf("embed.html is not index.html with data-embed")
	}
	if read("host.js") != "// host" {
		t.Error("host.js not copied under its own name")
	}
}

// checkSiblings: every file's .gz and .br decompress to it.
func checkSiblings(t *testing.T, read func(string) string, man *Manifest) {
	t.Helper()
	for _, name := range man.Files {
		if name == "_headers" || strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".br") {
			continue
		}
		plain := read(name)
		zr, err := gzip.NewReader(strings.NewReader(read(name + ".gz")))
		if err != nil {
			t.Fatal(err)
		}
		gz, _ := io.ReadAll(zr)
		br, _ := io.ReadAll(brotli.NewReader(strings.NewReader(read(name + ".br"))))
		if !bytes.Equal(gz, []byte(plain)) || !bytes.Equal(br, []byte(plain)) {
			t.Errorf("%s: .gz or .br does not decompress to it", name)
		}
	}
}

// checkHeaders: _headers gives each path its policy and caching.
func checkHeaders(t *testing.T, h string, man *Manifest) {
	t.Helper()
	for _, want := range []string{
		"/\n  Content-Security-Policy: " + web.CSP + "; frame-ancestors 'none'\n  Cache-Control: no-cache\n",
		"/embed.html\n  Content-Security-Policy: " + web.CSP + "; frame-ancestors https://course.example.edu\n  Cache-Control: no-cache\n",
		"/" + man.Hashed["app.wasm"] + "\n  Cache-Control: public, max-age=31536000, immutable\n  X-Content-Type-Options: nosniff\n  Content-Type: application/wasm\n",
		"/" + man.Hashed["style.css"] + "\n  Cache-Control: public, max-age=31536000, immutable\n",
		"/host.js\n  Cache-Control: no-cache\n",
		"/sw.js\n  Cache-Control: no-cache\n",
		"/manifest.webmanifest\n  Cache-Control: no-cache\n  X-Content-Type-Options: nosniff\n  Content-Type: application/manifest+json\n",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("_headers lacks\n%s\nin\n%s", want, h)
		}
	}
}

// checkServiceWorker: the service worker keeps the hashed files at install and the wasm as it
// loads, by their hashed names.
func checkServiceWorker(t *testing.T, read func(string) string, man *Manifest) swCfg {
	t.Helper()
	cfg := swConfig(t, read("sw.js"))
	wantPre := []string{man.Hashed["boot.js"], man.Hashed["loader.js"], man.Hashed["style.css"], man.Hashed["wasm-size.js"], web.ManifestName, "favicon.svg"}
	slices.Sort(wantPre[:3])
	if !slices.Equal(cfg.Precache, wantPre) || !slices.Equal(cfg.Lazy, []string{man.Hashed["app.wasm"]}) || len(cfg.Version) != 12 {
		t.Errorf("sw.js CONFIG %+v, want precache %q and lazy %q", cfg, wantPre, man.Hashed["app.wasm"])
	}

	return cfg
}

// checkRebuild: an edit changes the hashed names that depend on it, and only those.
func checkRebuild(t *testing.T, src, out string, man *Manifest, cfg swCfg) {
	t.Helper()
	read := reader(t, out)
	os.WriteFile(filepath.Join(src, "app.wasm"), []byte("\x00asm\x01\x00\x00\x00\x00"), 0o644)
	man2, err := Build(Config{Web: src, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if man2.Hashed["app.wasm"] == man.Hashed["app.wasm"] || man2.Hashed["loader.js"] == man.Hashed["loader.js"] || man2.Hashed["style.css"] != man.Hashed["style.css"] {
		t.Errorf("after editing app.wasm: %v, before %v", man2.Hashed, man.Hashed)
	}
	if cfg2 := swConfig(t, read("sw.js")); cfg2.Version == cfg.Version || cfg2.Lazy[0] != man2.Hashed["app.wasm"] {
		t.Errorf("after editing app.wasm the service worker is %+v, before %+v", cfg2, cfg)
	}
	if _, err := os.Stat(filepath.Join(out, man.Hashed["app.wasm"])); !os.IsNotExist(err) {
		t.Error("the old wasm is still in dist/")
	}
}

func TestBuildRefusesAnotherCSP(t *testing.T) {
	src := fakeWeb(t, "default-src *")
	if _, err := Build(Config{Web: src, Out: filepath.Join(t.TempDir(), "dist")}); err == nil || !strings.Contains(err.Error(), "CSP") {
		t.Errorf("Build = %v, want a CSP error", err)
	}
}
