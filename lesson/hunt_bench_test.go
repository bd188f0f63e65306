package lesson

import "testing"

// huntTable100 is a 100-row hunt table: the answer key's pool, repeated, each row passing on the
// lesson, so every row runs against every mutant in play (the most work a hunt does per row).
func huntTable100(b *testing.B) Table {
	pool, err := ParseTable(huntPool)
	if err != nil {
		b.Fatal(err)
	}
	t := Table{Mode: HuntMode}
	for i := 0; len(t.Rows) < 100; i++ {
		t.Rows = append(t.Rows, pool.Rows[i%len(pool.Rows)])
	}
	return t
}

// BenchmarkHunt100 and BenchmarkPredictRun100 run the same 100 rows, as a hunt against all the
// mutants and as the predict-mode Run the page does, on one Lab each (as the page keeps one):
// go test -run '^$' -bench 'Hunt100|PredictRun100' ./lesson
func BenchmarkHunt100(b *testing.B) {
	t := huntTable100(b)
	l := NewLab(LabConfig{})
	for b.Loop() {
		if h := l.Hunt(t); h.Broken() != 0 || h.Score() != len(Mutants()) {
			b.Fatalf("%d broken, %d caught", h.Broken(), h.Score())
		}
	}
}

func BenchmarkPredictRun100(b *testing.B) {
	t := huntTable100(b)
	t.Mode = ""
	l := NewLab(LabConfig{})
	for b.Loop() {
		if rs := l.Run(t); len(rs) != 100 {
			b.Fatal(len(rs))
		}
	}
}
