package lesson

import (
	"context"
	_ "embed"
	"slices"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// HuntMode is the Mode of a table whose rows a student writes to catch the mutants in play
// (Table.Mutants): rows that the lesson's get_job passes and a loosened one does not.
const HuntMode = "hunt"

// Hunt is a hunt table's run: every row against the lesson's tool, then every passing row
// against every mutant in play.
type Hunt struct {
	// Rows are the rows' results on the lesson's tool. A row whose expected code differs from
	// the lesson's (or that has none) is broken: it catches nothing.
	Rows []Result
	// Mutants are the verdicts, one per mutant in play, in catalogue order.
	Mutants []Verdict
	// New is, per row, the names of the mutants it caught that no earlier row caught: a passing
	// row with none is a redundant fixture.
	New [][]string
}

// Verdict is one mutant's outcome in a hunt.
type Verdict struct {
	Mutant
	// By are the 0-based indexes of the passing rows whose expected code the mutant does not give.
	By []int
	// Answer is the mutant's result on the first of those rows, with its Why (the loosened
	// step marked); zero when the mutant survived.
	Answer Result
}

// Caught reports whether some row caught the mutant.
func (v Verdict) Caught() bool { return len(v.By) > 0 }

// Score is the number of mutants caught.
func (h Hunt) Score() int {
	n := 0
	for _, v := range h.Mutants {
		if v.Caught() {
			n++
		}
	}
	return n
}

// Broken is the number of rows whose expected code is not the lesson's (or missing).
func (h Hunt) Broken() int {
	n := 0
	for _, r := range h.Rows {
		if !r.Pass {
			n++
		}
	}
	return n
}

// Hunt runs t as a hunt: its rows against the lesson's get_job, then each passing row against
// each mutant in play (t.Mutants, all when empty). A mutant is caught by a row when its code
// differs from the row's expected one. A row runs only on the mutants its call on the lesson
// reached (coerce.Dispatcher.CallReach): the others answer as the lesson did. A mutant's call is
// traced only for the first row that catches it.
func (l *Lab) Hunt(t Table) Hunt {
	h := Hunt{Rows: make([]Result, len(t.Rows)), New: make([][]string, len(t.Rows))}
	in := mutantsIn(t.Mutants)
	h.Mutants = make([]Verdict, len(in))
	for i, m := range in {
		h.Mutants[i].Mutant = m
	}
	d, bare := l.dispatcherFor(DefaultTool)
	for ri, r := range t.Rows {
		var reach coerce.LooseSet
		h.Rows[ri], reach = runReach(d, bare, DefaultTool, r)
		if !h.Rows[ri].Pass || reach == 0 {
			continue
		}
		args, _ := ReadInput(r.Input, bare)
		for mi := range h.Mutants {
			v := &h.Mutants[mi]
			if !reach.Has(v.Loose) {
				continue // it takes the lesson's steps on this row, so it answers as the lesson did
			}
			md := l.mutant(v.Loose)
			if len(v.By) > 0 {
				if md.Call(context.Background(), DefaultTool, args).Code != r.Want {
					v.By = append(v.By, ri)
				}
				continue
			}
			if a := runOn(md, bare, DefaultTool, r); a.Code != r.Want {
				v.Answer, v.By = a, append(v.By, ri)
				h.New[ri] = append(h.New[ri], v.Name)
			}
		}
	}
	return h
}

// mutant returns the Lab's dispatcher with loose set, built on first use. It keeps no metrics,
// log or handler count of its own: a mutant's calls are not the student's.
func (l *Lab) mutant(loose coerce.Loosening) *coerce.Dispatcher {
	if d := l.mutants[loose]; d != nil {
		return d
	}
	if l.mutants == nil {
		l.mutants = map[coerce.Loosening]*coerce.Dispatcher{}
	}
	cfg := LabConfig{Switches: l.cfg.Switches, Permissions: l.cfg.Permissions, NewID: l.cfg.NewID, Metrics: &coerce.Metrics{}, Loose: loose}
	d := newDispatcher(cfg, nil)
	l.mutants[loose] = d
	return d
}

// RunHunt runs t as a hunt on a fresh Lab.
func RunHunt(t Table) Hunt { return NewLab(LabConfig{}).Hunt(t) }

// huntProblem says what is wrong with t's mode and mutants, or "": an unknown mode, mutants in a
// table that is not a hunt, an unknown or repeated mutant, or a hunt on a tool other than get_job
// (the mutants are get_job's).
func (t Table) huntProblem() string {
	switch {
	case t.Mode != "" && t.Mode != PredictMode && t.Mode != HuntMode:
		return "unknown mode " + Quote(t.Mode) + "; the modes are " + PredictMode + " and " + HuntMode
	case t.Mode != HuntMode && len(t.Mutants) > 0:
		return "mutants are chosen only for a table in " + HuntMode + " mode"
	case t.Mode == HuntMode && (t.ToolDef != "" || t.Tool != "" && t.Tool != DefaultTool):
		return "a hunt's mutants are get_job's: a table in " + HuntMode + " mode calls get_job"
	}
	return mutantsProblem(t.Mutants)
}

// appendMutants appends the share JSON's "mutants" member and its comma.
func appendMutants(b []byte, names []string) []byte {
	b = append(b, `"mutants":[`...)
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b, _ = jsontext.AppendQuote(b, n)
	}
	return append(b, "],"...)
}

// decodeShareMutants reads the "mutants" list: names of the catalogue's mutants, each once, at
// most as many as it has.
func decodeShareMutants(dec *jsontext.Decoder, t *Table) error {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return shareMsg(`"mutants" is not a list`)
	}
	limit := len(Mutants())
	for dec.PeekKind() != ']' {
		if len(t.Mutants) == limit {
			return shareMsg(`"mutants" names more than the ` + itoa(limit) + " mutants there are")
		}
		v, ok := jsontree.String(dec)
		if !ok {
			return shareMsg(`"mutants" holds something that is not a string`)
		}
		t.Mutants = append(t.Mutants, v)
		if msg := mutantsProblem(t.Mutants); msg != "" {
			return shareMsg(msg)
		}
	}
	_, err := dec.ReadToken()
	return err
}

// mutantsLine reads the names of an "@mutants NAME …" line into t: a hunt's mutants in play.
func (t *Table) mutantsLine(rest string) string {
	names := strings.Fields(rest)
	switch {
	case len(names) == 0:
		return "@mutants needs the names of the mutants in play: @mutants bool_as_number octal"
	case len(t.Mutants) > 0:
		return "a table names its mutants once; this is a second @mutants line"
	case len(names) > len(Mutants()):
		return "@mutants names more than the " + itoa(len(Mutants())) + " mutants there are"
	}
	if msg := mutantsProblem(names); msg != "" {
		return msg
	}
	t.Mutants = names
	return ""
}

//go:embed huntpool.table
var huntPool string

// HuntKey returns a small table that catches every mutant named (all when empty): rows of
// lesson/huntpool.table chosen by a greedy set cover, each step taking the row that catches the
// most mutants not yet caught (the first such row on a tie). Greedy is not always the smallest
// cover, but it is within a factor ln(mutants) of it and is computed, not written by hand; the
// tests check that it catches them all and that no row of it is redundant. Mutants that no
// pool row catches are left out of the key's reach, and the tests refuse such a pool.
func HuntKey(names []string) Table {
	pool, err := ParseTable(huntPool)
	if err != nil {
		panic("lesson: huntpool.table does not parse: " + err.Error()) // caught by the tests
	}
	pool.Mutants = names
	h := RunHunt(pool)
	caughtBy := make([][]int, len(h.Mutants)) // per mutant, the pool rows catching it
	for i, v := range h.Mutants {
		caughtBy[i] = v.By
	}
	key := Table{Mode: HuntMode, Mutants: names}
	left := len(caughtBy)
	taken := make([]bool, len(caughtBy))
	for left > 0 {
		best, bestN := -1, 0
		for ri := range pool.Rows {
			n := 0
			for mi, by := range caughtBy {
				if !taken[mi] && slices.Contains(by, ri) {
					n++
				}
			}
			if n > bestN {
				best, bestN = ri, n
			}
		}
		if best < 0 {
			break
		}
		key.Rows = append(key.Rows, pool.Rows[best])
		for mi, by := range caughtBy {
			if !taken[mi] && slices.Contains(by, best) {
				taken[mi], left = true, left-1
			}
		}
	}
	return key
}
