package main

import (
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/htmltext"
)

// reportCSS is the page's only style, allowed by its hash in the page's Content-Security-Policy.
// The code colours are the playground's (web/style.css; a test keeps the two the same).
const reportCSS = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.4;
  --code-ok: light-dark(#2b8a3e, #69db7c);
  --code-invalid_args: light-dark(#e8a100, #ffd43b);
  --code-not_found: light-dark(#3b5bdb, #91a7ff);
  --code-denied: light-dark(#ae3ec9, #e599f7);
  --code-rate_limited: light-dark(#0c8599, #66d9e8);
  --code-timeout: light-dark(#868e96, #ced4da);
  --code-internal_error: light-dark(#e03131, #ff8787); }
body { max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { text-align: left; padding: 0.25rem 0.6rem; border-bottom: 1px solid color-mix(in srgb, currentColor 20%, transparent); vertical-align: top; }
code { font-size: 0.9em; overflow-wrap: anywhere; }
svg { display: block; max-width: 36rem; }
svg text { font: 12px system-ui, sans-serif; fill: currentColor; }
.bar-ok { fill: var(--code-ok); } .bar-invalid_args { fill: var(--code-invalid_args); }
.bar-not_found { fill: var(--code-not_found); } .bar-denied { fill: var(--code-denied); }
.bar-rate_limited { fill: var(--code-rate_limited); } .bar-timeout { fill: var(--code-timeout); }
.bar-internal_error { fill: var(--code-internal_error); }
.dangerous { font-weight: 600; }`

// reportCSP forbids every request, script and frame: the page is read, never run.
func reportCSP() string {
	sum := sha256.Sum256([]byte(reportCSS))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'"
}

// reportPage is the report as one self-contained HTML page: the same tables as the text, and
// a bar chart of the codes per tool as inline SVG. No script and no request; every name and
// argument from the input is escaped.
func reportPage(t *tally) []byte {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"" + reportCSP() + "\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>coerce report</title>\n")
	b.WriteString("<style>" + reportCSS + "</style>\n</head>\n<body>\n<h1>coerce report</h1>\n")
	b.WriteString("<p>" + esc(strings.TrimPrefix(summary(t), "coerce report: ")) + ".</p>\n")
	if t.loose {
		b.WriteString("<p>Loose validators judged on each refused call's arguments: " + esc(strings.Join(validatorOrder(), ", ")) + ". ")
		b.WriteString("<span class=\"dangerous\">Dangerous: " + esc(plural(t.dangerous(), "call")) + "</span> coerce refuses that a loose validator lets through.</p>\n")
	} else {
		b.WriteString("<p>Loose validators not judged: the proxy's log holds no arguments.</p>\n")
	}
	shown, rest := shownTools(t)
	for _, tt := range shown {
		writeToolSection(&b, t, tt)
	}
	if rest != "" {
		b.WriteString("<p>" + esc(rest) + ".</p>\n")
	}
	b.WriteString("</body>\n</html>\n")
	return []byte(b.String())
}

func writeToolSection(b *strings.Builder, t *tally, tt *toolTally) {
	b.WriteString("<section>\n<h2><code>" + esc(tt.name) + "</code></h2>\n")
	if tt.notRun {
		b.WriteString("<p>" + esc(plural(tt.calls, "call")) + ", not run: no -tool file defines it.</p>\n</section>\n")
		return
	}
	b.WriteString("<p>" + esc(plural(tt.calls, "call")) + ": " + esc(countWords(&tt.codes, codeOrder())) + ".</p>\n")
	writeBars(b, tt)
	b.WriteString("<table>\n<thead><tr><th>field</th><th>codes</th><th>coercions</th><th>let through by a loose validator</th></tr></thead>\n<tbody>\n")
	fields, more := fieldsInOrder(tt)
	for _, f := range fields {
		b.WriteString("<tr><td><code>" + esc(fieldName(f.name)) + "</code></td><td>" + esc(countWords(&f.codes, codeOrder())) +
			"</td><td>" + esc(countWords(&f.rules, ruleOrder)) + "</td><td>" + esc(looseWords(t, tt, f)) + "</td></tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
	if more != "" {
		b.WriteString("<p>" + esc(more) + ".</p>\n")
	}
	var notes []string
	for _, f := range tt.fields {
		for _, e := range f.examples {
			notes = append(notes, "Let through on <code>"+esc(fieldName(f.name))+"</code>: <code>"+esc(e)+"</code>")
		}
	}
	for _, s := range tt.stops {
		notes = append(notes, "Budget: "+esc(stopWords(s)))
	}
	if tt.afterEnd > 0 {
		notes = append(notes, esc(plural(tt.afterEnd, "call"))+" after the budget had ended the session")
	}
	if len(notes) > 0 {
		b.WriteString("<ul>\n<li>" + strings.Join(notes, "</li>\n<li>") + "</li>\n</ul>\n")
	}
	b.WriteString("</section>\n")
}

// writeBars draws one bar per code of the tool, its length its share of the tool's calls.
func writeBars(b *strings.Builder, tt *toolTally) {
	keys := tt.codes.sorted(codeOrder())
	const row, label, width = 22, 110, 300
	h := strconv.Itoa(row * len(keys))
	b.WriteString("<svg viewBox=\"0 0 " + strconv.Itoa(label+width+60) + " " + h + "\" role=\"img\" aria-label=\"" +
		esc(tt.name+" codes: "+countWords(&tt.codes, codeOrder())) + "\">\n")
	for i, k := range keys {
		n := tt.codes.n[k]
		y := strconv.Itoa(i * row)
		w := strconv.Itoa(max(1, n*width/tt.calls))
		class := "bar-" + k
		if _, known := coerce.Lookup(coerce.Code(k)); !known && k != string(coerce.OK) {
			class = "bar-other" // a class is never built from text the catalog does not hold
		}
		b.WriteString("<text x=\"0\" y=\"" + strconv.Itoa(i*row+15) + "\">" + esc(display(k)) + "</text>")
		b.WriteString("<rect class=\"" + class + "\" x=\"" + strconv.Itoa(label) + "\" y=\"" + y + "\" width=\"" + w + "\" height=\"" + strconv.Itoa(row-6) + "\"></rect>")
		b.WriteString("<text x=\"" + strconv.Itoa(label+width+6) + "\" y=\"" + strconv.Itoa(i*row+15) + "\">" + strconv.Itoa(n) + "</text>\n")
	}
	b.WriteString("</svg>\n")
}

// esc is text from anywhere as HTML text or a double-quoted attribute value.
func esc(s string) string { return htmltext.Escape(s, true) }
