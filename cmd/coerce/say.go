package main

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"coerceplayground/coerce"
)

// What stderr echoes of text it did not write itself: a tool name from a transcript, a file
// name, a reader's message quoting a definition. Each is cut and its control characters are
// escaped, so a newline or a terminal escape in a name cannot forge a line or repaint the
// screen, and a 3 MB name is not echoed whole.
const (
	maxEcho    = 128 // one quoted name or value
	maxMessage = 512 // one sentence of a reader's
)

// quote is a name as stderr shows it: cut, in double quotes, escaped as a Go string is.
func quote(s string) string { return strconv.Quote(coerce.Cut(s, maxEcho)) }

// clean is a reader's message as stderr shows it: cut, and every control character, character
// that does not print and byte that is not UTF-8 written as an escape (\n, \x1b, \u202e).
func clean(s string) string {
	s = coerce.Cut(s, maxMessage)
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			const hex = "0123456789abcdef"
			b.WriteString(`\x`)
			b.WriteByte(hex[s[i]>>4])
			b.WriteByte(hex[s[i]&15])
		case r != ' ' && !unicode.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// errWriter remembers the first error of the writer under it, so a command can stop at once and
// say why when the disk is full or the reader has gone, instead of exiting 0 with nothing
// written.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// writeProblem is the sentence for an error writing standard output.
func writeProblem(err error) string {
	why := "it failed"
	switch {
	case errors.Is(err, syscall.ENOSPC):
		why = "the disk is full"
	case errors.Is(err, syscall.EPIPE):
		why = "the reader closed it"
	case errors.Is(err, syscall.EBADF):
		why = "it is not open for writing"
	}
	return "standard output could not be written: " + why + "."
}
