package page

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// The stylesheet writes its palette once: every colour is a variable of the :root block, light
// and dark side by side (light-dark()), and the dark scheme and an embed's theme= only choose the
// scheme. Each code has one colour variable, which its badge and its chart bar both use.
func TestStylePalette(t *testing.T) {
	raw, err := os.ReadFile("../../web/style.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(raw)
	start := strings.Index(css, ":root {")
	end := start + strings.Index(css[start:], "\n}\n")
	if start < 0 || end < start {
		t.Fatal("style.css has no :root block")
	}
	root, rest := css[start:end], css[:start]+css[end:]
	colour := regexp.MustCompile(`#[0-9a-fA-F]{3,8}\b[^-\w]|\brgba?\(|\bhsla?\(`)
	for _, m := range colour.FindAllStringIndex(css, -1) {
		if m[0] < start || m[0] >= end {
			t.Errorf("style.css:%d: a colour outside the :root palette: %q", strings.Count(css[:m[0]], "\n")+1, css[m[0]:m[1]])
		}
	}
	if strings.Contains(rest, "@media (prefers-color-scheme") {
		t.Error("style.css overrides colours in a prefers-color-scheme block; light-dark() in :root does it")
	}
	theme := regexp.MustCompile(`html\[data-theme="(light|dark)"\] \{ color-scheme: (light|dark); \}`)
	if got := theme.FindAllStringSubmatch(css, -1); len(got) != 2 || got[0][1] != got[0][2] || got[1][1] != got[1][2] {
		t.Errorf("want one html[data-theme] rule for light and one for dark, each setting only color-scheme; got %q", got)
	}
	for _, c := range lesson.Codes() {
		code := string(c)
		decl := "--code-" + code + ": light-dark("
		if n := strings.Count(root, decl); n != 1 {
			t.Errorf("code %s: %d declarations %q in :root, want 1", code, n, decl)
		}
		use := `[data-badge="` + code + `"], .bar-` + code + ` { --hue: var(--code-` + code + `); }`
		if !strings.Contains(rest, use) {
			t.Errorf("code %s: style.css lacks %s", code, use)
		}
	}
}
