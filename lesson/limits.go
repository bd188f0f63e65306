package lesson

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"coerceplayground/coerce"
)

// The limits on a table, in one place: the text format, share links, the saved copy, the page's
// editor, its learner box and an embed's setTable all check these, so that whatever one of them
// accepts the others read back. Sizes are UTF-8 bytes, as the decoders count them (a browser's
// maxlength counts UTF-16 units, which is why the page's editor does not use it).
const (
	// MaxRows bounds the rows of a table. The page's goal is to run and lay out a MaxRows
	// table within a second; docs/performance.md has the measurement against it.
	MaxRows = 10000
	// MaxInputBytes bounds a row's raw input: what a dispatcher with the default bounds reads
	// (coerce.DefaultMaxInputBytes), so a row can hold "the model pasted a novel" up to the size
	// the tool itself accepts. (A bare value is wrapped in {"<field>": …} before the call, so a
	// bare value within a few bytes of the bound goes over it: the tool answers invalid_args.)
	MaxInputBytes = coerce.DefaultMaxInputBytes
	// MaxNoteBytes bounds a row's note and each comment line of the preamble: a short paragraph.
	MaxNoteBytes = 1024
	// MaxPreamble bounds the comment lines a table keeps above its first row.
	MaxPreamble = 100
	// MaxURLBytes is the longest URL Chromium accepts (url::kMaxURLChars, 2 MiB).
	MaxURLBytes = 2 << 20
	// MaxShareBytes bounds a table as a share payload (EncodeShare), which is also how the page
	// saves it: a link with the page's address and the other options in its fragment (97 KB of
	// room) stays under MaxURLBytes. A MaxRows table of short inputs with notes is about 600 KiB.
	MaxShareBytes = 2_000_000
	// MaxToolDefBytes bounds a table's own tool definition (Table.ToolDef), compact: a tool
	// with a few dozen arguments is a few KB. It counts toward MaxShareBytes like the rows.
	MaxToolDefBytes = 64 << 10
	// MaxTableTextBytes bounds the text ParseTable reads, checked before it reads a line: an
	// export with its results (FormatTableResults) of the largest table is 6.7 MB, a row's
	// results a few KB at most, so any table the page can hold, exported with its results, fits.
	MaxTableTextBytes = 32 << 20
	// MaxQuotedBytes bounds a value a message quotes from its input (a tool's name, a mode, a
	// code, a panel's name), cut mark included (Quote): a 1 MB mode is named, not echoed.
	MaxQuotedBytes = 128
	// MaxMessageBytes bounds a whole message of the table's readers, whatever a deeper reader
	// (a tool definition's) said inside it (message).
	MaxMessageBytes = 512
)

// Quote is s as a message quotes a value taken from its input: cut to MaxQuotedBytes on a UTF-8
// boundary with the cut marked (coerce.Cut), then in Go's double quotes with escapes, so neither
// its size nor a line break or a terminal escape in it reaches the reader.
func Quote(s string) string { return strconv.Quote(coerce.Cut(s, MaxQuotedBytes)) }

// message is msg within MaxMessageBytes, cut as Quote cuts.
func message(msg string) string { return coerce.Cut(msg, MaxMessageBytes) }

// Bytes writes n bytes for people: "65,536 bytes".
func Bytes(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if n == 1 {
		return s + " byte"
	}
	return s + " bytes"
}

// InputProblem says why s cannot be a row's input because of its size, or "".
func InputProblem(s string) string {
	if len(s) > MaxInputBytes {
		return "the input is " + Bytes(len(s)) + ", over the tool's limit of " + Bytes(MaxInputBytes)
	}
	return ""
}

// NoteProblem says why s cannot be a row's note because of its size, or "".
func NoteProblem(s string) string {
	if len(s) > MaxNoteBytes {
		return "the note is " + Bytes(len(s)) + ", over the limit of " + Bytes(MaxNoteBytes)
	}
	return ""
}

// QuestionProblem says why s cannot be a table's own question (Table.Question), or "": it is
// not one line of UTF-8 text without surrounding spaces, or it is over MaxNoteBytes.
func QuestionProblem(s string) string {
	switch {
	case len(s) > MaxNoteBytes:
		return "the question is " + Bytes(len(s)) + ", over the limit of " + Bytes(MaxNoteBytes)
	case strings.ContainsAny(s, "\r\n") || !utf8.ValidString(s):
		return "the question is not one line of UTF-8 text"
	case strings.TrimSpace(s) != s:
		return "the question starts or ends with spaces"
	}
	return ""
}

// preambleProblem says why line cannot be a comment line of the preamble because of its size, or "".
func preambleProblem(line string) string {
	if len(line) > MaxNoteBytes {
		return "a comment line above the rows is " + Bytes(len(line)) + ", over the limit of " + Bytes(MaxNoteBytes)
	}
	return ""
}

// SizeProblem says why t is too large to share or save, or "": its share payload is over
// MaxShareBytes.
func SizeProblem(t Table) string {
	if n := ShareLen(t); n > MaxShareBytes {
		return "the table is " + Bytes(n) + " as a link, over the limit of " + Bytes(MaxShareBytes) + "; shorten or remove some rows or notes"
	}
	return ""
}

// ShareLen is len(EncodeShare(t)), counted without building the payload, so the page's editor
// can check every keystroke against MaxShareBytes. t's strings must be valid UTF-8 (Check).
func ShareLen(t Table) int {
	n := len(`{"rows":[]}`)
	if t.Tool != "" {
		n += len(`"tool":,`) + quotedLen(t.Tool)
	}
	if t.ToolDef != "" {
		n += len(`"tooldef":,`) + len(t.ToolDef)
	}
	if t.Mode != "" {
		n += len(`"mode":,`) + quotedLen(t.Mode)
	}
	if len(t.Mutants) > 0 {
		n += len(`"mutants":[],`) + len(t.Mutants) - 1
		for _, m := range t.Mutants {
			n += quotedLen(m)
		}
	}
	if t.Question != "" {
		n += len(`"question":,`) + quotedLen(t.Question)
	}
	if len(t.Preamble) > 0 {
		n += len(`"preamble":[],`) + len(t.Preamble) - 1
		for _, p := range t.Preamble {
			n += quotedLen(p)
		}
	}
	if len(t.Rows) > 0 {
		n += len(t.Rows) - 1
	}
	for _, r := range t.Rows {
		n += shareRowLen(r)
	}
	return (n*4 + 2) / 3 // base64 without padding
}

// shareRowLen is the length of r's object in ShareJSON.
func shareRowLen(r Row) int {
	n := len(`{"input":}`) + quotedLen(r.Input)
	if r.Want != "" {
		n += len(`,"want":`) + quotedLen(string(r.Want))
	}
	if r.Note != "" {
		n += len(`,"note":`) + quotedLen(r.Note)
	}
	return n
}

// quotedLen is the length of s as jsontext.AppendQuote writes it: quotes, '"' and '\\' and the
// short control escapes as two bytes, other control characters as \u00XX.
func quotedLen(s string) int {
	n := len(s) + 2
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
			n++
		case c < 0x20:
			n += 5
		}
	}
	return n
}
