package mcpserve

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	fixtures "coerceplayground/internal/fixture"

	"github.com/go-json-experiment/json/jsontext"
)

// fuzzMaxLine is the line cap of FuzzStdioReader: small enough that the fuzzer reaches it, and
// below the 1 MB seeds of testdata/fuzz, so both sides of it are tried.
const fuzzMaxLine = 1 << 19

// FuzzStdioReader: any input, read as the stdio transport reads it (LineReader, then
// ParseMessage a line), is split into exactly its lines, each either a message or a refusal:
//
//   - a refusal is -32700 exactly when the line is not JSON, -32600 otherwise, and its answer
//     is valid JSON of at most 1 KiB whose id is null or the line's own id, as written;
//   - a message is a request, notification or response, and writing it out and reading it
//     again gives the same members.
//
// Seeds: testdata/fuzz/FuzzStdioReader (a 1 MB line among them) and every message of
// testdata/attacks.tsv (3 MB and 5 MB lines among them), one a line and all of them in one input.
func FuzzStdioReader(f *testing.F) {
	rows, err := fixtures.Read("testdata/attacks.tsv", 6)
	if err != nil {
		f.Fatal(err)
	}
	var all []byte
	for _, r := range rows {
		msg, err := fixtures.Text(r.Cols[2])
		if err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(msg + "\n"))
		all = append(append(all, msg...), '\n')
	}
	f.Add(all)
	f.Fuzz(func(t *testing.T, input []byte) {
		lr := NewLineReader(bytes.NewReader(input), fuzzMaxLine)
		lines, over := 0, 0
		for {
			line, err := lr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			lines++
			if errors.Is(err, ErrLineTooLong) {
				over++
				continue
			}
			if err != nil || len(line) > fuzzMaxLine || bytes.IndexByte(line, '\n') >= 0 {
				t.Fatalf("line %d: %d bytes, %v", lines, len(line), err)
			}
			checkLine(t, line)
		}
		want := bytes.Count(input, []byte("\n"))
		if len(input) > 0 && input[len(input)-1] != '\n' {
			want++
		}
		if lines != want {
			t.Fatalf("%d lines read (%d over the cap), the input has %d", lines, over, want)
		}
	})
}

// checkLine holds what FuzzStdioReader promises of one line.
func checkLine(t *testing.T, line []byte) {
	m, perr := ParseMessage(line)
	if perr != nil {
		notJSON := !jsontext.Value(line).IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
		empty := len(bytes.Trim(line, " \t\r\n")) == 0
		if (perr.Code == jsonrpcParseError) != (notJSON && !empty) || (perr.Code != jsonrpcParseError && perr.Code != jsonrpcInvalidRequest) {
			t.Fatalf("%.200q: code %d (%s)", line, perr.Code, perr.Message)
		}
		answer := perr.Response()
		if !jsontext.Value(answer).IsValid() || len(answer) > 1024 || strings.Contains(string(answer), "json:") {
			t.Fatalf("%.200q: answer %.300q (%d bytes)", line, answer, len(answer))
		}
		if perr.ID != nil && (!bytes.Contains(line, perr.ID) || len(perr.ID) > maxIDBytes) {
			t.Fatalf("%.200q: answers with id %q", line, perr.ID)
		}
		return
	}
	isResponse := !m.HasMethod && m.ID != nil && (m.Result == nil) != (m.Error == nil)
	if !m.version || !(m.IsRequest() || m.IsNotification() || isResponse) || (m.ID != nil && echoableID(m.ID) == nil) {
		t.Fatalf("%.200q: accepted %+v", line, m)
	}
	again, perr := ParseMessage(m.appendTo(nil))
	if perr != nil || !bytes.Equal(again.ID, m.ID) || again.Method != m.Method || again.HasMethod != m.HasMethod ||
		!bytes.Equal(again.Params, m.Params) || !bytes.Equal(again.Result, m.Result) || !bytes.Equal(again.Error, m.Error) {
		t.Fatalf("%.200q: written again as %.200q: %v", line, m.appendTo(nil), perr)
	}
}
