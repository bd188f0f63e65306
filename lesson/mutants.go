package lesson

import (
	_ "embed"
	"slices"
	"strings"

	"coerceplayground/coerce"
)

// A Mutant is get_job with one reading loosened as a real validator loosens it: the lesson's own
// dispatcher, the same parse, coercion, handler and Why trace, with one coerce.Loosening set.
// A hunt table (HuntMode) asks a student for rows that tell each mutant in play from the lesson.
type Mutant struct {
	// Name is stable, snake_case, and the name of its coerce.Loosening.
	Name string
	// Peer is the validator and configuration that reads this way.
	Peer string
	// Sentence says what it does wrong, without an input that would catch it.
	Sentence string
	Loose    coerce.Loosening
}

//go:embed mutants.tsv
var mutantsTSV string

// Mutants returns the catalogue of mutants in lesson/mutants.tsv's order.
func Mutants() []Mutant {
	var out []Mutant
	for _, line := range strings.Split(mutantsTSV, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 3 {
			panic("lesson: a line of mutants.tsv is not three columns: " + Quote(line)) // caught by the tests
		}
		l, ok := coerce.LooseningNamed(c[0])
		if !ok {
			panic("lesson: mutants.tsv names no coerce.Loosening: " + Quote(c[0])) // caught by the tests
		}
		out = append(out, Mutant{Name: c[0], Peer: c[1], Sentence: c[2], Loose: l})
	}
	return out
}

// MutantNames returns every mutant's name, in catalogue order.
func MutantNames() []string {
	all := Mutants()
	out := make([]string, len(all))
	for i, m := range all {
		out[i] = m.Name
	}
	return out
}

// mutantsIn returns the mutants named, in catalogue order; nil or empty names means all.
// Unknown names are left out (Check refuses them in a table).
func mutantsIn(names []string) []Mutant {
	all := Mutants()
	if len(names) == 0 {
		return all
	}
	var out []Mutant
	for _, m := range all {
		if slices.Contains(names, m.Name) {
			out = append(out, m)
		}
	}
	return out
}

// mutantsProblem says what is wrong with a table's list of mutants in play, or "".
func mutantsProblem(names []string) string {
	all := MutantNames()
	for i, n := range names {
		if !slices.Contains(all, n) {
			return "unknown mutant " + Quote(n) + "; the mutants are " + strings.Join(all, ", ")
		}
		if slices.Contains(names[:i], n) {
			return "the mutant " + Quote(n) + " is named twice"
		}
	}
	return ""
}
