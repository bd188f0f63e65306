package embed

import (
	"errors"

	"coerceplayground/internal/origin"
)

// Origin checks and normalizes an origin as MessageEvent.origin states it:
// http or https, a host, an optional port, nothing after. "*" and "null"
// (sandboxed frames, files) are never origins to trust.
func Origin(s string) (string, bool) {
	o, err := checkOrigin(s)
	return o, err == nil
}

// checkOrigin is Origin with the reason a text is not one, for the notice:
// the rules of internal/origin (ports in plain digits, ASCII hosts, IPv6 in
// brackets), no wildcards, and the default port left out as browsers do.
func checkOrigin(s string) (string, error) {
	if s == "*" || s == "null" {
		return "", errors.New("is never a trusted origin: name the course page's origin, such as https://course.example.edu")
	}
	o, err := origin.Parse(s, false)
	if err != nil {
		return "", err
	}
	if o.Scheme == "https" && o.Port == "443" || o.Scheme == "http" && o.Port == "80" {
		o.Port = "" // browsers leave the default port out of origins
	}
	return o.String(), nil
}
