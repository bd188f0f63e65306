package web

import (
	"errors"
	"strconv"
	"strings"
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
//   - "https://course.example.edu": one origin (a port may follow the host);
//   - "https://*.example.edu": every subdomain of example.edu.
//
// Paths, queries, other keywords and anything a CSP would read as a second
// directive (';', quotes) are refused, so a typo cannot widen or break the
// policy. An empty value gives [DefaultEmbedders].
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
	scheme, rest, ok := strings.Cut(lower, "://")
	if !ok {
		return "", &EmbedderError{f, "is not an origin such as https://course.example.edu, a scheme (https:), '*', 'self' or 'none'"}
	}
	if scheme != "https" && scheme != "http" {
		return "", &EmbedderError{f, "has scheme " + strconv.Quote(scheme) + "; use https or http"}
	}
	rest = strings.TrimSuffix(rest, "/")
	if strings.ContainsAny(rest, "/?#") {
		return "", &EmbedderError{f, "has a path, query or fragment; give the origin only (scheme://host[:port])"}
	}
	host, port, hasPort := strings.Cut(rest, ":")
	if hasPort {
		n, err := strconv.Atoi(port)
		if port != "*" && (err != nil || n < 1 || n > 65535 || port[0] == '0') {
			return "", &EmbedderError{f, "has port " + strconv.Quote(port) + "; use 1 to 65535 or *"}
		}
	}
	if err := checkHost(strings.TrimPrefix(host, "*.")); err != nil {
		return "", &EmbedderError{f, err.Error()}
	}
	return scheme + "://" + rest, nil
}

// checkHost accepts a DNS name or an IPv4 address in ASCII (punycode for
// international names): labels of letters, digits and hyphens.
func checkHost(h string) error {
	if h == "" || len(h) > 253 {
		return errors.New("has no host name")
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return errors.New("has a malformed host name " + strconv.Quote(h))
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return errors.New("has a malformed host name " + strconv.Quote(h) + " (write international names in punycode)")
			}
		}
	}
	return nil
}
