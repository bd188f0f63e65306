package main

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode"

	"coerceplayground/coerce"
)

// writeText writes the report as text: a summary, then per tool its codes and a table of its
// fields, the dangerous calls' arguments and where the budget ended a session.
func writeText(w io.Writer, t *tally) {
	io.WriteString(w, summary(t)+"\n")
	if t.loose {
		io.WriteString(w, "loose validators judged on each refused call's arguments: "+strings.Join(validatorOrder(), ", ")+"\n")
	} else {
		io.WriteString(w, "loose validators not judged: the proxy's log holds no arguments\n")
	}
	shown, rest := shownTools(t)
	for _, tt := range shown {
		io.WriteString(w, "\n"+toolHeading(tt)+"\n")
		if tt.notRun {
			continue
		}
		tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
		io.WriteString(tw, "  field\tcodes\tcoercions\tlet through by a loose validator\n")
		fields, more := fieldsInOrder(tt)
		for _, f := range fields {
			io.WriteString(tw, "  "+fieldName(f.name)+"\t"+countWords(&f.codes, codeOrder())+"\t"+countWords(&f.rules, ruleOrder)+"\t"+looseWords(t, tt, f)+"\n")
		}
		tw.Flush()
		if more != "" {
			io.WriteString(w, "  "+more+"\n")
		}
		for _, f := range tt.fields {
			for _, e := range f.examples {
				io.WriteString(w, "  let through on "+fieldName(f.name)+": "+clean(e)+"\n")
			}
		}
		for _, s := range tt.stops {
			io.WriteString(w, "  budget: "+stopWords(s)+"\n")
		}
		if tt.afterEnd > 0 {
			io.WriteString(w, "  "+plural(tt.afterEnd, "call")+" after the budget had ended the session\n")
		}
	}
	if rest != "" {
		io.WriteString(w, "\n"+rest+"\n")
	}
	if t.loose {
		io.WriteString(w, "\ndangerous: "+plural(t.dangerous(), "call")+" coerce refuses that a loose validator lets through\n")
	}
}

func summary(t *tally) string {
	unit := "transcript"
	if !t.loose {
		unit = "session"
	}
	return "coerce report: " + plural(t.sessions, unit) + ", " + plural(t.calls, "call") + " run, " + plural(len(t.tools), "tool")
}

func toolHeading(tt *toolTally) string {
	if tt.notRun {
		return display(tt.name) + ": " + plural(tt.calls, "call") + ", not run: no -tool file defines it"
	}
	return display(tt.name) + ": " + plural(tt.calls, "call") + ": " + countWords(&tt.codes, codeOrder())
}

// looseWords says how many calls refused on f a loose validator lets through, and which.
func looseWords(t *tally, tt *toolTally, f *fieldTally) string {
	switch {
	case !t.loose:
		return "not judged"
	case tt.unmodelled:
		return "not judged: an argument of a kind not modelled"
	case f.dangerous == 0:
		return "-"
	}
	return plural(f.dangerous, "call") + ": " + countWords(&f.loose, validatorOrder())
}

func stopWords(s stopEvent) string {
	what := "stopped"
	if s.decision == coerce.Handoff {
		what = "handed off"
	}
	return what + " at call " + strconv.Itoa(s.call) + " of " + s.session + " (" + clean(s.reason) + ")"
}

// A report shows at most maxShownTools tools and maxShownFields fields of each, and counts the
// rest: a transcript that names a new tool or key in every call makes a long report, not an
// endless one.
const (
	maxShownTools  = 50
	maxShownFields = 30
)

// shownTools is the tools a report shows, those it ran first, and a sentence counting the
// others ("" when none).
func shownTools(t *tally) ([]*toolTally, string) {
	tools := make([]*toolTally, 0, len(t.tools))
	for _, notRun := range []bool{false, true} {
		for _, tt := range t.tools {
			if tt.notRun == notRun {
				tools = append(tools, tt)
			}
		}
	}
	if len(tools) <= maxShownTools {
		return tools, ""
	}
	calls := 0
	for _, tt := range tools[maxShownTools:] {
		calls += tt.calls
	}
	return tools[:maxShownTools], "and " + plural(len(tools)-maxShownTools, "more tool") + " with " + plural(calls, "call") + ", not shown"
}

// fieldsInOrder is the fields a report shows of a tool, as first seen, the call as a whole
// ("") last, and a sentence counting the others ("" when none).
func fieldsInOrder(tt *toolTally) ([]*fieldTally, string) {
	var fields []*fieldTally
	var call *fieldTally
	for _, f := range tt.fields {
		if f.name == "" {
			call = f
			continue
		}
		fields = append(fields, f)
	}
	more := ""
	if len(fields) > maxShownFields {
		more = "and " + plural(len(fields)-maxShownFields, "more field") + ", not shown"
		fields = fields[:maxShownFields]
	}
	if call != nil {
		fields = append(fields, call)
	}
	return fields, more
}

// countWords lists counts as "ok 4, invalid_args 2", or "-" when there are none. A key
// outside order came from the input (a rule named in a log) and is shown as display shows it.
func countWords(c *counts, order []string) string {
	keys := c.sorted(order)
	if len(keys) == 0 {
		return "-"
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		shown := k
		if !slices.Contains(order, k) {
			shown = display(k)
		}
		parts[i] = shown + " " + strconv.Itoa(c.n[k])
	}
	return strings.Join(parts, ", ")
}

// fieldName is a field as the report shows it; "" is the call as a whole (a parse error, an
// unknown tool, an ok call).
func fieldName(f string) string {
	if f == "" {
		return "(call)"
	}
	return display(f)
}

// display is a name from the input as the report shows it: as it is when it is short and
// prints plainly, quoted and escaped otherwise, so no name can forge a line or a column.
func display(s string) string {
	if s == "" || len(s) > 64 || strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) || unicode.IsSpace(r) || r == '"' }) >= 0 {
		return quote(s)
	}
	return s
}
