package transcript_test

import (
	"bytes"
	"strconv"
	"testing"

	"coerceplayground/coerce/transcript"
)

// BenchmarkRead reads three kinds of transcript at 1x and 10x size in one run and reports
// ns/byte for each: flat figures show the reader is linear (the one long line of empty
// objects took 11 s at 2 MB when every object's line was counted from the start).
//
//	go test ./coerce/transcript -run '^$' -bench Read -benchtime 5x
func BenchmarkRead(b *testing.B) {
	call := []byte(`{"type":"tool_use","id":"t","name":"get_job","input":{"job_id":"17"}}` + "\n")
	kinds := []struct {
		name string
		make func(n int) []byte
	}{
		{"one-line-of-objects", func(n int) []byte {
			return append(append([]byte("["), bytes.Repeat([]byte("{},"), n/3)...), `{"type":"tool_use","name":"a","input":{}}]`...)
		}},
		{"jsonl-calls", func(n int) []byte { return bytes.Repeat(call, n/len(call)) }},
		{"broken-lines", func(n int) []byte { return bytes.Repeat([]byte("{\"a\":\n[1,]\n"), n/11) }},
	}
	for _, k := range kinds {
		for _, size := range []int{200_000, 2_000_000} {
			data := k.make(size)
			b.Run(k.name+"/"+strconv.Itoa(size/1000)+"KB", func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					transcript.Read(data)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(data)), "ns/byte")
			})
		}
	}
}
