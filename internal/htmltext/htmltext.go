// Package htmltext escapes text for HTML, as the page's pre-rendered markup (wasm/page) and the
// embed snippet (embed) write it: the two must agree, since a test compares the snippet the
// page copies with the one /oembed serves.
package htmltext

import "strings"

// Escape writes s as HTML text, or as an attribute value in double quotes (attr).
func Escape(s string, attr bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
