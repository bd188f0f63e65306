package calllog_test

import (
	"bytes"
	"strconv"
	"testing"

	"coerceplayground/coerce/calllog"
)

// BenchmarkRead reads a log at 1x and 10x size in one run and reports ns/byte for both: flat
// figures show the reader is linear.
//
//	go test ./coerce/calllog -run '^$' -bench Read -benchtime 5x
func BenchmarkRead(b *testing.B) {
	line := []byte(`{"time":"2026-12-04T17:30:00.123Z","session":"s1","tool":"get_job","field":"job_id","code":"ok","rules":[{"field":"job_id","rule":"digits"}],"upstream_ms":1.25,"route":"upstream"}` + "\n")
	for _, size := range []int{200_000, 2_000_000} {
		data := bytes.Repeat(line, size/len(line))
		b.Run(strconv.Itoa(size/1000)+"KB", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				calllog.Read(data)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(data)), "ns/byte")
		})
	}
}
