package page

import (
	"strings"

	"coerceplayground/internal/htmltext"
)

// Node is a piece of the page described in plain Go: an element with its attributes and
// children, or a text. One description serves twice: written as HTML at build time
// (build/webbuild puts it in index.html, so the lesson is readable before the app loads and
// with scripts off), and built into the DOM by the app (wasm/app/build.go) when the page shows
// something other than what was written. The two cannot drift apart: both read the same Node.
type Node struct {
	// Tag is the element's name; "" makes the node a text.
	Tag string
	// Attrs are the element's attributes as name, value pairs, in order.
	Attrs []string
	// Text is a text node's text, or a markupNode's markup.
	Text string
	// Kids are the element's children.
	Kids []Node
}

// markupTag is the Tag of a markupNode: no element has a name with a '#'.
const markupTag = "#markup"

// markupNode is markup from the lesson's own files (a note's body) as a child; never learner text,
// which only ever travels as Text or an attribute value. (A node of its own rather than a field
// of every Node: each field is copied wherever a Node is passed, and app.wasm pays for it.)
func markupNode(html string) Node { return Node{Tag: markupTag, Text: html} }

// IsMarkup reports whether n is a Markup node.
func (n Node) IsMarkup() bool { return n.Tag == markupTag }

// E is an element with attributes given as name, value pairs.
func E(tag string, attrs ...string) Node { return Node{Tag: tag, Attrs: attrs} }

// T is a text node.
func T(s string) Node { return Node{Text: s} }

// With returns n with kids appended to its children.
func (n Node) With(kids ...Node) Node {
	n.Kids = append(n.Kids[:len(n.Kids):len(n.Kids)], kids...)
	return n
}

// Say returns n with the text s as its last child.
func (n Node) Say(s string) Node { return n.With(T(s)) }

// Attr is n's attribute name and whether it has it.
func (n Node) Attr(name string) (string, bool) {
	for i := 0; i+1 < len(n.Attrs); i += 2 {
		if n.Attrs[i] == name {
			return n.Attrs[i+1], true
		}
	}
	return "", false
}

// Set returns n with attribute name set to v, replacing an earlier value.
func (n Node) Set(name, v string) Node {
	a := append([]string(nil), n.Attrs...)
	for i := 0; i+1 < len(a); i += 2 {
		if a[i] == name {
			a[i+1] = v
			n.Attrs = a
			return n
		}
	}
	n.Attrs = append(a, name, v)
	return n
}

// void reports whether an element has no end tag (a function, not a map: a map would be built
// at start-up in app.wasm, which never writes HTML).
func void(tag string) bool {
	switch tag {
	case "input", "br", "img", "hr", "meta", "link":
		return true
	}
	return false
}

// HTML writes n as HTML, escaping every text and attribute value, with no whitespace added
// between elements (the app adds none either).
func (n Node) HTML() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n Node) write(b *strings.Builder) {
	if n.Tag == "" {
		b.WriteString(htmltext.Escape(n.Text, false))
		return
	}
	if n.IsMarkup() {
		b.WriteString(n.Text)
		return
	}
	b.WriteString("<" + n.Tag)
	for i := 0; i+1 < len(n.Attrs); i += 2 {
		b.WriteString(" " + n.Attrs[i])
		if v := n.Attrs[i+1]; v != "" {
			b.WriteString(`="` + htmltext.Escape(v, true) + `"`)
		}
	}
	b.WriteString(">")
	if void(n.Tag) {
		return
	}
	for _, k := range n.Kids {
		k.write(b)
	}
	b.WriteString("</" + n.Tag + ">")
}
