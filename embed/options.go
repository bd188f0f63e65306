package embed

import (
	"slices"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// Embed mode is the page inside a course site's iframe (embed.html). Its
// options sit in the fragment beside table=, written by the host into the
// iframe's src:
//
//	panels=table,results,learner   the panels shown, in any order (the default);
//	                               also catalog, schema and any optional panel's name
//	readonly=1                     the table cannot be edited; the learner box still works
//	theme=light|dark|auto          colours (auto follows the reader's system)
//	mode=predict                   the expected codes are cleared, to be predicted before Run
//	student=1                      no answers and no instructor tools (AnswersHidden)
//	origins=https://a.example,…    the host pages whose postMessage requests are obeyed

// DefaultPanels are the panels an embed shows when panels= is absent.
var DefaultPanels = []string{"table", "results", "learner"}

// Options are the embed options read from the fragment.
type Options struct {
	Panels   []string
	ReadOnly bool
	Theme    string // "auto", "light" or "dark"
	Predict  bool
	// Student is student=1: the page shows no answers (AnswersHidden).
	Student bool
	// Origins are the host origins whose messages are obeyed; none means
	// the page answers no message.
	Origins []string
	// Problems are options that could not be read, as sentences for a
	// notice; the rest of the options still apply. There are at most
	// MaxProblems, each quoting its values within lesson.MaxQuotedBytes.
	Problems []string
	// unsaid counts the problems past MaxProblems, which the notice counts.
	unsaid int
}

// Bounds on what a fragment's options make, whatever its size: a 1 MB panels= or a thousand
// theme= pairs give a notice of a few KB, and the origins are few enough to look up one by one.
const (
	// MaxProblems bounds Options.Problems; ProblemsNotice counts the rest.
	MaxProblems = 8
	// maxNamed bounds the unknown panels one problem names; it counts the rest.
	maxNamed = 5
	// MaxOrigins bounds the origins an embed trusts: a course has a page or two, not hundreds.
	MaxOrigins = 32
)

// problem adds msg to the problems, within lesson.MaxMessageBytes (an origin's own reason
// quotes what it found whole) and once however often it comes, or counts it once there are
// MaxProblems.
func (o *Options) problem(msg string) {
	msg = coerce.Cut(msg, lesson.MaxMessageBytes)
	switch {
	case slices.Contains(o.Problems, msg):
	case len(o.Problems) == MaxProblems:
		o.unsaid++
	default:
		o.Problems = append(o.Problems, msg)
	}
}

// ParseOptions reads the embed options of a fragment (with or without '#'): ParseFragment's
// Options, for callers that need nothing else.
func ParseOptions(fragment string) Options { return ParseFragment(fragment).Options }

// defaultOptions are the options of a fragment that sets none.
func defaultOptions() Options { return Options{Panels: DefaultPanels, Theme: "auto"} }

// read applies the option k=v (v percent-decoded) to o; keys that are not options are left
// for the fragment's other readers.
func (o *Options) read(k, v string) {
	switch k {
	case "panels":
		o.readPanels(v)
	case "readonly":
		o.ReadOnly = v == "1" || v == "true"
	case "theme":
		switch v {
		case "light", "dark", "auto":
			o.Theme = v
		default:
			o.problem("theme=" + lesson.Quote(v) + " is not light, dark or auto.")
		}
	case "mode":
		o.Predict = v == lesson.PredictMode
	case "student":
		o.Student = v == "1" || v == "true"
	case "origins":
		o.readOrigins(v)
	}
}

// readPanels reads panels=: known names, each once; the first maxNamed unknown ones are named
// in a problem, and the others counted.
func (o *Options) readPanels(v string) {
	var ps, unknown []string
	others := 0
	for p := range strings.SplitSeq(v, ",") {
		p = strings.ToLower(strings.TrimSpace(p))
		switch {
		case p == "" || slices.Contains(ps, p):
		case knownPanel(p):
			ps = append(ps, p)
		case len(unknown) == maxNamed:
			others++
		default:
			unknown = append(unknown, lesson.Quote(p))
		}
	}
	if len(unknown) > 0 {
		if others > 0 {
			unknown = append(unknown, "and "+strconv.Itoa(others)+" more")
		}
		o.problem("panels= names no panel called " + strings.Join(unknown, ", ") + "; the panels are " + panelIDs() + ".")
	}
	if len(ps) == 0 {
		o.problem("panels= names no panel, so the default ones are shown.")
		return
	}
	o.Panels = ps
}

// readOrigins reads origins=: each a trusted origin (Origin), once, up to MaxOrigins; the
// others are named in a problem and their messages ignored.
func (o *Options) readOrigins(v string) {
	for s := range strings.SplitSeq(v, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		origin, err := checkOrigin(s)
		switch {
		case err != nil:
			o.problem("origins: " + lesson.Quote(s) + " " + err.Error() + "; its messages are ignored.")
		case slices.Contains(o.Origins, origin):
		case len(o.Origins) == MaxOrigins:
			o.problem("origins= names more than " + strconv.Itoa(MaxOrigins) + " origins; the messages of " + lesson.Quote(s) + " and those after it are ignored.")
			return
		default:
			o.Origins = append(o.Origins, origin)
		}
	}
}

// AnswersHidden reports whether an embed is a student's: read-only, in predict mode (by the
// option or by its table's own mode), or student=1. A student's page has no Show the lesson's
// answers and no instructor tools (the tools show every row's expected code and note): the
// answers stay with the instructor. A launch page (SCORM's) says the same with data-student on
// <html>.
func (o Options) AnswersHidden(t lesson.Table) bool {
	return o.ReadOnly || o.Predict || o.Student || t.Mode == lesson.PredictMode
}

// ProblemsNotice is the notice that lists the options that could not be read, or "".
func (o Options) ProblemsNotice() string {
	if len(o.Problems) == 0 {
		return ""
	}
	notice := "Some embed options could not be read: " + strings.Join(o.Problems, " ")
	switch {
	case o.unsaid == 1:
		notice += " And 1 more."
	case o.unsaid > 1:
		notice += " And " + strconv.Itoa(o.unsaid) + " more."
	}
	return notice
}

// Shows reports whether the embed shows panel id (Panels).
func (o Options) Shows(id string) bool { return slices.Contains(o.Panels, id) }

// Allowed reports whether a message from origin is obeyed.
func (o Options) Allowed(origin string) bool {
	return origin != "" && slices.Contains(o.Origins, origin)
}

func knownPanel(p string) bool {
	_, ok := PanelByID(p)
	return ok
}

// panelIDs lists the names panels= takes, for the notice.
func panelIDs() string {
	ids := make([]string, len(Panels))
	for i, p := range Panels {
		ids[i] = p.ID
	}
	return strings.Join(ids, ", ")
}
