package coerce

import "math/rand/v2"

// maxCorrelationID bounds a correlation id: with the longest code it still fits MinCap.
const maxCorrelationID = 64

// ValidCorrelationID reports whether id is in the one format a correlation id may take: 1 to 64
// ASCII letters, digits, '-', '_', '.' and ':', and nothing shaped like a credential. It is the
// format of the ids the package makes (16 hex digits) and of the vendor request ids it passes on
// (a UUID, "req_8f3a", a Cloudflare ray id). An id in it can be written into an observation and a
// log line as it is: it cannot end a JSON string, start a new log line or carry a secret.
//
// A correlation id outside the format, from a handler, [Config.NewID] or [HTTPNormalizer.NewID],
// is never copied anywhere: the package makes a new one in its place.
func ValidCorrelationID(id string) bool {
	if id == "" || len(id) > maxCorrelationID {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return !looksLikeCredential(id)
}

// correlationID returns id when it is in the format, and otherwise one made by newID, or by
// randomID when newID is nil or makes ids outside the format too. replaced says the given id
// was refused (not merely absent): a tool that sets one outside the format has a bug.
func correlationID(id string, newID func() string) (out string, replaced bool) {
	if ValidCorrelationID(id) {
		return id, false
	}
	if newID != nil {
		if made := newID(); ValidCorrelationID(made) {
			return made, id != ""
		}
	}
	return randomID(), id != ""
}

// randomID returns 16 hex digits. A correlation id only has to be unlikely to repeat, not
// unguessable: it ties a report to a log line and grants nothing. math/rand/v2 (seeded by the
// runtime) is enough, and keeps crypto/rand's FIPS stack out of the WebAssembly build (57 KB
// brotli).
func randomID() string {
	const digits = "0123456789abcdef"
	var b [16]byte
	n := rand.Uint64()
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = digits[n&15]
		n >>= 4
	}
	return string(b[:])
}
