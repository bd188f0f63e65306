package mcpserve_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"coerceplayground/mcpserve"
)

// BenchmarkStdioReader reads input as the stdio transport does (LineReader, then ParseMessage
// a line) at 1x and 10x size, in one run, reporting ns/byte for each: equal figures show the
// reader linear. "lines" is many small messages, "one-line" one message of one long string
// (the shape of the 2 MB line that took 11 s elsewhere), "garbage" one long line of no JSON.
func BenchmarkStdioReader(b *testing.B) {
	const msg = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":"17"}}}` + "\n"
	inputs := map[string]func(n int) string{
		"lines": func(n int) string { return strings.Repeat(msg, n/len(msg)) },
		"one-line": func(n int) string {
			return `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", n) + `"}}` + "\n"
		},
		"garbage": func(n int) string { return strings.Repeat("{[", n/2) + "\n" },
	}
	for _, name := range []string{"lines", "one-line", "garbage"} {
		for _, scale := range []struct {
			name string
			n    int
		}{{"1x", 400_000}, {"10x", 4_000_000}} {
			input := []byte(inputs[name](scale.n))
			b.Run(name+"/"+scale.name, func(b *testing.B) {
				b.SetBytes(int64(len(input)))
				for b.Loop() {
					lr := mcpserve.NewLineReader(bytes.NewReader(input), 0)
					for {
						line, err := lr.Next()
						if errors.Is(err, io.EOF) {
							break
						}
						if err != nil {
							b.Fatal(err)
						}
						mcpserve.ParseMessage(line)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(input)), "ns/byte")
			})
		}
	}
}
