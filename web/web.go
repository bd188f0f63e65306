// Package web serves the playground page: its static files, the WebAssembly
// app and the headers that keep the page closed to other origins.
//
// Vocabulary:
//   - A static file is one of the files the page loads: index.html, style.css,
//     boot.js, loader.js, stamp.js, favicon.svg (committed, embedded in [Static]) and the build
//     outputs app.wasm, wasm_exec.js and wasm-size.js (written by
//     build/webbuild into the web directory, never committed).
//   - A precompressed sibling is name+".br" or name+".gz" beside a static
//     file. The handler serves it, with Content-Encoding, when the request's
//     Accept-Encoding allows it and the sibling is not older than the file.
//   - The policy is [CSP]: the Content-Security-Policy of every response. The
//     page repeats it in a <meta> tag, so it also holds where a host drops
//     headers.
//
// [Handler] is an http.Handler, so serve.go, httptest and a later edge worker
// serve the same thing.
package web

import (
	"cmp"
	"embed"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
)

// CSP is the Content-Security-Policy of the page, as index.html's <meta> tag
// states it. 'wasm-unsafe-eval' lets the page compile WebAssembly without
// allowing eval; connect-src 'self' is what fetching app.wasm needs, and
// nothing else may be fetched; worker-src and manifest-src admit the page's
// own service worker (sw.js) and web app manifest, for offline use. The header adds frame-ancestors, which a
// <meta> tag cannot carry.
//
// The one inline script, index.html's first (the embed options that change the layout, read
// before the first paint), is allowed by its hash, InlineScriptHash; TestInlineScriptHash checks
// it against index.html.
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' '" + InlineScriptHash + "'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'none'; base-uri 'none'"

// InlineScriptHash is the CSP source of index.html's inline script: sha256 of its text, base64.
const InlineScriptHash = "sha256-guMnOf1ePCdxLOijO4ztYNJ0d5si5H5FcWdT4rRdXq4="

// Static holds the committed static files. The build outputs (app.wasm and
// the scripts generated beside it) are not in it: serve a directory that
// holds them, such as os.DirFS("web") after build/webbuild has run.
//
//go:embed index.html boot.js style.css stamp.js loader.js favicon.svg sw.js manifest.webmanifest
//go:embed exercise.html exercise.js exercise.css exercise-worker.js gorun.js
var Static embed.FS

// types maps the extensions the handler serves to their Content-Type. A file
// with any other extension (Go sources, .br/.gz siblings asked for by name,
// dotfiles) is not served.
var types = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".ico":         "image/x-icon",
	".png":         "image/png",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".txt":         "text/plain; charset=utf-8",
	".tar":         "application/x-tar",
}

// encodings are the precompressed siblings the handler looks for, in order of
// preference when the client accepts both equally.
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler serves the files of an fs.FS as the playground page.
type Handler struct {
	fsys fs.FS

	// FrameAncestors is the frame-ancestors source list of the CSP header.
	// The default, 'none', forbids framing; an embed page widens it.
	FrameAncestors string
}

// New returns a Handler serving fsys, whose root holds index.html.
func New(fsys fs.FS) *Handler {
	return &Handler{fsys: fsys, FrameAncestors: "'none'"}
}

// ServeHTTP serves GET and HEAD requests for the static files.
//
// Every response carries X-Content-Type-Options: nosniff. The policy headers
// (CSP, Referrer-Policy, Cross-Origin-Opener-Policy) only act on documents,
// so they go on HTML pages and on error bodies, a browser may show those,
// and not on the scripts, stylesheet and wasm, where they would only add
// bytes to every load.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("X-Content-Type-Options", "nosniff")

	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		h.documentHeaders(hdr)
		plain(w, http.StatusMethodNotAllowed, "method not allowed: use GET or HEAD\n")
		return
	}
	name, ok := fileName(r.URL.Path)
	if !ok {
		h.notFound(w, r)
		return
	}
	if name == ServiceWorkerName {
		h.serviceWorker(w, r)
		return
	}
	ctype := types[path.Ext(name)]
	f, info, err := h.open(name)
	if err != nil {
		h.notFound(w, r)
		return
	}
	defer f.Close()

	// The page's files are not content-hashed, so browsers revalidate them.
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("Content-Type", ctype)
	if strings.HasPrefix(ctype, "text/html") {
		h.documentHeaders(hdr)
	}
	if compressible(ctype) {
		hdr.Add("Vary", "Accept-Encoding")
	}
	if enc, cf, cinfo := h.sibling(name, info, r.Header.Get("Accept-Encoding")); cf != nil {
		defer cf.Close()
		hdr.Set("Content-Encoding", enc)
		// ServeContent leaves Content-Length out once Content-Encoding is
		// set; the sibling is the exact body, so its size is the length.
		serveContent(lengthWriter{w, cinfo.Size()}, limitRanges(r, true), cinfo, cf)
		return
	}
	serveContent(w, limitRanges(r, false), info, f)
}

// limitRanges returns r without its Range header when the range request is
// one this handler declines, so the answer is the whole file (200), as RFC
// 9110 allows: a request for several ranges (a multipart answer, and a way to
// make the server send one file many times over), or any range of a
// compressed sibling (byte offsets into a br or gzip body resume nothing a
// browser can use). A single range of an uncompressed file is served as 206.
func limitRanges(r *http.Request, compressed bool) *http.Request {
	rng := r.Header.Get("Range")
	if rng == "" || (!compressed && !strings.Contains(rng, ",")) {
		return r
	}
	r = r.Clone(r.Context())
	r.Header.Del("Range")
	r.Header.Del("If-Range")
	return r
}

// fileName turns a URL path into a name in the FS, or reports false for a
// path the handler never serves.
func fileName(urlPath string) (string, bool) {
	p := path.Clean("/" + urlPath)
	if strings.HasSuffix(urlPath, "/") || p == "/" {
		p = path.Join(p, "index.html")
	}
	name := strings.TrimPrefix(p, "/")
	if !fs.ValidPath(name) {
		return "", false
	}
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return "", false
		}
	}
	if _, ok := types[path.Ext(name)]; !ok {
		return "", false
	}
	return name, true
}

// open opens a regular file.
func (h *Handler) open(name string) (fs.File, fs.FileInfo, error) {
	f, err := h.fsys.Open(name)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = errors.New("not a regular file")
		}
		return nil, nil, err
	}
	return f, info, nil
}

// sibling opens the precompressed sibling of name that accept prefers, if
// one exists and is at least as new as the file itself (a stale sibling would
// serve an old page after an edit).
func (h *Handler) sibling(name string, info fs.FileInfo, accept string) (string, fs.File, fs.FileInfo) {
	for _, enc := range Preferred(accept) {
		for _, e := range encodings {
			if e.name != enc {
				continue
			}
			cf, cinfo, err := h.open(name + e.ext)
			if err != nil {
				continue
			}
			if cinfo.ModTime().Before(info.ModTime()) {
				cf.Close()
				continue
			}
			return e.name, cf, cinfo
		}
	}
	return "", nil, nil
}

// Preferred returns the content codings among "br" and "gzip" that an
// Accept-Encoding header value allows, most preferred first. A coding is
// allowed when it is listed, or covered by "*", with a q-value above 0. Ties
// go to br, the smaller of the two.
func Preferred(accept string) []string {
	q := map[string]float64{}
	for _, part := range strings.Split(accept, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		v := 1.0
		for _, p := range strings.Split(params, ";") {
			k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
				if err != nil || f < 0 || f > 1 {
					f = 0
				}
				v = f
			}
		}
		q[coding] = v
	}
	type cand struct {
		name string
		q    float64
	}
	var cands []cand
	for _, e := range encodings {
		v, ok := q[e.name]
		if !ok {
			v, ok = q["*"]
		}
		if ok && v > 0 {
			cands = append(cands, cand{e.name, v})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return cmp.Compare(b.q, a.q) })
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = c.name
	}
	return out
}

func compressible(ctype string) bool {
	return !strings.HasPrefix(ctype, "image/png")
}

// serveContent serves f with http.ServeContent when it can seek (every FS
// this package is used with), and copies it otherwise.
func serveContent(w http.ResponseWriter, r *http.Request, info fs.FileInfo, f fs.File) {
	if rs, ok := f.(io.ReadSeeker); ok {
		http.ServeContent(w, r, "", info.ModTime(), rs)
		return
	}
	w.Header().Set("Content-Length", strconv.FormatInt(info.Size(), 10))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		io.Copy(w, f)
	}
}

// lengthWriter sets Content-Length on a 200 response that has none.
type lengthWriter struct {
	http.ResponseWriter
	size int64
}

func (w lengthWriter) WriteHeader(code int) {
	if code == http.StatusOK && w.Header().Get("Content-Length") == "" {
		w.Header().Set("Content-Length", strconv.FormatInt(w.size, 10))
	}
	w.ResponseWriter.WriteHeader(code)
}

// documentHeaders sets the headers that govern a document.
func (h *Handler) documentHeaders(hdr http.Header) {
	hdr.Set("Content-Security-Policy", CSP+"; frame-ancestors "+h.FrameAncestors)
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Cross-Origin-Opener-Policy", "same-origin")
}

// notFound answers in plain text: a missing app.wasm must never come back as
// an HTML page that the loader would try to compile.
func (h *Handler) notFound(w http.ResponseWriter, r *http.Request) {
	h.documentHeaders(w.Header())
	plain(w, http.StatusNotFound, "not found: "+r.URL.Path+"\nThe playground is at /\n")
}

func plain(w http.ResponseWriter, code int, body string) {
	hdr := w.Header()
	hdr.Del("Content-Encoding")
	hdr.Del("Vary")
	hdr.Set("Content-Type", "text/plain; charset=utf-8")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(code)
	io.WriteString(w, body)
}
