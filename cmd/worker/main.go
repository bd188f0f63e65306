//go:build js && wasm

// Command worker is the playground's Cloudflare Worker (github.com/syumai/workers):
// the routes of web.Site that need code, /oembed and the embed page with its
// frame-ancestors from the ALLOWED_EMBEDDERS variable. Every other file is served
// by Workers Static Assets from dist/ with dist/_headers, without starting Go
// (wrangler.jsonc routes only /embed, /embed.html and /oembed here first).
//
//	make worker   # workers-assets-gen, then GOOS=js GOARCH=wasm go build
//	make deploy   # wrangler deploy (not run by the tests)
package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/fetch"

	"coerceplayground/web"
)

func main() {
	emb, err := web.ParseEmbedders(cloudflare.Getenv("ALLOWED_EMBEDDERS"))
	site := web.NewSite(assetsFS{}, emb)
	site.Misconfigured = err
	site.HostCompresses = true // the Workers runtime compresses what the worker answers
	workers.Serve(fixRequest(site))
}

// fixRequest works around two things syumai/workers does: it splits every
// incoming header value on commas (so Header.Get("If-Modified-Since") would be
// "Wed"), and it streams a HEAD response through a FixedLengthStream of the
// Content-Length the handler set, which then sees no bytes and throws.
func fixRequest(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range r.Header {
			if len(v) > 1 {
				r.Header[k] = []string{strings.Join(v, ", ")}
			}
		}
		if r.Method == http.MethodHead {
			w = headWriter{w}
		}
		h.ServeHTTP(w, r)
	})
}

type headWriter struct{ http.ResponseWriter }

func (w headWriter) WriteHeader(code int) {
	w.Header().Del("Content-Length")
	w.ResponseWriter.WriteHeader(code)
}

// assetsFS reads index.html, the one file Go needs (for the embed page), from
// the ASSETS binding: the same dist/index.html the asset server sends for /.
type assetsFS struct{}

func (assetsFS) Open(name string) (fs.File, error) {
	if name != "index.html" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	client := fetch.NewClient(fetch.WithBinding(cloudflare.GetBinding("ASSETS")))
	// The asset server redirects /index.html to /; ask for / directly.
	req, err := fetch.NewRequest(context.Background(), http.MethodGet, "http://assets.invalid/", nil)
	if err != nil {
		return nil, err
	}
	res, err := client.Do(req, nil)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, &fs.PathError{Op: "open", Path: name, Err: errors.New("ASSETS answered " + res.Status)}
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(data), name: name, size: int64(len(data))}, nil
}

type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return time.Time{} }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }
