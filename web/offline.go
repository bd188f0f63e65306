package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
)

// Offline use: sw.js is the page's service worker (scope: the page's
// directory, "/" on every deployment of ours). It keeps the page's own files,
// so after one visit the playground opens and runs with the network off.
//
// sw.js is committed with a configuration line that the server fills in:
// [ServiceWorker] writes the version, which names the cache (a new version
// is a new cache, and the old one is deleted), and the two lists of files.
// The Handler serves it at /sw.js with the version a hash of the page's
// files as they are now, so a rebuild under serve.go is picked up on the
// next online visit; make dist writes dist/sw.js with the hashed names.

// ServiceWorkerName is the worker's file, at the root of the site.
const ServiceWorkerName = "sw.js"

// ManifestName is the web app manifest index.html links to.
const ManifestName = "manifest.webmanifest"

// Precache are the files the worker keeps at install, as the Handler serves
// them; the documents (/ and embed.html) are kept too when the server has
// them.
var Precache = []string{"boot.js", "style.css", "wasm-size.js", "wasm_exec.js", "stamp.js", "loader.js", ManifestName, "favicon.svg"}

// Lazy are the files the worker keeps as the page loads them: app.wasm,
// fetched once, through the worker, with the loader's progress bar.
var Lazy = []string{"app.wasm"}

// Exercise are the exercise page's files (exercise.html is kept as a document): the worker keeps
// each as the exercise page loads it, and never fetches them at install, since most visitors never
// open the exercise. The toolchain's files are hashed into the version through toolchain.key,
// which build/gotoolchain rewrites whenever it rebuilds them.
var Exercise = []string{"exercise.js", "exercise.css", "exercise-worker.js", "gorun.js", "grader.wasm", "compile.wasm", "link.wasm", "std.tar"}

// versionFiles are hashed into the Handler's version: every file the page
// loads, the worker itself included, and the exercise's small files.
var versionFiles = append([]string{"index.html", ServiceWorkerName, "exercise.html", "exercise.js", "exercise.css",
	"exercise-worker.js", "gorun.js", "grader.wasm", "toolchain.key"}, append(Precache, Lazy...)...)

// configLine starts the line of sw.js that ServiceWorker replaces.
var configLine = []byte("var CONFIG = ")

// ServiceWorker returns sw.js with its configuration line set; exercise may be nil (a bundle
// without the exercise page).
func ServiceWorker(src []byte, version string, precache, lazy, exercise []string) ([]byte, error) {
	if bytes.Count(src, append([]byte("\n"), configLine...)) != 1 {
		return nil, errors.New("sw.js: want exactly one line starting with " + strconv.Quote(string(configLine)))
	}
	cfg, err := json.Marshal(struct {
		Version  string   `json:"version"`
		Precache []string `json:"precache"`
		Lazy     []string `json:"lazy"`
		Exercise []string `json:"exercise"`
	}{version, append([]string{}, precache...), append([]string{}, lazy...), append([]string{}, exercise...)})
	if err != nil {
		return nil, err
	}
	i := bytes.Index(src, append([]byte("\n"), configLine...)) + 1
	end := bytes.IndexByte(src[i:], '\n')
	if end < 0 {
		return nil, errors.New("sw.js: the configuration line does not end")
	}
	out := make([]byte, 0, len(src)+len(cfg))
	out = append(out, src[:i]...)
	out = append(out, configLine...)
	out = append(out, cfg...)
	out = append(out, ';')
	return append(out, src[i+end:]...), nil
}

// serviceWorker answers /sw.js: the worker with a version that is the hash
// of the files the page loads now. A file that is missing (app.wasm before
// a build) is left out of the hash; the page then fails to load anyway.
func (h *Handler) serviceWorker(w http.ResponseWriter, r *http.Request) {
	f, _, err := h.open(ServiceWorkerName)
	if err != nil {
		h.notFound(w, r)
		return
	}
	src, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		h.notFound(w, r)
		return
	}
	sum := sha256.New()
	for _, name := range versionFiles {
		if f, _, err := h.open(name); err == nil {
			io.WriteString(sum, name+"\x00")
			io.Copy(sum, f)
			f.Close()
		}
	}
	body, err := ServiceWorker(src, hex.EncodeToString(sum.Sum(nil))[:12], Precache, Lazy, Exercise)
	if err != nil {
		h.documentHeaders(w.Header())
		plain(w, http.StatusInternalServerError, err.Error()+"\n")
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", types[".js"])
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
