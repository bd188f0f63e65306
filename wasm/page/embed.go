package page

import (
	"errors"
	"strconv"
	"strings"

	"coerceplayground/internal/origin"
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
//
// Message types and reply types of the postMessage API.
const (
	MsgPrefix    = "coerce-playground:"
	ReplyHeight  = MsgPrefix + "height"
	ReplyResults = MsgPrefix + "results"
	ReplyTable   = MsgPrefix + "table"
	ReplyError   = MsgPrefix + "error"
	// ReplyRan is not a reply: it tells the host that the learner ran the
	// table in the frame (Run or Ctrl+Enter), with the same rows and summary
	// as ReplyResults. A host's own run request is answered once, by its
	// ReplyResults with the request's id.
	ReplyRan = MsgPrefix + "ran"
)

// DefaultPanels are the panels an embed shows when panels= is absent.
var DefaultPanels = []string{"table", "results", "learner"}

// EmbedOptions are the embed options read from the fragment.
type EmbedOptions struct {
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

// ParseEmbed reads the embed options of a fragment (with or without '#').
func ParseEmbed(fragment string) EmbedOptions {
	o := EmbedOptions{Panels: DefaultPanels, Theme: "auto"}
	for _, kv := range strings.Split(strings.TrimPrefix(fragment, "#"), "&") {
		k, v, _ := strings.Cut(kv, "=")
		v, ok := unescape(v)
		if !ok {
			o.Problems = append(o.Problems, "The option "+k+" is not valid percent-encoding.")
			continue
		}
		switch k {
		case "panels":
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
				continue
			}
			o.Panels = ps
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
	}
	return o
}

// AnswersHidden reports whether an embed is a student's: read-only, in predict mode (by the
// option or by its table's own mode), or student=1. A student's page has no Show the lesson's
// answers and no instructor tools (the tools show every row's expected code and note): the
// answers stay with the instructor. A launch page (SCORM's) says the same with data-student on
// <html>.
func (o EmbedOptions) AnswersHidden(t lesson.Table) bool {
	return o.ReadOnly || o.Predict || o.Student || t.Mode == lesson.PredictMode
}

// Origin checks and normalizes an origin as MessageEvent.origin states it:
// http or https, a host, an optional port, nothing after. "*" and "null"
// (sandboxed frames, files) are never origins to trust.
func Origin(s string) (string, bool) {
	o, err := checkOrigin(s)
	return o, err == nil
}

// checkOrigin is Origin with the reason a text is not one, for the notice:
// the rules of internal/origin (ports in plain digits, ASCII hosts, IPv6 in
// brackets), no wildcards, and the default port left out as browsers do.
func checkOrigin(s string) (string, error) {
	if s == "*" || s == "null" {
		return "", errors.New("is never a trusted origin: name the course page's origin, such as https://course.example.edu")
	}
	o, err := origin.Parse(s, false)
	if err != nil {
		return "", err
	}
	if o.Scheme == "https" && o.Port == "443" || o.Scheme == "http" && o.Port == "80" {
		o.Port = "" // browsers leave the default port out of origins
	}
	return o.String(), nil
}

// ProblemsNotice is the notice that lists the options that could not be read, or "".
func (o EmbedOptions) ProblemsNotice() string {
	if len(o.Problems) == 0 {
		return ""
	}
	return "Some embed options could not be read: " + strings.Join(o.Problems, " ")
}

// Shows reports whether the embed shows panel id (page.Panels).
func (o EmbedOptions) Shows(id string) bool { return contains(o.Panels, id) }

// Allowed reports whether a message from origin is obeyed.
func (o EmbedOptions) Allowed(origin string) bool {
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

// unescape decodes %XX escapes (hosts may percent-encode the origins). A
// '+' stays a '+': fragments are not form data.
func unescape(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), true
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// EmbedLink is the embed page's URL for the page at href holding t: the
// snippet Copy embed code writes points there. Other fragment options of
// href (theme, panels, …) are kept.
func EmbedLink(href string, t lesson.Table) string {
	base, fragment, _ := strings.Cut(href, "#")
	return dir(base) + "embed.html#" + WithTable(fragment, lesson.EncodeShare(Shareable(t)))
}

// dir is a URL up to and including the last '/' of its path, without query or fragment.
func dir(u string) string {
	u, _, _ = strings.Cut(u, "#")
	u, _, _ = strings.Cut(u, "?")
	if i := strings.LastIndexByte(u, '/'); i >= 0 {
		return u[:i+1]
	}
	return u
}

// EmbedChoice is what the copy dialog's checkboxes ask of the embed.
type EmbedChoice struct {
	// ReadOnly writes readonly=1: the learner cannot edit the table.
	ReadOnly bool
	// Predict writes the table in predict mode, with mode=predict: the link carries no
	// expected code, and the learner predicts each before Run. Off, the table goes as it
	// is on the page, with its expected codes.
	Predict bool
}

// EmbedCode is what Copy embed code writes for the page at href holding t: the frame (its
// fixed height computed for what it shows, EmbedHeight) and the host.js line.
func EmbedCode(href string, t lesson.Table, c EmbedChoice) (code string, height int) {
	t.Mode = ""
	if c.Predict {
		t.Mode = lesson.PredictMode
	}
	src := EmbedLink(href, t)
	base, fragment, _ := strings.Cut(src, "#")
	fragment = withOption(fragment, "readonly", c.ReadOnly, "1")
	fragment = withOption(fragment, "mode", c.Predict, lesson.PredictMode)
	height = EmbedHeight(ParseEmbed(fragment), t)
	return EmbedSnippet(base+"#"+fragment, height), height
}

// EmbedCopied is what the copy dialog says once the code of a frame height px high is on the
// clipboard.
func EmbedCopied(height int) string {
	return "Embed code copied: paste it into your course page's HTML (the table travels in the link). " +
		"The frame is " + strconv.Itoa(height) + " px high, enough for this table in a column from " +
		strconv.Itoa(EmbedWidth) + " px wide; where the course site allows scripts, the script line sizes it to fit."
}

// withOption is fragment with option key set to value when on, and left out when off.
func withOption(fragment, key string, on bool, value string) string {
	var kept []string
	for _, kv := range strings.Split(fragment, "&") {
		if k, _, _ := strings.Cut(kv, "="); kv != "" && k != key {
			kept = append(kept, kv)
		}
	}
	if on {
		kept = append(kept, key+"="+value)
	}
	return strings.Join(kept, "&")
}

// EmbedTitle is the iframe's title attribute: what a screen reader announces
// when it enters the frame.
const EmbedTitle = "Coercion playground: what a tool answers for each input"

// EmbedSnippet is the embed code for the embed page at src: the iframe, height px high where
// a course site strips scripts, and the line that loads host.js from the same site, which
// sizes the frame to the height the page reports where scripts run. Copy embed code and
// /oembed (web.Snippet) both write it.
func EmbedSnippet(src string, height int) string {
	return `<iframe src="` + escape(src, true) + `" title="` + EmbedTitle + `" ` +
		`width="100%" height="` + strconv.Itoa(height) + `" loading="lazy" referrerpolicy="no-referrer"></iframe>` + "\n" +
		`<script src="` + escape(dir(src)+"host.js", true) + `" defer></script>`
}

// Request is one message from the host page, read from MessageEvent.data.
type Request struct {
	Type string
	// Rows are setTable's rows; RowsErr says why they could not be read.
	Rows    []lesson.Row
	RowsErr string
	// Tool is setTable's optional tool ("" keeps the current one).
	Tool string
}

// Reply is the answer to a request. Type is ReplyResults, ReplyTable or
// ReplyError; an error carries Code (stable, snake_case) and Message.
type Reply struct {
	Type          string
	Code, Message string
	Rows          int
}

// Answer carries out a request from an allowed origin.
//
// Error codes: bad_message (the data is not an object with a string type),
// unknown_type, bad_rows (setTable's rows are missing or one cannot be run;
// the message names the row), not_run (getResults before any run),
// run_failed.
func (s *State) Answer(req Request) Reply {
	fail := func(code, msg string) Reply { return Reply{Type: ReplyError, Code: code, Message: msg} }
	switch req.Type {
	case "":
		return fail("bad_message", "a message is an object with a string type: setTable, run or getResults")
	case "setTable":
		if req.RowsErr != "" {
			return fail("bad_rows", req.RowsErr)
		}
		t := lesson.Table{Tool: s.table.Tool, Rows: req.Rows}
		if req.Tool != "" {
			t.Tool = req.Tool
		}
		if len(t.Rows) > lesson.MaxRows {
			return fail("bad_rows", "a table holds at most "+strconv.Itoa(lesson.MaxRows)+" rows")
		}
		if err := t.Check(); err != nil {
			// Check counts rows from 1, as lines; a host sent an array, so name its index.
			var pe *lesson.ParseError
			if errors.As(err, &pe) && pe.Line > 0 {
				return fail("bad_rows", "rows["+strconv.Itoa(pe.Line-1)+"]: "+pe.Msg)
			}
			return fail("bad_rows", err.Error())
		}
		if !contains(lesson.ToolNames(), ToolOf(t)) {
			return fail("bad_rows", "tool "+strconv.Quote(t.Tool)+" is not one of "+strings.Join(lesson.ToolNames(), ", "))
		}
		s.Load(t)
		return Reply{Type: ReplyTable, Rows: len(t.Rows)}
	case "run":
		if err := s.Run(); err != nil {
			return fail("run_failed", err.Error())
		}
		return Reply{Type: ReplyResults}
	case "getResults":
		if s.results == nil {
			return fail("not_run", "no results yet: send run, or wait until the learner presses Run")
		}
		return Reply{Type: ReplyResults}
	}
	return fail("unknown_type", "unknown message type "+strconv.Quote(req.Type)+"; the types are setTable, run and getResults")
}

// ResultRow is one row of a results reply.
type ResultRow struct {
	Input, Want, Code, Observation string
	Pass                           bool
	// Trace is the call's Why as a JSON array (coerce.Trace.JSON), as data-trace holds it.
	Trace string
}

// ResultsSummary is the summary of a results reply.
type ResultsSummary struct {
	Tool                 string
	Rows, Passed, Failed int
	Unpredicted          int
	Stale                bool
	Codes                []lesson.CodeCount
}

// Results are the last run's rows and summary, for a results reply.
func (s *State) ResultsReply() ([]ResultRow, ResultsSummary) {
	rows := make([]ResultRow, len(s.results))
	for i, r := range s.results {
		rows[i] = ResultRow{r.Input, r.Want, r.Code, r.Observation, r.Pass, string(r.Trace.JSON())}
	}
	sum := lesson.Summarize(s.results)
	return rows, ResultsSummary{
		Tool: s.Tool(), Rows: len(rows), Passed: sum.Passed, Failed: sum.Failed,
		Unpredicted: sum.Unpredicted, Stale: s.Stale(), Codes: sum.Counts,
	}
}
