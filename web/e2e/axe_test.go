package e2e

// axe-core (the pinned npm package, 4.14.1) finds no accessibility violation on the page or the
// embed once they are ready, at a phone's width and a laptop's.

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestAxeNoViolations(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(moduleRoot, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Skip("node_modules has no axe-core (run npm ci): " + err.Error())
	}
	site := siteServer(t)
	for _, doc := range []string{"/", "/embed.html"} {
		for _, w := range []int64{360, 1280} {
			name := strings.TrimPrefix(doc, "/")
			if name == "" {
				name = "page"
			}
			t.Run(name+"-"+strconv.FormatInt(w, 10), func(t *testing.T) {
				tb := newTab(t)
				tb.do(chromedp.EmulateViewport(w, 800))
				tb.navigateNoWait(site.URL + doc)
				tb.waitReady()
				// Evaluated through the DevTools protocol, which the page's CSP does not govern.
				tb.do(chromedp.Evaluate[chromedp.Void](string(src)))
				found, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]string](`axe.run(document).then(r => r.violations.map(v =>
					v.id + " (" + v.impact + "): " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")))`, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range found {
					t.Errorf("%s at %d px: %s", doc, w, v)
				}
			})
		}
	}
}
