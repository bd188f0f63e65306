package web

import (
	"strconv"
	"strings"

	"golang.org/x/net/publicsuffix"

	"coerceplayground/internal/origin"
)

// DefaultEmbedders is the frame-ancestors list of the embed page when
// ALLOWED_EMBEDDERS is empty: the playground's own origin and any HTTPS
// site. Course platforms (Moodle, Canvas, MkDocs on GitHub Pages, …) are
// served over HTTPS; a plain-HTTP page, such as a course site previewed on
// 127.0.0.1, must be listed by origin.
const DefaultEmbedders = "'self' https:"

// Embedders is a checked frame-ancestors source list: the sites allowed to
// show the embed page in an iframe. Parse one with [ParseEmbedders].
type Embedders struct{ sources []string }

// String is the list as the CSP's frame-ancestors directive takes it.
func (e Embedders) String() string {
	if len(e.sources) == 0 {
		return DefaultEmbedders
	}
	return strings.Join(e.sources, " ")
}

// EmbedderError says which entry of ALLOWED_EMBEDDERS is not a source that
// frame-ancestors takes, and why.
type EmbedderError struct {
	Entry  string
	Reason string
}

func (e *EmbedderError) Error() string {
	return "ALLOWED_EMBEDDERS: " + strconv.Quote(e.Entry) + " " + e.Reason
}

// ParseEmbedders reads ALLOWED_EMBEDDERS: entries separated by commas or
// spaces, each one of
//
//   - "*": any site;
//   - "'self'": the playground's own origin;
//   - "'none'": no site (alone);
//   - "https:" or "http:": any site of that scheme;
//   - "https://course.example.edu": one origin (a port may follow the host,
//     "*" for any port);
//   - "http://[::1]:8000": an IPv6 literal, in brackets;
//   - "https://*.example.edu": every subdomain of example.edu.
//
// Origins follow package internal/origin: ports in plain digits (no sign, no
// leading zero), host names in ASCII (punycode for international names).
// Paths, queries, other keywords and anything a CSP would read as a second
// directive (';', quotes) are refused, so a typo cannot widen or break the
// policy. An empty value gives [DefaultEmbedders]. A wildcard over a public
// suffix parses, with a warning ([Embedders.Warnings]).
func ParseEmbedders(s string) (Embedders, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	if len(fields) == 0 {
		return Embedders{}, nil
	}
	var out []string
	seen := map[string]bool{}
	for _, f := range fields {
		src, err := embedder(f)
		if err != nil {
			return Embedders{}, err
		}
		if !seen[src] {
			seen[src] = true
			out = append(out, src)
		}
	}
	if seen["'none'"] && len(out) > 1 {
		return Embedders{}, &EmbedderError{"'none'", "cannot be combined with other entries"}
	}
	return Embedders{sources: out}, nil
}

func embedder(f string) (string, error) {
	lower := strings.ToLower(f)
	switch lower {
	case "*", "'self'", "'none'", "https:", "http:":
		return lower, nil
	case "self", "none":
		return "", &EmbedderError{f, "needs single quotes: '" + lower + "'"}
	}
	if !strings.Contains(f, "://") {
		return "", &EmbedderError{f, "is not an origin such as https://course.example.edu, a scheme (https:), '*', 'self' or 'none'"}
	}
	o, err := origin.Parse(f, true)
	if err != nil {
		return "", &EmbedderError{f, err.Error()}
	}
	return o.String(), nil
}

// Warnings are entries that parse but allow far more than their author
// likely meant: a wildcard over a public suffix (https://*.com,
// https://*.co.uk, https://*.github.io) lets every site under it frame the
// page. serve.go and make dist print them; the list still applies.
func (e Embedders) Warnings() []string {
	var out []string
	for _, src := range e.sources {
		_, rest, ok := strings.Cut(src, "://*.")
		if !ok {
			continue
		}
		domain, _, _ := strings.Cut(rest, ":")
		if ps, _ := publicsuffix.PublicSuffix(domain); ps == domain {
			out = append(out, src+" lets every site under the public suffix ."+domain+
				" frame the embed page; name your course site's own domain (https://*.example.edu)")
		}
	}
	return out
}
