// Package origin reads a web origin, scheme://host[:port], as the
// playground's settings write one: ALLOWED_EMBEDDERS on the server (package
// web) and origins= in the embed page's fragment (wasm/page). Both name a bad
// entry with the same reason, so this leaf package holds the rules once.
//
// Vocabulary:
//   - A host is a DNS name in ASCII (letters, digits and hyphens in labels of
//     at most 63 characters; an international name in punycode, xn--…), an
//     IPv4 address, or an IPv6 literal in brackets ([::1]).
//   - A port is 1 to 65535 in plain decimal digits: no sign, no leading
//     zero, so that "+443" or "0443" is refused instead of read as 443.
//   - A wildcard is what ALLOWED_EMBEDDERS may hold and origins= may not: a
//     host that starts with "*." (every subdomain) and the port "*".
//
// It imports only strings and strconv: the page's wasm links it.
package origin

import (
	"strconv"
	"strings"
)

// Origin is a checked origin, lower-cased.
type Origin struct {
	Scheme string // "http" or "https"
	Host   string // without a "*." prefix; IPv6 in brackets
	Port   string // "" when absent; "*" only with wildcards
	// Subdomains is true for a "*." host: every subdomain of Host.
	Subdomains bool
}

// String is the origin as a CSP source or MessageEvent.origin writes it.
func (o Origin) String() string {
	s := o.Scheme + "://"
	if o.Subdomains {
		s += "*."
	}
	s += o.Host
	if o.Port != "" {
		s += ":" + o.Port
	}
	return s
}

// Error says why a text is not an origin. Reason completes a sentence whose
// subject is the entry: `"https://x:0443" has port "0443"; …`.
type Error struct{ Reason string }

func (e *Error) Error() string { return e.Reason }

func fail(reason string) (Origin, error) { return Origin{}, &Error{reason} }

// Parse reads s as an origin; a single trailing "/" is allowed. With
// wildcards, a "*." host and the port "*" are accepted.
func Parse(s string, wildcards bool) (Origin, error) {
	if i := strings.IndexFunc(s, func(r rune) bool { return r >= 0x80 }); i >= 0 {
		return fail("is not ASCII: write an international host name in punycode (xn--…), as the browser's address bar shows it")
	}
	scheme, rest, ok := strings.Cut(strings.ToLower(s), "://")
	if !ok {
		return fail("is not an origin such as https://course.example.edu")
	}
	rest = strings.TrimSuffix(rest, "/")
	if scheme != "https" && scheme != "http" {
		return fail("has scheme " + strconv.Quote(scheme) + "; use https or http")
	}
	if strings.ContainsAny(rest, "/?#") {
		return fail("has a path, query or fragment; give the origin only (scheme://host[:port])")
	}
	if strings.Contains(rest, "@") {
		return fail("has a user name; give the origin only (scheme://host[:port])")
	}
	o := Origin{Scheme: scheme}
	if wildcards && strings.HasPrefix(rest, "*.") {
		o.Subdomains, rest = true, rest[2:]
	}
	host, port, err := splitHostPort(rest)
	if err != nil {
		return Origin{}, err
	}
	if port != "" {
		if err := checkPort(port, wildcards); err != nil {
			return Origin{}, err
		}
	}
	if strings.HasPrefix(host, "[") {
		if o.Subdomains {
			return fail("has a wildcard on an IP address; wildcards take a domain (https://*.example.edu)")
		}
		if !IPv6(host[1 : len(host)-1]) {
			return fail("has a malformed IPv6 address " + strconv.Quote(host))
		}
	} else if err := checkName(host); err != nil {
		return Origin{}, err
	}
	o.Host, o.Port = host, port
	return o, nil
}

// splitHostPort splits host[:port], where host may be [IPv6].
func splitHostPort(s string) (host, port string, err error) {
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return "", "", &Error{"has an IPv6 address without its closing ]"}
		}
		host, rest := s[:end+1], s[end+1:]
		if rest == "" {
			return host, "", nil
		}
		if rest[0] != ':' || len(rest) == 1 {
			return "", "", &Error{"has text after its IPv6 address; write [address]:port"}
		}
		return host, rest[1:], nil
	}
	host, port, hasPort := strings.Cut(s, ":")
	if hasPort && port == "" {
		return "", "", &Error{"ends in ':' without a port"}
	}
	if strings.Contains(port, ":") {
		return "", "", &Error{"has more than one ':'; write an IPv6 address in brackets ([::1]:8000)"}
	}
	return host, port, nil
}

// checkPort accepts 1 to 65535 in plain digits, and "*" with wildcards.
func checkPort(p string, wildcards bool) error {
	if p == "*" && wildcards {
		return nil
	}
	bad := &Error{"has port " + strconv.Quote(p) + "; use a number from 1 to 65535 in plain digits (no sign, no leading zero)"}
	if p[0] < '1' || p[0] > '9' || len(p) > 5 {
		return bad
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return bad
		}
	}
	if n, err := strconv.Atoi(p); err != nil || n > 65535 {
		return bad
	}
	return nil
}

// checkName accepts a DNS name or an IPv4 address: labels of letters,
// digits and hyphens, not starting or ending with a hyphen.
func checkName(h string) error {
	if h == "" {
		return &Error{"has no host name"}
	}
	if len(h) > 253 {
		return &Error{"has a host name longer than 253 characters"}
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return &Error{"has a malformed host name " + strconv.Quote(h)}
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return &Error{"has a malformed host name " + strconv.Quote(h) + " (letters, digits, hyphens and dots only)"}
			}
		}
	}
	return nil
}

// IPv6 reports whether s (without brackets) is an IPv6 address: eight groups
// of one to four hex digits, at most one "::" standing for one or more zero
// groups, and optionally a dotted IPv4 address as the last two groups. Zone
// identifiers (fe80::1%eth0) are not part of an origin.
func IPv6(s string) bool {
	if s == "" || strings.Count(s, "::") > 1 {
		return false
	}
	head, tail, compressed := strings.Cut(s, "::")
	groups := 0
	for i, part := range [2]string{head, tail} {
		if part == "" {
			continue
		}
		fields := strings.Split(part, ":")
		for j, g := range fields {
			last := j == len(fields)-1 && (i == 1 || !compressed)
			if last && strings.Contains(g, ".") {
				if !ipv4(g) {
					return false
				}
				groups += 2
				continue
			}
			if g == "" || len(g) > 4 || strings.Trim(g, "0123456789abcdef") != "" {
				return false
			}
			groups++
		}
	}
	if compressed {
		return groups <= 7
	}
	return groups == 8
}

func ipv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 255 || p == "" || len(p) > 1 && p[0] == '0' || p[0] == '+' || p[0] == '-' {
			return false
		}
	}
	return true
}
