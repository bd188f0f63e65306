package webbuild

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"coerceplayground/wasm/page"
)

// Prerender writes the page's pre-rendered regions (page.Prerender: the lesson's table, notes,
// catalog and schema, drawn by the same Go code the app draws them with, run natively) into
// index, between each region's <!--prerender:ID--> and <!--/prerender:ID--> comments. A region
// whose comments are missing is an error: the page would silently lose its static lesson.
func Prerender(index []byte) ([]byte, error) { return FillRegions(index, page.Prerender()) }

// FillRegions writes regions into index as Prerender does; a SCORM launch page fills them from
// its packaged table (page.PrerenderTable).
func FillRegions(index []byte, regions []page.Region) ([]byte, error) {
	out := index
	for _, r := range regions {
		open, end := []byte("<!--prerender:"+r.ID+"-->"), []byte("<!--/prerender:"+r.ID+"-->")
		i := bytes.Index(out, open)
		j := bytes.Index(out, end)
		if i < 0 || j < i || bytes.Count(out, open) != 1 || bytes.Count(out, end) != 1 {
			return nil, fmt.Errorf("index.html needs exactly one %s ... %s pair for the pre-rendered %s", open, end, r.ID)
		}
		i += len(open)
		next := make([]byte, 0, len(out)-(j-i)+len(r.HTML))
		next = append(append(append(next, out[:i]...), r.HTML...), out[j:]...)
		out = next
	}
	return out, nil
}

// prerenderIndex brings the web directory's index.html up to date with Prerender, writing it
// only when it changed; an index.html without any region is left alone. index.html is committed (web.Static embeds it) with its regions filled,
// so every way of serving the page sends the pre-rendered lesson; TestIndexPrerendered fails
// when the committed copy is behind.
func prerenderIndex(web string) (bool, error) {
	name := filepath.Join(web, "index.html")
	cur, err := os.ReadFile(name)
	if err != nil {
		return false, err
	}
	if !bytes.Contains(cur, []byte("<!--prerender:")) {
		return false, nil // a page with nothing to pre-render (the package's tests build one)
	}
	next, err := Prerender(cur)
	if err != nil || bytes.Equal(cur, next) {
		return false, err
	}
	return true, writeFile(name, next)
}
