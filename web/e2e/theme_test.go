package e2e

import (
	"encoding/json"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
)

// colours is what the page paints for each code under one scheme: the chart bar's fill, the
// badge's text and background, and the contrast between those two.
type colours struct {
	Bar, Badge, BadgeBg, Hue string
	Contrast                 float64
}

// coloursJS reads the colours of every code: a bar of the chart, and a badge added to the page.
const coloursJS = `(() => {
  const rgb = s => { // "rgb(r, g, b)", "rgba(…)" or "color(srgb r g b)" → [r, g, b] in 0..1
    const m = s.match(/color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)/);
    if (m) return [+m[1], +m[2], +m[3]];
    const n = s.match(/rgba?\((\d+), (\d+), (\d+)/);
    return [n[1] / 255, n[2] / 255, n[3] / 255];
  };
  const lum = c => { const l = rgb(c).map(v => v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  const out = {};
  for (const code of CODES) {
    const bar = document.querySelector("#chart rect.bar-" + code);
    const b = document.createElement("span");
    b.className = "code"; b.dataset.badge = code; b.textContent = code;
    document.getElementById("panel-table").append(b);
    const cs = getComputedStyle(b), l1 = lum(cs.color), l2 = lum(cs.backgroundColor);
    out[code] = {Bar: bar ? getComputedStyle(bar).fill : "", Badge: cs.color, BadgeBg: cs.backgroundColor,
      Hue: cs.getPropertyValue("--hue").trim(),
      Contrast: (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05)};
    b.remove();
  }
  return out;
})()`

// The chart and the badges take each code's colour from one CSS variable, light or dark with
// the page: a theme=dark embed in a light system paints the same dark colours as the page in a
// dark system, and theme=light the reverse. Each badge's text stays readable (WCAG AA, 4.5:1).
func TestThemeColours(t *testing.T) {
	codes, _ := json.Marshal(lesson.Codes())
	js := "const CODES = " + string(codes) + "; " + coloursJS
	cs := newCourseSite(t) // serves embed.html
	read := func(t *testing.T, system, url string) map[string]colours {
		tb := newTab(t)
		tb.media([2]string{"prefers-color-scheme", system})
		tb.do(chromedp.Navigate(url))
		tb.waitReady()
		return eval[map[string]colours](tb, js)
	}
	light := read(t, "light", server.URL+"/")
	dark := read(t, "dark", server.URL+"/")
	for _, c := range []struct {
		name, system, path string
		want               map[string]colours
	}{
		{"theme=dark in a light system", "light", cs.play.URL + "/embed.html#panels=table,results,chart&theme=dark", dark},
		{"theme=light in a dark system", "dark", cs.play.URL + "/embed.html#panels=table,results,chart&theme=light", light},
		{"theme=auto in a dark system", "dark", cs.play.URL + "/embed.html#panels=table,results,chart&theme=auto", dark},
	} {
		got := read(t, c.system, c.path)
		for _, code := range codeNames() {
			if got[code] != c.want[code] {
				t.Errorf("%s: %s is painted %+v, want %+v", c.name, code, got[code], c.want[code])
			}
		}
	}
	seen := map[string]string{}
	for _, code := range codeNames() {
		l, d := light[code], dark[code]
		if l.Bar == "" || l.Hue == "" {
			t.Errorf("%s: no bar, or no colour of its own: %+v", code, l)
		}
		if l.Bar == d.Bar || l.Badge == d.Badge || l.BadgeBg == d.BadgeBg {
			t.Errorf("%s: the same colour in light and dark: %+v / %+v", code, l, d)
		}
		if other, dup := seen[l.Bar]; dup {
			t.Errorf("%s and %s have the same bar colour %s", code, other, l.Bar)
		}
		seen[l.Bar] = code
		for scheme, c := range map[string]colours{"light": l, "dark": d} {
			if c.Contrast < 4.5 {
				t.Errorf("%s badge in %s: contrast %.2f:1 (%s on %s), want at least 4.5:1", code, scheme, c.Contrast, c.Badge, c.BadgeBg)
			}
		}
	}
}
