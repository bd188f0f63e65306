package scorm

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"coerceplayground/lesson"
	"coerceplayground/lms"
	"coerceplayground/web"
)

var update = flag.Bool("update", false, "rewrite testdata/*.xml")

// webDir is a web directory as build/webbuild leaves it: the committed files and stand-ins for
// the build outputs (their bytes are copied, never read).
func webDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(web.Static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.Static, p)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, p), b, 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"app.wasm", "wasm_exec.js", "wasm-size.js"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("build output "+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestManifestGolden(t *testing.T) {
	tab, err := Table("")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"app.wasm", "boot.js", "index.html", "loader.js", "stamp.js", "style.css", "wasm-size.js", "wasm_exec.js"}
	for _, v := range Versions {
		got := Manifest(v, lms.TableID(tab), Title(tab, `Week 2 & "types"`), files)
		p := filepath.Join("testdata", "imsmanifest-"+v.String()+".xml")
		if *update {
			if err := os.WriteFile(p, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (go test ./build/scorm -update writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from its golden file (go test ./build/scorm -update):\n%s", p, got)
		}
	}
}

// pkg is a package read back: its manifest, parsed, and its files.
type pkg struct {
	man struct {
		Schema    string `xml:"metadata>schemaversion"`
		Resources []struct {
			Href     string `xml:"href,attr"`
			Type12   string `xml:"http://www.adlnet.org/xsd/adlcp_rootv1p2 scormtype,attr"`
			Type2004 string `xml:"http://www.adlnet.org/xsd/adlcp_v1p3 scormType,attr"`
			Files    []struct {
				Href string `xml:"href,attr"`
			} `xml:"file"`
		} `xml:"resources>resource"`
	}
	names []string
	files map[string][]byte
}

func readPkg(t *testing.T, z []byte) pkg {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	p := pkg{files: map[string][]byte{}}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		p.names = append(p.names, f.Name)
		p.files[f.Name] = b
	}
	if err := xml.Unmarshal(p.files["imsmanifest.xml"], &p.man); err != nil {
		t.Fatalf("imsmanifest.xml: %v", err)
	}
	return p
}

func TestPackages(t *testing.T) {
	dir, out := webDir(t), t.TempDir()
	tab, err := Table("")
	if err != nil {
		t.Fatal(err)
	}
	paths, err := Build(dir, out, tab, "")
	if err != nil {
		t.Fatal(err)
	}
	absolute := regexp.MustCompile(`(?:src|href|action)="(?:/|[a-z]+://)`) // a data: URL (the icon) loads nothing
	for i, v := range Versions {
		z, err := os.ReadFile(paths[i])
		if err != nil || filepath.Base(paths[i]) != FileName(v) {
			t.Fatalf("%s: %v", paths[i], err)
		}
		p := readPkg(t, z)
		if p.names[0] != "imsmanifest.xml" || len(p.man.Resources) != 1 {
			t.Fatalf("%s: entries %v, resources %d: want imsmanifest.xml first and one SCO", v, p.names, len(p.man.Resources))
		}
		r := p.man.Resources[0]
		typ := map[lms.Version]string{lms.SCORM12: r.Type12, lms.SCORM2004: r.Type2004}[v]
		schema := map[lms.Version]string{lms.SCORM12: "1.2", lms.SCORM2004: "2004 4th Edition"}[v]
		if typ != "sco" || r.Href != "index.html" || p.man.Schema != schema {
			t.Errorf("%s: scormtype %q, href %q, schemaversion %q", v, typ, r.Href, p.man.Schema)
		}
		var listed []string
		for _, f := range r.Files {
			listed = append(listed, f.Href)
		}
		if strings.Join(listed, " ") != strings.Join(p.names[1:], " ") {
			t.Errorf("%s: the manifest lists %v, the zip holds %v", v, listed, p.names[1:])
		}
		for _, n := range p.names {
			if strings.HasSuffix(n, ".br") || (strings.HasSuffix(n, ".gz") && n != "app.wasm.gz") || n == "sw.js" || n == "_headers" || strings.HasSuffix(n, ".webmanifest") {
				t.Errorf("%s holds %s", v, n)
			}
		}
		index := string(p.files["index.html"])
		for _, want := range []string{`<html data-embed data-student data-wasm-gzip data-lms="` + v.String() + `" data-lms-table="` + lesson.EncodeShare(tab) + `"`,
			`id="row-5-want"`, "<title>" + escape(Title(tab, "")) + "</title>"} {
			if !strings.Contains(index, want) {
				t.Errorf("%s: the launch page lacks %s", v, want)
			}
		}
		if got := gunzip(t, p.files["app.wasm.gz"]); !bytes.Equal(got, p.files["app.wasm"]) || strings.Contains(index, `href="app.wasm"`) {
			t.Errorf("%s: app.wasm.gz expands to %d bytes, app.wasm is %d; the launch page preloads app.wasm: %v",
				v, len(got), len(p.files["app.wasm"]), strings.Contains(index, `href="app.wasm"`))
		}
		if strings.Contains(index, `rel="manifest"`) || absolute.MatchString(index) {
			t.Errorf("%s: the launch page links a web app manifest or an absolute URL: %s", v, absolute.FindString(index))
		}
	}
}

func TestPackagesAreDeterministic(t *testing.T) {
	dir := webDir(t)
	tab, err := Table("@tool refund\n# a comment\n{\"amount\": 5}  ?\n")
	if err != nil {
		t.Fatal(err)
	}
	a, b := t.TempDir(), t.TempDir()
	if _, err := Build(dir, a, tab, "Refunds"); err != nil {
		t.Fatal(err)
	}
	// Touch the inputs: their times must not reach the zip.
	later := modified.AddDate(1, 0, 0)
	os.Chtimes(filepath.Join(dir, "app.wasm"), later, later)
	if _, err := Build(dir, b, tab, "Refunds"); err != nil {
		t.Fatal(err)
	}
	for _, v := range Versions {
		x, _ := os.ReadFile(filepath.Join(a, FileName(v)))
		y, _ := os.ReadFile(filepath.Join(b, FileName(v)))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s: two builds of the same input differ (%d and %d bytes)", v, len(x), len(y))
		}
	}
}

func TestTableRefusals(t *testing.T) {
	var big strings.Builder
	for i := 0; i < 4096-20+1; i++ {
		big.WriteString("17 ok\n")
	}
	for _, c := range []struct{ text, want string }{
		{big.String(), "4,096"},
		{"# only a comment\n", "no rows"},
		{"17 maybe\n", "line 1"},
	} {
		if _, err := Table(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.30q: %v, want an error saying %q", c.text, err, c.want)
		}
	}
	tab, err := Table("17 ok\n-1 invalid_args\n")
	if err != nil || tab.Mode != lesson.PredictMode || tab.Rows[0].Want != "" {
		t.Errorf("a packaged table is a worksheet (predict mode, no expected codes): %+v %v", tab, err)
	}
}

// A package's table asks its own question (@question) on the launch page, written before the app
// starts and carried in the table the app reads (the link format's "question").
func TestPackageAsksItsQuestion(t *testing.T) {
	tab, err := Table("@question Which of these is job 17?\n17  ok\n0017  invalid_args\n")
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(webDir(t), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page, err := LaunchPage(index, lms.SCORM2004, tab, "")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(page), "Which of these is job 17?"); n < 2 {
		t.Errorf("the launch page asks the question %d times, want the header's and the table's", n)
	}
	if carried, err := lesson.DecodeShare(lesson.EncodeShare(tab)); err != nil || carried.Question != "Which of these is job 17?" || carried.Rows[1].Want != "" {
		t.Errorf("the packaged table carries %+v (%v)", carried, err)
	}
}

// gunzip expands a gzip file, or fails the test.
func gunzip(t *testing.T, gz []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
