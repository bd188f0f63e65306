// Package dist writes dist/: the playground as static files for any static
// host (Cloudflare Workers Static Assets, Netlify, GitHub Pages, nginx,
// `python3 -m http.server`).
//
// Vocabulary:
//   - A hashed file is a page file renamed name.<hash>.ext, where hash is the
//     first 12 hex digits of its SHA-256: app.wasm, wasm_exec.js,
//     wasm-size.js, loader.js, style.css and any other local script or
//     stylesheet index.html names. Its name changes when its bytes do, so it
//     is cached for a year.
//   - A document is index.html or embed.html (index.html with data-embed, see
//     web.EmbedPage). Documents keep their names and are revalidated on every
//     load; they carry the CSP in a <meta> tag, so the policy holds on hosts
//     that send no headers.
//   - sw.js is the service worker (web/sw.js with its list of the hashed
//     files): after one visit the page works offline; a new bundle is a new
//     version, picked up on the next online visit.
//   - _headers is the header file Cloudflare and Netlify read: the CSP with
//     frame-ancestors (which a <meta> tag cannot carry), application/wasm,
//     and the caching above.
//
// Every file also gets a .gz and a .br sibling, for hosts that serve
// precompressed files (nginx gzip_static, Caddy precompressed).
package dist

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// Config says what to build from and where.
type Config struct {
	// Web is the web directory after build/webbuild has run.
	Web string
	// Out is the output directory; it is emptied first.
	Out string
	// Embedders is the embed page's frame-ancestors on static hosts (the
	// edge worker computes its own from ALLOWED_EMBEDDERS at request time).
	Embedders web.Embedders
	// Log receives one line per file written; nil discards them.
	Log io.Writer
}

// Unhashed are files copied under their own names: course pages link to
// host.js by name, and the manifest and its icon are fetched by name (the
// service worker caches them by version). sw.js is written, not copied: see
// [Build].
var Unhashed = []string{"host.js", web.ManifestName, "favicon.svg"}

// refPattern finds the local files a document loads: src="x.js",
// href="x.css". URLs with a scheme, a path or a query are not local files.
var refPattern = regexp.MustCompile(`(src|href)="([A-Za-z0-9_.-]+\.(?:js|css|wasm|svg|png|ico))"`)

// Manifest is what Build wrote.
type Manifest struct {
	// Hashed maps each page file to its hashed name.
	Hashed map[string]string
	// Files are every file written, relative to Out, sorted.
	Files []string
}

// Build writes the bundle: the hashed files first, then the documents that name them and the
// files that keep their names, then all of it (with siblings and _headers) to c.Out.
func Build(c Config) (*Manifest, error) {
	index, err := readIndex(c.Web)
	if err != nil {
		return nil, err
	}
	files, hashed, err := hashFiles(c.Web, index)
	if err != nil {
		return nil, err
	}
	if err := addDocuments(c.Web, index, files, hashed); err != nil {
		return nil, err
	}
	return writeBundle(c, files, hashed)
}

// readIndex reads index.html and checks that its CSP <meta> tag is web.CSP, the policy the
// server and the headers send.
func readIndex(webDir string) ([]byte, error) {
	index, err := os.ReadFile(filepath.Join(webDir, "index.html"))
	if err != nil {
		return nil, err
	}
	meta := `<meta http-equiv="Content-Security-Policy" content="` + web.CSP + `">`
	if !bytes.Contains(index, []byte(meta)) {
		return nil, errors.New("dist: index.html's CSP <meta> tag is not web.CSP; they must agree")
	}
	return index, nil
}

// hashFiles reads app.wasm and each local file index.html loads, with the wasm's hashed name put
// into the scripts that name it, and returns them by hashed name with the map from each page
// file to its hashed name.
func hashFiles(webDir string, index []byte) (files map[string][]byte, hashed map[string]string, err error) {
	// The wasm first: loader.js names it, so loader.js's hash depends on it.
	refs := []string{"app.wasm"}
	for _, m := range refPattern.FindAllSubmatch(index, -1) {
		if name := string(m[2]); !slices.Contains(refs, name) {
			refs = append(refs, name)
		}
	}
	files = map[string][]byte{}
	hashed = map[string]string{}
	for _, name := range refs {
		data, err := os.ReadFile(filepath.Join(webDir, name))
		if err != nil {
			return nil, nil, fmt.Errorf("dist: index.html loads %s: %w (run make build first)", name, err)
		}
		if strings.HasSuffix(name, ".js") {
			n := bytes.Count(data, []byte(`"app.wasm"`))
			data = bytes.ReplaceAll(data, []byte(`"app.wasm"`), []byte(`"`+hashed["app.wasm"]+`"`))
			if name == "loader.js" && n != 1 {
				return nil, nil, fmt.Errorf("dist: loader.js names \"app.wasm\" %d times, want once", n)
			}
		}
		hashed[name] = hashedName(name, data)
		files[hashed[name]] = data
	}
	return files, hashed, nil
}

// addDocuments adds to files index.html and embed.html naming the hashed files, the files that
// keep their names ([Unhashed]) and the service worker, whose version hashes all of those.
func addDocuments(webDir string, index []byte, files map[string][]byte, hashed map[string]string) error {
	index = refPattern.ReplaceAllFunc(index, func(m []byte) []byte {
		sub := refPattern.FindSubmatch(m)
		return []byte(string(sub[1]) + `="` + hashed[string(sub[2])] + `"`)
	})
	embed, ok := web.EmbedPage(index)
	if !ok {
		return errors.New("dist: index.html has no <html> tag")
	}
	files["index.html"] = index
	files["embed.html"] = embed
	for _, name := range Unhashed {
		data, err := os.ReadFile(filepath.Join(webDir, name))
		if err != nil {
			return err
		}
		files[name] = data
	}
	sw, err := serviceWorker(webDir, files, hashed)
	if err != nil {
		return err
	}
	files[web.ServiceWorkerName] = sw
	return nil
}

// writeBundle empties c.Out and writes each file with its .gz and .br, then _headers.
func writeBundle(c Config, files map[string][]byte, hashed map[string]string) (*Manifest, error) {
	if err := os.RemoveAll(c.Out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return nil, err
	}
	man := &Manifest{Hashed: hashed}
	for name, data := range files {
		if err := write(c.Out, name, data, &man.Files); err != nil {
			return nil, err
		}
		gz, br, err := compressed(c.Web, name, data, hashed)
		if err != nil {
			return nil, err
		}
		if err := write(c.Out, name+".gz", gz, &man.Files); err != nil {
			return nil, err
		}
		if err := write(c.Out, name+".br", br, &man.Files); err != nil {
			return nil, err
		}
		if c.Log != nil {
			fmt.Fprintf(c.Log, "dist: wrote %s (%d bytes, gzip %d, brotli %d)\n", name, len(data), len(gz), len(br))
		}
	}
	if err := write(c.Out, "_headers", []byte(Headers(man.Hashed, c.Embedders)), &man.Files); err != nil {
		return nil, err
	}
	sort.Strings(man.Files)
	return man, nil
}

// serviceWorker is dist/sw.js: it keeps the hashed files, the manifest and
// its icon at install and the hashed wasm as the page loads it. Its version
// hashes the documents (which name every hashed file), the unhashed files
// and the worker's own source, so any change to the bundle is a new cache.
func serviceWorker(webDir string, files map[string][]byte, hashed map[string]string) ([]byte, error) {
	src, err := os.ReadFile(filepath.Join(webDir, web.ServiceWorkerName))
	if err != nil {
		return nil, err
	}
	var precache []string
	for orig, h := range hashed {
		if orig != "app.wasm" {
			precache = append(precache, h)
		}
	}
	sort.Strings(precache)
	precache = append(precache, web.ManifestName, "favicon.svg")
	sum := sha256.New()
	for _, name := range append([]string{"index.html", "embed.html"}, Unhashed...) {
		sum.Write([]byte(name + "\x00"))
		sum.Write(files[name])
	}
	sum.Write(src)
	return web.ServiceWorker(src, hex.EncodeToString(sum.Sum(nil))[:12], precache, []string{hashed["app.wasm"]}, nil)
}

// hashedName is name with the first 12 hex digits of data's SHA-256 before
// its extension.
func hashedName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:6]) + ext
}

// compressed returns the .gz and .br of data. The build already compressed
// the page files at the highest levels; a sibling from the web directory is
// reused when it is of exactly these bytes.
func compressed(webDir, name string, data []byte, hashed map[string]string) (gz, br []byte, err error) {
	orig := name
	for o, h := range hashed {
		if h == name {
			orig = o
		}
	}
	if src, err := os.ReadFile(filepath.Join(webDir, orig)); err == nil && bytes.Equal(src, data) {
		srcInfo, _ := os.Stat(filepath.Join(webDir, orig))
		gzInfo, err1 := os.Stat(filepath.Join(webDir, orig+".gz"))
		brInfo, err2 := os.Stat(filepath.Join(webDir, orig+".br"))
		if err1 == nil && err2 == nil && !gzInfo.ModTime().Before(srcInfo.ModTime()) && !brInfo.ModTime().Before(srcInfo.ModTime()) {
			gz, err1 = os.ReadFile(filepath.Join(webDir, orig+".gz"))
			br, err2 = os.ReadFile(filepath.Join(webDir, orig+".br"))
			if err1 == nil && err2 == nil {
				return gz, br, nil
			}
		}
	}
	if gz, err = webbuild.Gzip(data); err != nil {
		return nil, nil, err
	}
	br, err = webbuild.Brotli(data)
	return gz, br, err
}

func write(dir, name string, data []byte, list *[]string) error {
	*list = append(*list, name)
	return os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

// Headers is the _headers file: one rule per path, no two rules setting the
// same header on one path (Cloudflare joins such values with commas).
func Headers(hashed map[string]string, embedders web.Embedders) string {
	var b strings.Builder
	rule := func(path string, kv ...string) {
		b.WriteString(path + "\n")
		for i := 0; i+1 < len(kv); i += 2 {
			b.WriteString("  " + kv[i] + ": " + kv[i+1] + "\n")
		}
	}
	b.WriteString("# Written by make dist (build/dist). Read by Cloudflare Workers Static Assets and Netlify.\n")
	doc := func(path, ancestors string) {
		rule(path,
			"Content-Security-Policy", web.CSP+"; frame-ancestors "+ancestors,
			"Cache-Control", "no-cache",
			"Referrer-Policy", "no-referrer",
			"X-Content-Type-Options", "nosniff")
	}
	doc("/", "'none'")
	doc("/index.html", "'none'")
	doc("/embed.html", embedders.String())
	doc("/embed", embedders.String())
	names := make([]string, 0, len(hashed))
	for _, h := range hashed {
		names = append(names, h)
	}
	sort.Strings(names)
	for _, h := range names {
		kv := []string{"Cache-Control", "public, max-age=31536000, immutable", "X-Content-Type-Options", "nosniff"}
		if strings.HasSuffix(h, ".wasm") {
			kv = append(kv, "Content-Type", "application/wasm")
		}
		rule("/"+h, kv...)
	}
	for _, name := range append(Unhashed, web.ServiceWorkerName) {
		kv := []string{"Cache-Control", "no-cache", "X-Content-Type-Options", "nosniff"}
		if name == web.ManifestName {
			kv = append(kv, "Content-Type", "application/manifest+json")
		}
		rule("/"+name, kv...)
	}
	return b.String()
}
