package webbuild

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/lesson"
	"coerceplayground/wasm/page"
)

// TestIndexPrerendered fails when the committed index.html is behind what the page's views
// draw: every way of serving the page (serve.go, make dist, the edge worker, web.Static) sends
// that file, so it must hold the lesson as the app would draw it. `make build` rewrites it.
func TestIndexPrerendered(t *testing.T) {
	name := filepath.Join("..", "..", "web", "index.html")
	cur, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	next, err := Prerender(cur)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(cur, next) {
		t.Fatal("web/index.html's pre-rendered lesson is out of date: run make build and commit web/index.html")
	}
	html := string(cur)
	for _, want := range []string{`id="row-5-input"`, `data-slug="` + lesson.Notes()[0].Slug + `"`, `data-badge="not_found"`, `"job_id"`} {
		if !strings.Contains(html, want) {
			t.Errorf("index.html has no %s", want)
		}
	}
	if n := strings.Count(html, `<tr data-row=`); n != len(lesson.Opening().Rows) {
		t.Errorf("index.html has %d editor rows, want the lesson's %d", n, len(lesson.Opening().Rows))
	}
}

// TestPrerenderRegions checks Prerender's refusals: a missing or doubled region is an error,
// and filling twice changes nothing.
func TestPrerenderRegions(t *testing.T) {
	var all strings.Builder
	for _, r := range page.Prerender() {
		all.WriteString("<x><!--prerender:" + r.ID + "-->OLD-REGION<!--/prerender:" + r.ID + "--></x>\n")
	}
	once, err := Prerender([]byte(all.String()))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(once), "OLD-REGION") {
		t.Error("a region kept its old content")
	}
	twice, err := Prerender(once)
	if err != nil || !bytes.Equal(once, twice) {
		t.Errorf("filling twice changed the page (%v)", err)
	}
	for _, bad := range []string{
		strings.Replace(all.String(), "<!--/prerender:rows-->", "", 1),
		all.String() + "<!--prerender:rows--><!--/prerender:rows-->",
		strings.Replace(all.String(), "<!--prerender:schema-->", "", 1),
	} {
		if _, err := Prerender([]byte(bad)); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
