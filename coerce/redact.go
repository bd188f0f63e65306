package coerce

import "strings"

// RedactText returns text written by someone else (a server's error message, a log line) with
// every word that could carry a credential replaced by "[redacted]", by the same rules got
// follows: a word shaped like a credential (a Stripe, GitHub, Slack or AWS key, a JWT), the word
// after "Bearer", the value of a name=value or name: value whose name is a credential's
// ("password=hunter2", "api_key: …"), and a PEM block whole. White space between the words is
// kept. It runs in time linear in the length of text.
func RedactText(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	hide := false // the next word is a value to redact
	pem := pemNone
	for len(text) > 0 {
		i := 0
		for i < len(text) && isASCIISpace(text[i]) {
			i++
		}
		b.WriteString(text[:i])
		text = text[i:]
		j := 0
		for j < len(text) && !isASCIISpace(text[j]) {
			j++
		}
		word := text[:j]
		text = text[j:]
		if was := pem; was != pemNone || pem.next(word) != pemNone {
			pem = pem.next(word)
			if strings.Contains(word, "-----BEGIN") {
				b.WriteString(redacted) // the whole block is one [redacted]
			}
			continue
		}
		name, value, ok := cutNameValue(word)
		switch {
		case strings.EqualFold(word, "bearer") || ok && value == "" && isSecretField(name):
			hide = true
			b.WriteString(word)
		case hide || looksLikeCredential(word):
			hide = false
			b.WriteString(redacted)
		case ok && isSecretField(name):
			b.WriteString(word[:len(word)-len(value)] + redacted)
		default:
			b.WriteString(word)
		}
	}
	return b.String()
}

// pemState is where RedactText is in a PEM block: "-----BEGIN RSA PRIVATE KEY-----" opens it,
// and the word ending in "-----" after "-----END" closes it.
type pemState uint8

const (
	pemNone pemState = iota
	pemBody
	pemEnd
)

// next is the state once word is read.
func (s pemState) next(word string) pemState {
	switch {
	case s == pemNone && strings.Contains(word, "-----BEGIN"):
		return pemBody
	case s == pemNone:
		return pemNone
	case strings.Contains(word, "-----END"):
		s = pemEnd
		word = word[strings.Index(word, "-----END")+len("-----END"):]
	}
	if s == pemEnd && strings.HasSuffix(word, "-----") {
		return pemNone
	}
	return s
}

// cutNameValue splits "name=value" or "name:value" at its first = or :, quotes around the name
// taken off ("\"token\":"); ok is false for a word with neither.
func cutNameValue(word string) (name, value string, ok bool) {
	i := strings.IndexAny(word, "=:")
	if i <= 0 {
		return "", "", false
	}
	return strings.Trim(word[:i], `"'`), word[i+1:], true
}
