package mcpproxy

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkCutTraces shows scrub's trace cutter linear in its input: an upstream's error text of
// Python and Node frames, at 1x and 10x, each reported in ns per byte. (scrub itself reads at
// most 4*maxUpstreamText bytes; coerce's BenchmarkRedactText times its other pass.)
//
//	go test ./mcpproxy -run '^$' -bench CutTraces
func BenchmarkCutTraces(b *testing.B) {
	f := cutTraces
	block := "Traceback (most recent call last):\n  File \"/a.py\", line 1, in f\n    x()\nKeyError: 'password=hunter2 Bearer abc.def'\n    at g (/b.js:1:1)\n"
	for _, n := range []int{1, 10} {
		text := strings.Repeat(block, 20*n)
		b.Run(strconv.Itoa(n)+"x", func(b *testing.B) {
			for range b.N {
				f(text)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(text)), "ns/byte")
		})
	}
}
