package lesson_test

import (
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// BenchmarkReaders reads each kind of table at 1x and 10x size in one run, with each of the
// table's readers (DecodeShare, DecodeSaved, ParseTable), and reports ns/byte: flat figures show
// the reader is linear in its input, the hostile kinds (a mode or a tool name as long as the
// link, every row's code unknown, a long directive) included. The 10x inputs stay under the
// readers' limits (MaxRows rows, MaxShareBytes), so every byte of them is read.
//
//	go test ./lesson -run '^$' -bench Readers -benchtime 5x
func BenchmarkReaders(b *testing.B) {
	for _, k := range readerKinds() {
		for _, size := range []int{80_000, 800_000} {
			in := k.make(size)
			b.Run(k.name+"/"+strconv.Itoa(size/1000)+"KB", func(b *testing.B) {
				if err := k.read(in); err != nil && (strings.Contains(err.Error(), "more than") || strings.Contains(err.Error(), "over the limit")) {
					b.Fatalf("refused at a limit, not read whole: %.200v", err)
				}
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					k.read(in)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
			})
		}
	}
}

type readerKind struct {
	name string
	make func(n int) string // an input of about n bytes
	read func(in string) error
}

func decodeShare(in string) error { _, err := lesson.DecodeShare(in); return err }
func decodeSaved(in string) error { _, err := lesson.DecodeSaved(in); return err }
func parseTable(in string) error  { _, err := lesson.ParseTable(in); return err }

// readerKinds are the inputs BenchmarkReaders reads: links and saved copies as base64 payloads
// (about 4/3 of their JSON), tables as text.
func readerKinds() []readerKind {
	link := func(json func(n int) string) func(n int) string {
		return func(n int) string { return lesson.EncodeShareRaw([]byte(json(n * 3 / 4))) }
	}
	rows := func(row string) func(n int) string {
		return func(n int) string {
			return `{"rows":[` + strings.TrimSuffix(strings.Repeat(row+",", n/(len(row)+1)), ",") + `]}`
		}
	}
	return []readerKind{
		{"DecodeShare/rows", link(rows(`{"input":"\"17\"","want":"ok","note":"a digit string: the one boring case coerce accepts"}`)), decodeShare},
		{"DecodeShare/unknown-codes", link(rows(`{"input":"17","want":"nope","note":"a code of no catalog, named in the error, the others counted"}`)), decodeShare},
		{"DecodeShare/long-mode", link(func(n int) string { return `{"mode":"` + strings.Repeat("m", n) + `","rows":[]}` }), decodeShare},
		{"DecodeShare/long-tool", link(func(n int) string { return `{"tool":"` + strings.Repeat("t", n) + `","rows":[]}` }), decodeShare},
		{"DecodeSaved/rows-and-history", link(func(n int) string {
			history := strings.Repeat(`{"tool":"get_job","input":"0017"},`, n/2/35)
			return strings.TrimSuffix(rows(`{"input":"17","want":"ok","note":"a row of the saved copy"}`)(n/2), "}") + `,"locked":[0,1,2],"learner":[` + strings.TrimSuffix(history, ",") + `]}`
		}), decodeSaved},
		{"ParseTable/rows", func(n int) string {
			row := `"17"   ok  # a digit string: the one boring case coerce accepts, as the lesson's first row` + "\n"
			return strings.Repeat(row, n/len(row))
		}, parseTable},
		{"ParseTable/long-directive", func(n int) string { return "@mode " + strings.Repeat("m", n) + "\n17 ok\n" }, parseTable},
		{"ParseTable/long-row", func(n int) string { return strings.Repeat(`"`+strings.Repeat("a ok ", 1000)+`" ok`+"\n", n/5005) }, parseTable},
	}
}

// BenchmarkRunLongPattern runs the rows of a link at 1x and 10x input size in one run and reports
// ns per byte of input: a tool whose id pattern is the longest coerce reads (2,000 "a?"), against
// three rows of n "a"s. Before patterns matched in one pass such a 320 KB link took 56 s to Run.
//
//	go test ./lesson -run '^$' -bench RunLongPattern -benchtime 5x
func BenchmarkRunLongPattern(b *testing.B) {
	def := `{"name":"t","inputSchema":{"type":"object","properties":{"id":{"type":"string","pattern":"^` + strings.Repeat("a?", 2000) + `$","examples":["a"]}}}}`
	for _, n := range []int{6_000, 60_000} {
		row := `{"input":"\"` + strings.Repeat("a", n) + `\""}`
		tb, err := lesson.DecodeShare(lesson.EncodeShareRaw([]byte(`{"tooldef":` + def + `,"rows":[` + row + "," + row + "," + row + `]}`)))
		if err != nil {
			b.Fatal(err)
		}
		lab := lesson.NewLab(lesson.LabConfig{})
		b.Run(strconv.Itoa(n/1000)+"K-characters", func(b *testing.B) {
			b.SetBytes(int64(3 * n))
			for b.Loop() {
				if res := lab.Run(tb); res[0].Code != "invalid_args" {
					b.Fatalf("%s: %s", res[0].Code, res[0].Observation)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(3*n), "ns/byte")
		})
	}
}
