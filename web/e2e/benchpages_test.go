package e2e

// The pages BenchmarkSideBySide measures the playground against, each served with brotli like
// the playground: the bare Go page (testdata/bare, built here) and the lesson on Pyodide
// (testdata/pyodide, with the runtime from the pinned npm package, brotli-compressed once and
// cached).

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// bareSite builds testdata/bare into dir with wasm_exec.js and the compressed siblings the
// playground's files have, and returns the playground's own handler serving it. It is built the
// plain way, go build -trimpath -ldflags="-s -w", not with app.wasm's passes: the floor is what
// Go WebAssembly costs anyone, and what the app's build saves shows in the ratio.
func bareSite(dir string) (http.Handler, error) {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "app.wasm"), "./web/e2e/testdata/bare")
	cmd.Dir = moduleRoot
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("GOOS=js GOARCH=wasm go build ./web/e2e/testdata/bare: %v\n%s", err, out)
	}
	for _, f := range []struct{ from, name string }{
		{"web/e2e/testdata/bare/index.html", "index.html"},
		{"web/e2e/testdata/bare/start.js", "start.js"},
		{"web/wasm_exec.js", "wasm_exec.js"},
	} {
		data, err := os.ReadFile(filepath.Join(moduleRoot, filepath.FromSlash(f.from)))
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), data, 0o644); err != nil {
			return nil, err
		}
	}
	for _, name := range []string{"index.html", "start.js", "wasm_exec.js", "app.wasm"} {
		if err := compressInto(dir, name, filepath.Join(dir, name)); err != nil {
			return nil, err
		}
	}
	return web.New(os.DirFS(dir)), nil
}

// compressInto writes dir/name.br and dir/name.gz from the file src, at the levels the
// playground's build uses.
func compressInto(dir, name, src string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	for _, enc := range []struct {
		ext string
		fn  func([]byte) ([]byte, error)
	}{{".br", webbuild.Brotli}, {".gz", webbuild.Gzip}} {
		out, err := enc.fn(data)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name+enc.ext), out, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// pyodideFiles are what loadPyodide fetches with no extra packages (json and re are in the
// standard library zip).
var pyodideFiles = []string{"pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}

// pyodideSite lays out testdata/pyodide with the runtime from node_modules/pyodide in dir and
// returns a handler for it, and the runtime's version. The runtime's brotli and gzip siblings
// are made once per version, in the user's cache directory (compressing 13 MB at brotli's
// best level takes a while).
func pyodideSite(dir string) (http.Handler, string, error) {
	pkg := filepath.Join(moduleRoot, "node_modules", "pyodide")
	var meta struct{ Version string }
	raw, err := os.ReadFile(filepath.Join(pkg, "package.json"))
	if err != nil {
		return nil, "", fmt.Errorf("the pinned pyodide npm package is not installed (run npm ci): %w", err)
	}
	if err := json.Unmarshal(raw, &meta); err != nil || meta.Version == "" {
		return nil, "", fmt.Errorf("node_modules/pyodide/package.json has no version (%v)", err)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	cache = filepath.Join(cache, "coerce-playground", "pyodide-"+meta.Version)
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, "", err
	}
	for _, name := range pyodideFiles {
		src := filepath.Join(pkg, name)
		if err := os.Symlink(src, filepath.Join(dir, name)); err != nil {
			return nil, "", err
		}
		if err := cachedSiblings(cache, name, src); err != nil {
			return nil, "", err
		}
		for _, ext := range []string{".br", ".gz"} {
			if err := os.Symlink(filepath.Join(cache, name+ext), filepath.Join(dir, name+ext)); err != nil {
				return nil, "", err
			}
		}
	}
	for _, name := range []string{"index.html", "start.js", "get_job.py"} {
		src := filepath.Join(moduleRoot, "web", "e2e", "testdata", "pyodide", name)
		data, err := os.ReadFile(src)
		if err != nil {
			return nil, "", err
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, "", err
		}
		if err := compressInto(dir, name, src); err != nil {
			return nil, "", err
		}
	}
	return precompressed(dir), meta.Version, nil
}

// cachedSiblings makes cache/name.br and .gz from src unless they are there and newer.
func cachedSiblings(cache, name, src string) error {
	si, err := os.Stat(src)
	if err != nil {
		return err
	}
	for _, ext := range []string{".br", ".gz"} {
		ci, err := os.Stat(filepath.Join(cache, name+ext))
		if err != nil || ci.ModTime().Before(si.ModTime()) {
			return compressInto(cache, name, src)
		}
	}
	return nil
}

// precompressed serves dir's files the way web.Handler serves the playground's (brotli, then
// gzip siblings, no-cache), for the types Pyodide needs that the playground's handler does not
// serve (.mjs, .zip, .py). Pyodide's page carries no CSP: its runtime is not the subject.
func precompressed(dir string) http.Handler {
	types := map[string]string{".mjs": "text/javascript; charset=utf-8", ".py": "text/plain; charset=utf-8", ".zip": "application/zip"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if !fs.ValidPath(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			http.NotFound(w, r)
			return
		}
		ctype, ok := types[path.Ext(name)]
		if !ok {
			ctype = mime.TypeByExtension(path.Ext(name))
		}
		file := filepath.Join(dir, filepath.FromSlash(name))
		accept := r.Header.Get("Accept-Encoding")
		h := w.Header()
		h.Set("Content-Type", ctype)
		h.Set("Cache-Control", "no-cache")
		h.Set("Vary", "Accept-Encoding")
		for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if strings.Contains(accept, enc.name) {
				if _, err := os.Stat(file + enc.ext); err == nil {
					h.Set("Content-Encoding", enc.name)
					file += enc.ext
					break
				}
			}
		}
		f, err := os.Open(file)
		if err != nil {
			h.Del("Content-Encoding")
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil {
			http.Error(w, "stat failed", http.StatusInternalServerError)
			return
		}
		h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
		if r.Method == http.MethodHead {
			return
		}
		io.Copy(w, f)
	})
}
