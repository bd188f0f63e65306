// Package webbuild writes the page's build outputs into the web directory:
// app.wasm (the browser app, built for GOOS=js GOARCH=wasm, its traceback tables blanked by
// [StripTraceback] and its data segments joined by [PackData]; its symbolised twin goes to
// [Twin]), wasm_exec.js
// (copied from the Go toolchain that built app.wasm, so the two always
// match), wasm-size.js (app.wasm's size and its .br's and .gz's, for the loader's
// progress bar), index.html's pre-rendered lesson (Prerender) and a .gz and a .br sibling
// beside every page file.
//
// An output is rewritten only when it is stale: app.wasm when it is missing or
// older than any file under coerce/, lesson/, wasm/app/ or wasm/page/, or than
// go.mod, go.sum or the build's own files (buildFiles), or when the toolchain's wasm_exec.js changed; a sibling when it is
// missing or older than its file. serve.go, `make build` and the browser tests
// all call [Build], so they agree on what is current.
package webbuild

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
)

// Config says where the module is and how to report progress.
type Config struct {
	// Root is the module root, the directory that holds go.mod.
	Root string
	// Force rebuilds app.wasm and every sibling even when they are current.
	Force bool
	// Log receives one line per output written; nil discards them.
	Log io.Writer
	// Go is the go command; empty means "go" from PATH.
	Go string
}

// buildFiles are the files, relative to the module root, that decide
// app.wasm besides its packages' own: the module's requirements, this
// file, buildwasm.go, whose flags it is built with, and the post-link passes.
var buildFiles = []string{"go.mod", "go.sum", "build/webbuild/webbuild.go", "build/webbuild/buildwasm.go",
	"build/webbuild/packdata.go", "build/webbuild/tracestrip.go"}

// PageFiles are the files the page loads before it is ready, in load order.
// Each gets a .gz and a .br sibling.
var PageFiles = []string{"index.html", "boot.js", "style.css", "wasm-size.js", "wasm_exec.js", "stamp.js", "loader.js", "app.wasm"}

const (
	wasmName = "app.wasm"
	sizeName = "wasm-size.js"
	execName = "wasm_exec.js"
)

// Web returns the web directory of the module at root.
func Web(root string) string { return filepath.Join(root, "web") }

// Build brings the outputs in the web directory up to date.
func Build(c Config) error {
	if c.Go == "" {
		c.Go = "go"
	}
	logf := func(format string, args ...any) {
		if c.Log != nil {
			fmt.Fprintf(c.Log, "webbuild: "+format+"\n", args...)
		}
	}
	web := Web(c.Root)

	goroot, err := goEnv(c, "GOROOT")
	if err != nil {
		return err
	}
	execSrc, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", execName))
	if err != nil {
		return fmt.Errorf("reading the toolchain's %s: %w", execName, err)
	}
	execCur, _ := os.ReadFile(filepath.Join(web, execName))
	execChanged := !bytes.Equal(execSrc, execCur)

	why, err := stale(c, "./wasm/app", filepath.Join(web, wasmName))
	if err != nil {
		return err
	}
	switch {
	case c.Force:
		why = "forced"
	case why == "" && execChanged:
		why = execName + " differs from the toolchain's"
	}
	if why != "" {
		logf("building %s (%s)", wasmName, why)
		start := time.Now()
		if err := buildWasm(c, "./wasm/app", filepath.Join(web, wasmName), "-s -w", Twin(c.Root)); err != nil {
			return err
		}
		logf("built %s in %s", wasmName, time.Since(start).Round(time.Millisecond))
	}
	if err := buildGrader(c, web, logf); err != nil {
		return err
	}
	if execChanged || c.Force {
		if err := writeFile(filepath.Join(web, execName), execSrc); err != nil {
			return err
		}
		logf("copied %s from %s", execName, goroot)
	}

	if err := writeSizes(web, c.Force, logf); err != nil {
		return err
	}

	if wrote, err := prerenderIndex(web); err != nil {
		return err
	} else if wrote {
		logf("pre-rendered the lesson into index.html")
	}

	for _, name := range PageFiles {
		if name == wasmName {
			continue // compressed before its sizes were written (writeSizes)
		}
		n, err := compressSiblings(filepath.Join(web, name), c.Force)
		if err != nil {
			return err
		}
		if n > 0 {
			logf("compressed %s", name)
		}
	}
	return nil
}

// GraderName is the exercise page's grader (wasm/grader): the lesson's own get_job, run in the
// page beside the student's program. It is built with app.wasm's flags, when stale.
const GraderName = "grader.wasm"

func buildGrader(c Config, web string, logf func(string, ...any)) error {
	out := filepath.Join(web, GraderName)
	why, err := stale(c, "./wasm/grader", out)
	if err != nil {
		return err
	}
	if c.Force {
		why = "forced"
	}
	if why != "" {
		logf("building %s (%s)", GraderName, why)
		if err := buildWasm(c, "./wasm/grader", out, "-s -w", ""); err != nil {
			return err
		}
	}
	if n, err := compressSiblings(out, c.Force); err != nil {
		return err
	} else if n > 0 {
		logf("compressed %s", GraderName)
	}
	return nil
}

// stale reports why the wasm file must be rebuilt, or "" when it is current.
// The sources are asked of the go command rather than listed by hand, so a
// package app.wasm starts to import is watched from its first build.
func stale(c Config, pkg, wasm string) (string, error) {
	info, err := os.Stat(wasm)
	if errors.Is(err, fs.ErrNotExist) {
		return filepath.Base(wasm) + " is missing", nil
	}
	if err != nil {
		return "", err
	}
	files, err := sources(c, pkg)
	if err != nil {
		return "", err
	}
	for _, p := range files {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue // go.sum before the module needs one
		}
		if err != nil {
			return "", err
		}
		if fi.ModTime().After(info.ModTime()) {
			rel, _ := filepath.Rel(c.Root, p)
			return filepath.ToSlash(rel) + " is newer", nil
		}
	}
	return "", nil
}

// sources lists the files the wasm of pkg is built from: those of every package of
// this module that pkg imports for js/wasm (go list -deps), including
// the embedded files beside them, and buildFiles. Packages from the module
// cache change only with go.sum.
func sources(c Config, pkg string) ([]string, error) {
	cmd := exec.Command(c.Go, "list", "-deps", "-f", "{{if not .Standard}}{{.Dir}}{{end}}", pkg)
	cmd.Dir = c.Root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %w", pkg, err)
	}
	root := filepath.Clean(c.Root) + string(filepath.Separator)
	var files []string
	for _, dir := range strings.Fields(string(out)) {
		if !strings.HasPrefix(dir, root) {
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(dir, e.Name()))
			}
		}
	}
	for _, f := range buildFiles {
		files = append(files, filepath.Join(c.Root, f))
	}
	return files, nil
}

func goEnv(c Config, name string) (string, error) {
	out, err := exec.Command(c.Go, "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// compressSiblings writes name.gz and name.br when they are missing or older
// than name, and returns how many it wrote.
func compressSiblings(name string, force bool) (int, error) {
	info, err := os.Stat(name)
	if err != nil {
		return 0, err
	}
	var data []byte
	n := 0
	for _, enc := range []struct {
		ext      string
		compress func([]byte) ([]byte, error)
	}{{".gz", Gzip}, {".br", Brotli}} {
		if ci, err := os.Stat(name + enc.ext); err == nil && !force && !ci.ModTime().Before(info.ModTime()) {
			continue
		}
		if data == nil {
			if data, err = os.ReadFile(name); err != nil {
				return n, err
			}
		}
		out, err := enc.compress(data)
		if err != nil {
			return n, fmt.Errorf("compressing %s: %w", name, err)
		}
		if err := writeFile(name+enc.ext, out); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Gzip compresses data at the best compression level.
func Gzip(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Brotli compresses data at the best quality with the largest window.
func Brotli(data []byte) ([]byte, error) { return BrotliQuality(data, brotli.BestCompression) }

// BrotliQuality compresses data at quality q (0 to 11) with the largest window.
func BrotliQuality(data []byte, q int) ([]byte, error) {
	var buf bytes.Buffer
	bw := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: q, LGWin: 24})
	if _, err := bw.Write(data); err != nil {
		return nil, err
	}
	if err := bw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeFile replaces name atomically, so a server never sends half a file
// and two builds at once (a test run beside make serve) never mix.
func writeFile(name string, data []byte) error {
	tmp, err := tempName(name)
	if err != nil {
		return err
	}
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, name)
}

// tempName reserves a unique file beside name, ending in .tmp.
func tempName(name string) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".*.tmp")
	if err != nil {
		return "", err
	}
	f.Close()
	return f.Name(), nil
}

// Size is the size in bytes of a page file as stored and as served with
// each content coding.
type Size struct {
	Name              string
	Raw, Gzip, Brotli int64
}

// Sizes returns the sizes of [PageFiles] in dir and their total last.
func Sizes(dir string) ([]Size, error) {
	var out []Size
	total := Size{Name: "total"}
	for _, name := range PageFiles {
		s := Size{Name: name}
		for _, f := range []struct {
			ext string
			n   *int64
		}{{"", &s.Raw}, {".gz", &s.Gzip}, {".br", &s.Brotli}} {
			info, err := os.Stat(filepath.Join(dir, name+f.ext))
			if err != nil {
				return nil, fmt.Errorf("%w (run make build first)", err)
			}
			*f.n = info.Size()
		}
		total.Raw += s.Raw
		total.Gzip += s.Gzip
		total.Brotli += s.Brotli
		out = append(out, s)
	}
	return append(out, total), nil
}

// FormatSizes renders sizes as an aligned plain-text table with KiB figures.
func FormatSizes(sizes []Size) string {
	var b strings.Builder
	width := len("file")
	for _, s := range sizes {
		width = max(width, len(s.Name))
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", max(n-len(s), 0)) }
	lpad := func(s string, n int) string { return strings.Repeat(" ", max(n-len(s), 0)) + s }
	cell := func(n int64) string {
		return lpad(strconv.FormatInt(n, 10), 9) + " (" + lpad(strconv.FormatFloat(float64(n)/1024, 'f', 1, 64), 7) + " KiB)"
	}
	b.WriteString(pad("file", width) + "  " + pad("raw bytes", 21) + "  " + pad("gzip -9", 21) + "  brotli q11\n")
	for i, s := range sizes {
		if i == len(sizes)-1 && s.Name == "total" && len(sizes) > 1 {
			b.WriteString(strings.Repeat("-", width+2+21*3+4) + "\n")
		}
		b.WriteString(pad(s.Name, width) + "  " + cell(s.Raw) + "  " + cell(s.Gzip) + "  " + cell(s.Brotli) + "\n")
	}
	return b.String()
}
