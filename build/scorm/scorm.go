// Package scorm writes the playground as SCORM packages (`make scorm`): one zip for SCORM 1.2
// and one for SCORM 2004 4th Edition, each a single SCO whose launch page is the embed page
// opening on one table in predict mode, for a course site (Moodle, Canvas, Blackboard,
// Brightspace, Open edX) to record each learner's predictions and score with no server of ours.
//
// Vocabulary:
//   - The launch page is index.html in the zip: the embed page (web.EmbedPage) with the
//     packaged table pre-rendered (page.PrerenderTable) and carried in <html data-lms-table>
//     as a share payload, and data-lms naming the version, which the app reads to find the
//     LMS's API (wasm/app/lms.go) and record through it (package lms).
//   - The manifest is imsmanifest.xml at the zip's root: one organization, one item, one SCO
//     resource listing every file of the package.
//   - A package is deterministic: its entries are sorted, their times fixed, so the same build
//     and table give byte-identical zips.
//
// A package holds no service worker, no web app manifest, no _headers and no .br/.gz siblings
// but one: app.wasm.gz. The LMS serves its files as it serves any course file, most often with
// no compression, so the launch page (data-wasm-gzip) fetches app.wasm.gz and expands it with
// the browser's DecompressionStream on its way to the compiler (web/boot.js), and fetches
// app.wasm, 5 times larger, only where DecompressionStream is missing. Every URL in it is
// relative, so it works from whatever path the LMS unpacks it under.
package scorm

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"coerceplayground/build/webbuild"
	"coerceplayground/lesson"
	"coerceplayground/lms"
	"coerceplayground/wasm/page"
	"coerceplayground/web"
)

// Versions are the packages Build writes, in order.
var Versions = []lms.Version{lms.SCORM12, lms.SCORM2004}

// FileName is v's zip: coerce-playground-scorm12.zip, coerce-playground-scorm2004.zip.
func FileName(v lms.Version) string { return "coerce-playground-" + v.String() + ".zip" }

// modified is every entry's time: fixed, so a rebuild is byte-identical (the zip format's
// DOS time starts in 1980).
var modified = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// refPattern finds the local files the page loads (as build/dist reads them): src="x.js",
// href="x.css", the preload of app.wasm.
var refPattern = regexp.MustCompile(`(src|href)="([A-Za-z0-9_.-]+\.(?:js|css|wasm|svg|png|ico))"`)

// manifestLink is the web app manifest's <link>: a package is not an installable app.
var manifestLink = regexp.MustCompile(`<link rel="manifest"[^>]*>\n?`)

// wasmPreload is app.wasm's preload <link>: the launch page fetches app.wasm.gz instead, and
// app.wasm only where the browser cannot expand it, so a preload would fetch the module twice.
var wasmPreload = regexp.MustCompile(`<link rel="preload" href="app\.wasm"[^>]*>\n?`)

// asyncBoot is boot.js's <script>, async: the launch page runs it in order instead, so that it
// has started the compressed module's fetch before loader.js runs (loader.js, alone, would fetch
// app.wasm). It holds up the parser for one small file, fetched beside the render-blocking
// stylesheet.
var asyncBoot = []byte(`<script src="boot.js" async></script>`)

// gzipWasm is the compressed module's name, beside app.wasm.
const gzipWasm = "app.wasm.gz"

// Table reads the table a package carries: the text format (as Export writes it), or the
// lesson's table when text is "". Its expected codes are cleared (the package is a worksheet),
// and a table whose resume data cannot fit in either version's suspend_data is refused.
func Table(text string) (lesson.Table, error) {
	t := lesson.Classroom()
	if text != "" {
		var err error
		if t, err = page.Import(text); err != nil {
			return lesson.Table{}, errors.New("the table: " + err.Error())
		}
	}
	for _, v := range Versions {
		if msg := lms.FitProblem(v, len(t.Rows)); msg != "" {
			return lesson.Table{}, errors.New("the table cannot be packaged: " + msg)
		}
	}
	return lesson.Worksheet(t), nil
}

// Title is the package's title in the LMS: title, or the tool and the number of rows.
func Title(t lesson.Table, title string) string {
	if title = strings.TrimSpace(title); title != "" {
		return title
	}
	return "Coercion playground: predict what " + t.ToolName() + " answers (" + page.Plural(len(t.Rows), "row", "rows") + ")"
}

// LaunchPage turns the web directory's index.html into v's launch page for t.
func LaunchPage(index []byte, v lms.Version, t lesson.Table, title string) ([]byte, error) {
	out, err := webbuild.FillRegions(index, page.PrerenderTable(t))
	if err != nil {
		return nil, err
	}
	out = manifestLink.ReplaceAll(out, nil)
	out = wasmPreload.ReplaceAll(out, nil)
	if !bytes.Contains(out, asyncBoot) {
		return nil, errors.New("index.html has no " + string(asyncBoot))
	}
	out = bytes.Replace(out, asyncBoot, []byte(`<script src="boot.js"></script>`), 1)
	out, ok := web.EmbedPage(out)
	if !ok {
		return nil, errors.New("index.html has no <html> tag")
	}
	// data-student: a graded activity shows no answers and no instructor tools from the first
	// frame, before the app has read its options.
	// data-wasm-gzip: boot.js fetches app.wasm.gz where it can expand it.
	attrs := ` data-student data-wasm-gzip data-lms="` + v.String() + `" data-lms-table="` + lesson.EncodeShare(t) + `"`
	out = bytes.Replace(out, []byte("<html data-embed"), []byte("<html data-embed"+attrs), 1)
	i, j := bytes.Index(out, []byte("<title>")), bytes.Index(out, []byte("</title>"))
	if i < 0 || j < i {
		return nil, errors.New("index.html has no <title>")
	}
	out = slices.Concat(out[:i+len("<title>")], []byte(escape(title)), out[j:])
	return out, nil
}

// Files reads the launch page and every file it loads from the web directory (after
// build/webbuild has run), by name, and adds app.wasm.gz, the module as the launch page
// fetches it.
func Files(webDir string, v lms.Version, t lesson.Table, title string) (map[string][]byte, error) {
	index, err := os.ReadFile(filepath.Join(webDir, "index.html"))
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	names := []string{"app.wasm"}
	for _, m := range refPattern.FindAllSubmatch(index, -1) {
		names = append(names, string(m[2]))
	}
	for _, name := range names {
		if files[name] != nil {
			continue
		}
		if files[name], err = os.ReadFile(filepath.Join(webDir, name)); err != nil {
			return nil, errors.New("index.html loads " + name + ": " + err.Error() + " (run make build first)")
		}
	}
	if files["index.html"], err = LaunchPage(index, v, t, title); err != nil {
		return nil, err
	}
	if files[gzipWasm], err = webbuild.Gzip(files["app.wasm"]); err != nil {
		return nil, err
	}
	return files, nil
}

// Zip is the package of files for v: imsmanifest.xml first, then the files in name order, each
// deflated at the highest level with a fixed time.
func Zip(v lms.Version, t lesson.Table, title string, files map[string][]byte) ([]byte, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestCompression)
	})
	put := func(name string, data []byte) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: modified}
		h.SetMode(0o644)
		w, err := zw.CreateHeader(h)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	if err := put("imsmanifest.xml", Manifest(v, lms.TableID(t), title, names)); err != nil {
		return nil, err
	}
	for _, n := range names {
		if err := put(n, files[n]); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Build writes both packages of t into out and returns their paths.
func Build(webDir, out string, t lesson.Table, title string) ([]string, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	title = Title(t, title)
	var paths []string
	for _, v := range Versions {
		files, err := Files(webDir, v, t, title)
		if err != nil {
			return nil, err
		}
		z, err := Zip(v, t, title, files)
		if err != nil {
			return nil, err
		}
		p := filepath.Join(out, FileName(v))
		if err := os.WriteFile(p, z, 0o644); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
