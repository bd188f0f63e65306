package embed

import (
	"strings"

	"coerceplayground/lesson"
)

// Fragment is everything the fragment of a page URL (the part after '#') says, read once:
// "key=value" pairs joined by '&', in any order, and the page's own anchors.
//
//	table=<payload>       a whole table (lesson.EncodeShare), with its tool and mode
//	panels=, readonly=, theme=, mode=, origins=
//	                      the embed options (Options)
//	panel-<id>            a link to one panel of the page, which opens it (Panels)
type Fragment struct {
	// HasTable reports whether the fragment holds table= at all; Payload is its value as
	// written. A table= that cannot be read is still a table the link meant to open.
	HasTable bool
	Payload  string
	// Table is the payload decoded; Err, when not nil, is why it could not be
	// (lesson.DecodeShare's error), and Table is then empty.
	Table lesson.Table
	Err   error
	// Options are the embed options; the page outside an embed reads only their mode.
	Options Options
	// Panel is the panel a "#panel-<id>" fragment points at, "" when it points at none.
	Panel string
}

// ParseFragment reads a fragment, with or without its '#'. A fragment over lesson.MaxURLBytes,
// longer than any URL a browser opens, is not read: its options are the defaults, with a problem
// that says why, and a table in it is refused (Err) without being decoded.
func ParseFragment(fragment string) Fragment {
	f := Fragment{Options: defaultOptions()}
	if len(fragment) > lesson.MaxURLBytes {
		f.Options.problem("The link is " + lesson.Bytes(len(fragment)) + ", over the limit of " + lesson.Bytes(lesson.MaxURLBytes) + ", so none of its options were read.")
		if strings.Contains(fragment, "table=") {
			f.HasTable, f.Err = true, linkTooLong(len(fragment))
		}
		return f
	}
	for _, kv := range pairs(fragment) {
		if id, ok := strings.CutPrefix(kv, "panel-"); ok && !strings.Contains(id, "=") {
			f.Panel = id
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		if k == "table" {
			if !f.HasTable {
				f.HasTable, f.Payload = true, v
			}
			continue
		}
		v, ok := unescape(v)
		if !ok {
			f.Options.problem("The option " + lesson.Quote(k) + " is not valid percent-encoding.")
			continue
		}
		f.Options.read(k, v)
	}
	if f.HasTable {
		f.Table, f.Err = lesson.DecodeShare(f.Payload)
	}
	return f
}

// linkTooLong is the table error of a fragment too long to read: its length in bytes.
type linkTooLong int

func (n linkTooLong) Error() string {
	return lesson.ErrShare.Error() + ": the link is " + lesson.Bytes(int(n)) + ", over the limit of " + lesson.Bytes(lesson.MaxURLBytes)
}
func (n linkTooLong) Unwrap() error { return lesson.ErrShare }

// pairs splits a fragment into its "key=value" pairs (and anchors), leaving out empty ones.
func pairs(fragment string) []string {
	var out []string
	for _, kv := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		if kv != "" {
			out = append(out, kv)
		}
	}
	return out
}

// WithTable returns fragment with its table payload replaced by payload (or removed when
// payload is ""), the table first and every other pair kept in order. The result has no
// leading '#'.
func WithTable(fragment, payload string) string {
	kept := without(fragment, "table")
	if payload != "" {
		kept = append([]string{"table=" + payload}, kept...)
	}
	return strings.Join(kept, "&")
}

// WithoutTable is fragment without its table, the other pairs kept in order (no leading '#');
// had reports whether it held one.
func WithoutTable(fragment string) (rest string, had bool) {
	kept := without(fragment, "table")
	return strings.Join(kept, "&"), len(kept) < len(pairs(fragment))
}

// withOption is fragment with option key set to value when on, and left out when off.
func withOption(fragment, key string, on bool, value string) string {
	kept := without(fragment, key)
	if on {
		kept = append(kept, key+"="+value)
	}
	return strings.Join(kept, "&")
}

// without is the fragment's pairs other than key's.
func without(fragment, key string) []string {
	var kept []string
	for _, kv := range pairs(fragment) {
		if k, _, _ := strings.Cut(kv, "="); k != key {
			kept = append(kept, kv)
		}
	}
	return kept
}

// unescape decodes %XX escapes (hosts may percent-encode the origins). A
// '+' stays a '+': fragments are not form data.
func unescape(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), true
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
