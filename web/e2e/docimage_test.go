package e2e

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// updateDocsImage rewrites docs/playground.png, the picture of the page in the README and
// docs/page.md: go test ./web/e2e -run TestDocsImage -update-docs-image
var updateDocsImage = flag.Bool("update-docs-image", false, "rewrite docs/playground.png from the page as it is now")

// maxDocsImage is what docs/playground.png may weigh: the README shows it to every visitor.
const maxDocsImage = 200 << 10

// TestDocsImage takes the picture of the page the docs show: 1280 px wide, light, after a
// student predicted three rows and pressed Run, from the top (the question, the table with the
// predictions, the score and the first results, the lesson notes beside them). It is written to
// artifacts/ and, with -update-docs-image, to docs/playground.png, in 256 colours; the
// committed picture must be 1280 px wide and under maxDocsImage.
func TestDocsImage(t *testing.T) {
	tb := newTab(t)
	tb.do(chromedp.EmulateViewport(1280, 1280))
	tb.media([2]string{"prefers-color-scheme", "light"})
	tb.open("/")
	for i, code := range map[int]string{0: "ok", 2: "ok", 3: "invalid_args"} {
		id := "row-" + strconv.Itoa(i) + "-want"
		tb.do(chromedp.SetValue(chromedp.ID(id), code),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("`+id+`").dispatchEvent(new Event("change", {bubbles: true}))`))
	}
	tb.do(chromedp.Click(chromedp.ID("run")),
		chromedp.Evaluate[chromedp.Void](`document.activeElement.blur(); scrollTo(0, 0)`))
	shot, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, quantize(img, 256)); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(artifactDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifactDir, "playground.png"), out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("the picture: %d bytes in 256 colours (%d as captured)", out.Len(), len(shot))
	docs := filepath.Join(moduleRoot, "docs", "playground.png")
	if *updateDocsImage {
		if err := os.WriteFile(docs, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(docs)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width != 1280 || len(b) > maxDocsImage {
		t.Errorf("docs/playground.png: %d×%d, %d bytes (%v); want 1280 px wide and at most %d bytes: go test ./web/e2e -run TestDocsImage -update-docs-image",
			cfg.Width, cfg.Height, len(b), err, maxDocsImage)
	}
}

// quantize maps img to at most n colours by median cut: the box of colours holding the most
// pixels is split at its median along its widest channel until there are n boxes, each
// becoming its pixels' mean colour. A screenshot's flat panels and text keep their colours
// exactly; only antialiased edges move, by a shade. No dithering: its noise would cost more
// bytes than the colours save.
func quantize(img image.Image, n int) *image.Paletted {
	r := img.Bounds()
	count := map[color.RGBA]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			count[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	type box struct {
		cs     []color.RGBA
		pixels int
	}
	all := box{}
	for c, k := range count {
		all.cs = append(all.cs, c)
		all.pixels += k
	}
	// In a fixed order, so that the same screenshot always gives the same bytes.
	slices.SortFunc(all.cs, func(p, q color.RGBA) int { return cmpRGBA(p, q) })
	boxes := []box{all}
	for len(boxes) < n {
		i := -1
		for j, b := range boxes {
			if len(b.cs) > 1 && (i < 0 || b.pixels > boxes[i].pixels) {
				i = j
			}
		}
		if i < 0 {
			break // every box is one colour
		}
		b := boxes[i]
		ch := widest(b.cs)
		slices.SortStableFunc(b.cs, func(p, q color.RGBA) int { return int(channel(p, ch)) - int(channel(q, ch)) })
		half, cut := 0, 1
		for k, c := range b.cs[:len(b.cs)-1] {
			half += count[c]
			cut = k + 1
			if 2*half >= b.pixels {
				break
			}
		}
		lo, hi := box{cs: b.cs[:cut]}, box{cs: b.cs[cut:]}
		lo.pixels = half
		hi.pixels = b.pixels - half
		boxes[i] = lo
		boxes = append(boxes, hi)
	}
	pal := make(color.Palette, len(boxes))
	index := map[color.RGBA]uint8{}
	for i, b := range boxes {
		var s [4]int
		for _, c := range b.cs {
			k := count[c]
			s[0] += int(c.R) * k
			s[1] += int(c.G) * k
			s[2] += int(c.B) * k
			s[3] += int(c.A) * k
			index[c] = uint8(i)
		}
		pal[i] = color.RGBA{uint8(s[0] / b.pixels), uint8(s[1] / b.pixels), uint8(s[2] / b.pixels), uint8(s[3] / b.pixels)}
	}
	out := image.NewPaletted(r, pal)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			out.SetColorIndex(x, y, index[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)])
		}
	}
	return out
}

// widest is the channel (0 red, 1 green, 2 blue) along which cs spread furthest.
func widest(cs []color.RGBA) int {
	best, span := 0, -1
	for ch := range 3 {
		lo, hi := 255, 0
		for _, c := range cs {
			v := int(channel(c, ch))
			lo, hi = min(lo, v), max(hi, v)
		}
		if hi-lo > span {
			best, span = ch, hi-lo
		}
	}
	return best
}

func channel(c color.RGBA, ch int) uint8 { return [3]uint8{c.R, c.G, c.B}[ch] }

func cmpRGBA(p, q color.RGBA) int {
	pack := func(c color.RGBA) int { return int(c.R)<<24 | int(c.G)<<16 | int(c.B)<<8 | int(c.A) }
	return pack(p) - pack(q)
}
