package mcpserve

import (
	"bufio"
	"errors"
	"io"
)

// DefaultMaxLineBytes caps one line of the stdio transport: the SDK's cap on an HTTP body
// (mcp.DefaultMaxRequestBodyBytes, 4 MiB), so a message too big for one transport is too big
// for the other.
const DefaultMaxLineBytes = 4 << 20

// ErrLineTooLong is what [LineReader.Next] returns for a line over its cap. The line has been
// read to its end and dropped, so the next call reads the line after it.
var ErrLineTooLong = errors.New("line over the cap")

// A LineReader splits a byte stream into lines, the framing of MCP's stdio transport (one
// JSON-RPC message per line, "\n" or "\r\n" after each). It is linear in its input: each byte is
// read once, and a line over the cap is skipped to its end without being held, so a 100 MB line
// costs no more memory than the cap and the next line is read as usual. It does not look into
// the lines; [ParseMessage] does.
type LineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// NewLineReader reads lines of at most maxBytes bytes (not counting the line's end) from r;
// maxBytes <= 0 means [DefaultMaxLineBytes].
func NewLineReader(r io.Reader, maxBytes int) *LineReader {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxLineBytes
	}
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: maxBytes}
}

// Next returns the next line without its "\n" or "\r\n"; the slice is valid until the next
// call. A last line without "\n" is returned too; after it, Next returns io.EOF. A line over the
// cap gives [ErrLineTooLong] (and is dropped); any other error of the underlying reader is
// returned as it is.
func (l *LineReader) Next() ([]byte, error) {
	l.buf = l.buf[:0]
	over := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !over {
			if len(l.buf)+len(chunk) > l.max+2 { // room for the "\r\n" that Next strips
				over, l.buf = true, l.buf[:0]
			} else {
				l.buf = append(l.buf, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && !errors.Is(err, io.EOF):
			return nil, err
		case over:
			return nil, ErrLineTooLong
		case err != nil && len(l.buf) == 0:
			return nil, io.EOF
		}
		line := trimLineEnd(l.buf)
		if len(line) > l.max {
			return nil, ErrLineTooLong
		}
		return line, nil
	}
}

// trimLineEnd drops a final "\n" and a "\r" before it.
func trimLineEnd(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
		}
	}
	return b
}
