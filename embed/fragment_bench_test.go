package embed

import (
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// BenchmarkParseFragment reads each kind of fragment at 1x and 10x size in one run and reports
// ns/byte: flat figures show ParseFragment is linear in the fragment, the hostile kinds (a panels=
// of unknown names as long as the link, thousands of bad pairs, origins by the hundred) included.
// The 10x table stays within lesson.MaxRows, so every byte of it is read.
//
//	go test ./embed -run '^$' -bench ParseFragment -benchtime 5x
func BenchmarkParseFragment(b *testing.B) {
	row := `{"input":"\"17\"","want":"ok","note":"a digit string, coerced"},`
	kinds := []struct {
		name string
		make func(n int) string
	}{
		{"table", func(n int) string {
			rows := strings.Repeat(row, n*3/4/len(row))
			return "table=" + lesson.EncodeShareRaw([]byte(`{"rows":[`+strings.TrimSuffix(rows, ",")+`]}`)) + "&theme=dark"
		}},
		{"unknown-panels", func(n int) string { return "panels=" + strings.Repeat("nope,", n/5) }},
		{"bad-pairs", func(n int) string { return strings.Repeat("theme=neon&origins=%zz&", n/23) }},
		{"origins", func(n int) string {
			var b strings.Builder
			b.WriteString("origins=")
			for i := 0; b.Len() < n; i++ {
				b.WriteString("https://c" + strconv.Itoa(i) + ".example,")
			}
			return b.String()
		}},
	}
	for _, k := range kinds {
		for _, size := range []int{80_000, 800_000} {
			in := k.make(size)
			b.Run(k.name+"/"+strconv.Itoa(size/1000)+"KB", func(b *testing.B) {
				if err := ParseFragment(in).Err; err != nil {
					b.Fatalf("the table is refused, not read whole: %.200v", err)
				}
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					ParseFragment(in)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
			})
		}
	}
}
