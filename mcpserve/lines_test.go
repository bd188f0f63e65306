package mcpserve_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	"coerceplayground/mcpserve"
)

// TestLineReader: lines end at "\n" or "\r\n", a last line without one is read, and a line over
// the cap is ErrLineTooLong and skipped, the line after it read as usual, however long it was.
func TestLineReader(t *testing.T) {
	for _, c := range []struct {
		name, input string
		want        []string // "!" stands for ErrLineTooLong
	}{
		{"lf", "a\nbb\n", []string{"a", "bb"}},
		{"crlf", "a\r\nbb\r\n", []string{"a", "bb"}},
		{"no last newline", "a\nbb", []string{"a", "bb"}},
		{"blank lines", "\n\r\n", []string{"", ""}},
		{"a lone cr stays", "a\rb\n", []string{"a\rb"}},
		{"at the cap", strings.Repeat("x", 8) + "\n", []string{strings.Repeat("x", 8)}},
		{"at the cap with crlf", strings.Repeat("x", 8) + "\r\n", []string{strings.Repeat("x", 8)}},
		{"one over", strings.Repeat("x", 9) + "\nok\n", []string{"!", "ok"}},
		{"far over, past the buffer", strings.Repeat("x", 300_000) + "\nok\n", []string{"!", "ok"}},
		{"over at the end", "ok\n" + strings.Repeat("x", 300_000), []string{"ok", "!"}},
	} {
		lr := mcpserve.NewLineReader(strings.NewReader(c.input), 8)
		var got []string
		for {
			line, err := lr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			switch {
			case errors.Is(err, mcpserve.ErrLineTooLong):
				got = append(got, "!")
			case err != nil:
				t.Fatalf("%s: %v", c.name, err)
			default:
				got = append(got, string(line))
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
