package e2e

// The hunt: a hunt table opened from a link, run, its #mutants and #hunt-score read through the
// automation contract; the same link reopened and in the embed page gives the same verdicts.

import (
	"slices"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

type mutantLine struct {
	Mutant string `json:"mutant"`
	Caught string `json:"caught"`
	By     string `json:"by"`
	Text   string `json:"text"`
}

type huntScore struct {
	Caught, Mutants, Broken string
}

const readMutants = `[...document.querySelectorAll("#mutants > li")].map(e => ({mutant: e.dataset.mutant,
	caught: e.dataset.caught, by: e.dataset.by, text: e.textContent}))`

const readHuntScore = `(() => { const e = document.getElementById("hunt-score");
	return e ? {Caught: e.dataset.caught, Mutants: e.dataset.mutants, Broken: e.dataset.broken} : {}; })()`

func TestHunt(t *testing.T) {
	tb := lesson.Table{Mode: lesson.HuntMode, Mutants: []string{"bool_as_number", "octal", "hex"}, Rows: []lesson.Row{
		{Input: "True", Want: "invalid_args"}, {Input: `"017"`, Want: "ok"}, {Input: `"0x11"`, Want: "invalid_args"}}}
	want := []mutantLine{{Mutant: "bool_as_number", Caught: "true", By: "1"}, {Mutant: "octal", Caught: "false", By: ""}, {Mutant: "hex", Caught: "true", By: "3"}}
	link := "#table=" + lesson.EncodeShare(tb)
	for _, path := range []string{"/" + link, "/" + link, "/embed.html" + link} {
		tab := newTab(t)
		tab.open(path)
		tab.run()
		got := eval[[]mutantLine](tab, readMutants)
		if len(got) != len(want) {
			t.Fatalf("%s: #mutants holds %d lines, want %d", path, len(got), len(want))
		}
		for i := range got {
			if got[i].Mutant != want[i].Mutant || got[i].Caught != want[i].Caught || got[i].By != want[i].By {
				t.Errorf("%s: mutant %d is %+v, want %+v", path, i+1, got[i], want[i])
			}
		}
		if s := eval[huntScore](tab, readHuntScore); s != (huntScore{"2", "3", "1"}) {
			t.Errorf("%s: #hunt-score says %+v", path, s)
		}
		if slices.ContainsFunc(got, func(m mutantLine) bool {
			return m.Caught == "false" && (strings.Contains(m.Text, "017") || strings.Contains(m.Text, "0x"))
		}) {
			t.Errorf("%s: a survivor's line gives an input away: %+v", path, got)
		}
	}
}
