package embed

import (
	"strconv"
	"strings"

	"coerceplayground/internal/htmltext"
	"coerceplayground/lesson"
)

// Link is the embed page's URL for the page at href holding t: the
// snippet Copy embed code writes points there. Other fragment options of
// href (theme, panels, …) are kept.
func Link(href string, t lesson.Table) string {
	base, fragment, _ := strings.Cut(href, "#")
	return dir(base) + "embed.html#" + WithTable(fragment, lesson.EncodeShare(lesson.Shared(t)))
}

// dir is a URL up to and including the last '/' of its path, without query or fragment.
func dir(u string) string {
	u, _, _ = strings.Cut(u, "#")
	u, _, _ = strings.Cut(u, "?")
	if i := strings.LastIndexByte(u, '/'); i >= 0 {
		return u[:i+1]
	}
	return u
}

// Choice is what the copy dialog's checkboxes ask of the embed.
type Choice struct {
	// ReadOnly writes readonly=1: the learner cannot edit the table.
	ReadOnly bool
	// Predict writes the table in predict mode, with mode=predict: the link carries no
	// expected code, and the learner predicts each before Run. Off, the table goes as it
	// is on the page, with its expected codes.
	Predict bool
}

// Code is what Copy embed code writes for the page at href holding t: the frame (its
// fixed height computed for what it shows, EmbedHeight) and the host.js line.
func Code(href string, t lesson.Table, c Choice) (code string, height int) {
	t.Mode = ""
	if c.Predict {
		t.Mode = lesson.PredictMode
	}
	src := Link(href, t)
	base, fragment, _ := strings.Cut(src, "#")
	fragment = withOption(fragment, "readonly", c.ReadOnly, "1")
	fragment = withOption(fragment, "mode", c.Predict, lesson.PredictMode)
	height = Height(ParseOptions(fragment), t)
	return Snippet(base+"#"+fragment, height), height
}

// Copied is what the copy dialog says once the code of a frame height px high is on the
// clipboard.
func Copied(height int) string {
	return "Embed code copied: paste it into your course page's HTML (the table travels in the link). " +
		"The frame is " + strconv.Itoa(height) + " px high, enough for this table in a column from " +
		strconv.Itoa(Width) + " px wide; where the course site allows scripts, the script line sizes it to fit."
}

// Title is the iframe's title attribute: what a screen reader announces
// when it enters the frame.
const Title = "Coercion playground: what a tool answers for each input"

// Snippet is the embed code for the embed page at src: the iframe, height px high where
// a course site strips scripts, and the line that loads host.js from the same site, which
// sizes the frame to the height the page reports where scripts run. Copy embed code and
// /oembed (web.Snippet) both write it.
func Snippet(src string, height int) string {
	return `<iframe src="` + htmltext.Escape(src, true) + `" title="` + Title + `" ` +
		`width="100%" height="` + strconv.Itoa(height) + `" loading="lazy" referrerpolicy="no-referrer"></iframe>` + "\n" +
		`<script src="` + htmltext.Escape(dir(src)+"host.js", true) + `" defer></script>`
}
