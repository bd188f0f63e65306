package main

import (
	"sort"

	"coerceplayground/coerce"
	"coerceplayground/coerce/calllog"
)

// tally is what a report counts: per tool, in the order tools first appear, and per field.
type tally struct {
	sessions, calls int
	// loose is true when the loose validators were evaluated (transcripts hold the arguments;
	// the proxy's log does not).
	loose  bool
	tools  []*toolTally
	byName map[string]*toolTally
	// ended says, per session, that the budget has already stopped or handed off.
	ended map[string]bool
	// schemas are the tools' schemas as the loose validators read them, made once a tool.
	schemas map[string]*looseSchema
}

type toolTally struct {
	name string
	// notRun: a transcript's calls to a tool no -tool file defines; counted, not run.
	notRun bool
	// unmodelled: the tool has an argument of a kind the loose validators are not modelled for.
	unmodelled bool
	calls      int
	codes      counts
	fields     []*fieldTally
	byField    map[string]*fieldTally
	stops      []stopEvent
	// afterEnd counts the calls made after the budget had ended the loop.
	afterEnd int
}

type fieldTally struct {
	name  string
	codes counts
	rules counts
	// loose counts, per validator, the calls coerce refused here that it lets through;
	// dangerous counts the calls at least one of them lets through, examples keeps the first
	// few arguments of those.
	loose     counts
	dangerous int
	examples  []string
}

// stopEvent is where the budget stopped a session or handed it off.
type stopEvent struct {
	session  string
	call     int // the call's number in its session, from 1
	field    string
	decision coerce.Decision
	reason   string
}

// maxExamples bounds the dangerous calls a field lists.
const maxExamples = 3

func newTally() *tally {
	return &tally{byName: map[string]*toolTally{}, ended: map[string]bool{}, schemas: map[string]*looseSchema{}}
}

func (t *tally) tool(name string) *toolTally {
	tt := t.byName[name]
	if tt == nil {
		tt = &toolTally{name: name, byField: map[string]*fieldTally{}}
		t.byName[name] = tt
		t.tools = append(t.tools, tt)
	}
	return tt
}

func (tt *toolTally) field(name string) *fieldTally {
	f := tt.byField[name]
	if f == nil {
		f = &fieldTally{name: name}
		tt.byField[name] = f
		tt.fields = append(tt.fields, f)
	}
	return f
}

// observe counts one call's outcome in its session: the code, the rules applied, and what the
// session's budget says of it.
func (t *tally) observe(session string, n int, o coerce.Outcome, rules []calllog.Applied, b *coerce.Budget) *fieldTally {
	t.calls++
	tt := t.tool(o.Tool)
	tt.calls++
	tt.codes.add(string(o.Code))
	f := tt.field(o.Field)
	f.codes.add(string(o.Code))
	for _, r := range rules {
		tt.field(r.Field).rules.add(r.Rule)
	}
	if t.ended[session] {
		tt.afterEnd++
		return f
	}
	if v := b.Observe(o); v.Decision == coerce.Stop || v.Decision == coerce.Handoff {
		t.ended[session] = true
		tt.stops = append(tt.stops, stopEvent{session: session, call: n, field: o.Field, decision: v.Decision, reason: v.Reason})
	}
	return f
}

// counts is how many times each key was seen.
type counts struct {
	keys []string
	n    map[string]int
}

func (c *counts) add(key string) {
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[key] == 0 {
		c.keys = append(c.keys, key)
	}
	c.n[key]++
}

// sorted returns the keys in the order given, then any others alphabetically.
func (c *counts) sorted(order []string) []string {
	rank := func(k string) int {
		for i, o := range order {
			if o == k {
				return i
			}
		}
		return len(order)
	}
	keys := append([]string(nil), c.keys...)
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := rank(keys[i]), rank(keys[j])
		if ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// codeOrder is ok, then the catalog's codes in its order.
func codeOrder() []string {
	order := []string{string(coerce.OK)}
	for _, e := range coerce.Catalog() {
		order = append(order, string(e.Code))
	}
	return order
}

// ruleOrder is the order a call takes the coercion rules in.
var ruleOrder = []string{"trim", "digits", "bool_string"}

func validatorOrder() []string {
	order := make([]string, len(looseValidators))
	for i, lv := range looseValidators {
		order[i] = lv.name
	}
	return order
}
