package embed

import (
	"strconv"
	"strings"

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
	// notice; the rest of the options still apply.
	Problems []string
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
			o.Problems = append(o.Problems, "theme="+v+" is not light, dark or auto.")
		}
	case "mode":
		o.Predict = v == lesson.PredictMode
	case "student":
		o.Student = v == "1" || v == "true"
	case "origins":
		o.readOrigins(v)
	}
}

// readPanels reads panels=: known names, each once; unknown ones are named in a problem.
func (o *Options) readPanels(v string) {
	var ps, unknown []string
	for _, p := range strings.Split(v, ",") {
		p = strings.ToLower(strings.TrimSpace(p))
		switch {
		case p == "" || contains(ps, p):
		case !knownPanel(p):
			unknown = append(unknown, strconv.Quote(p))
		default:
			ps = append(ps, p)
		}
	}
	if len(unknown) > 0 {
		o.Problems = append(o.Problems, "panels= names no panel called "+strings.Join(unknown, ", ")+
			"; the panels are "+panelIDs()+".")
	}
	if len(ps) == 0 {
		o.Problems = append(o.Problems, "panels= names no panel, so the default ones are shown.")
		return
	}
	o.Panels = ps
}

// readOrigins reads origins=: each a trusted origin (Origin), once; the others are named in a
// problem and their messages ignored.
func (o *Options) readOrigins(v string) {
	for _, s := range strings.Split(v, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		origin, err := checkOrigin(s)
		if err != nil {
			o.Problems = append(o.Problems, "origins: "+strconv.Quote(s)+" "+err.Error()+"; its messages are ignored.")
			continue
		}
		if !contains(o.Origins, origin) {
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
	return "Some embed options could not be read: " + strings.Join(o.Problems, " ")
}

// Shows reports whether the embed shows panel id (Panels).
func (o Options) Shows(id string) bool { return contains(o.Panels, id) }

// Allowed reports whether a message from origin is obeyed.
func (o Options) Allowed(origin string) bool {
	return origin != "" && contains(o.Origins, origin)
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

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
