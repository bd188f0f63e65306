package e2e

import (
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

// Embed options that cannot work are named in the page's notice with the
// reason, and the rest still apply: an unknown panel, a port with a sign, a
// non-ASCII host; an IPv6 literal is taken.
func TestEmbedNoticeNamesBadSettings(t *testing.T) {
	tb := newTab(t)
	site := httptest.NewServer(web.NewSite(os.DirFS(webbuild.Web(moduleRoot)), web.Embedders{}))
	defer site.Close()
	tb.do(chromedp.Navigate(site.URL + "/embed.html#panels=table,charts,results" +
		"&origins=https://a.example:%2B443,https://b%C3%BCcher.example,http://%5B::1%5D:8000"))
	tb.waitReady()
	notice := eval[string](tb, `document.getElementById("notice").hidden ? "" : document.getElementById("notice-text").textContent`)
	for _, want := range []string{`panels= names no panel called "charts"`, `"https://a.example:+443" has port "+443"`,
		`"https://bücher.example" is not ASCII`, "punycode"} {
		if !strings.Contains(notice, want) {
			t.Errorf("the notice does not say %q: %q", want, notice)
		}
	}
	if strings.Contains(notice, "[::1]") {
		t.Errorf("the IPv6 origin was refused: %q", notice)
	}
	shown := eval[bool](tb, `getComputedStyle(document.getElementById("panel-table")).display !== "none"`)
	if !shown {
		t.Error("the known panel table is hidden")
	}
}
