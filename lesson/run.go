package lesson

import (
	"context"
	"slices"
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"
)

// Result is one row's outcome. Code is "ok" or the error code; Observation is the exact JSON
// the model would see. Pass compares Code with Want (false when Want is empty).
type Result struct {
	Tool        string
	Input, Note string
	Want, Code  coerce.Code
	Field       string
	Observation string
	Pass        bool
	// HandlerCalled is true when the arguments were valid and get_job ran.
	HandlerCalled bool
	// Trace is the call's Why: its steps, the last one deciding Code (docs/trace.md); for a
	// vendor response (RunHTTP), the normalizer's steps, the first deciding Code.
	Trace coerce.Trace
	// Form is how the input became the arguments (ReadInput); Sent is the argument text when
	// the input was not sent as typed (a bare value, wrapped into the tool's first field).
	Form Form
	Sent string
}

// Lab runs tables against the classroom's tools. It owns its dispatcher, metrics and handler
// call count; make one per page or test, not a global.
type Lab struct {
	d       *coerce.Dispatcher
	Metrics *coerce.Metrics
	calls   int
	// bareField is, per tool, the argument a bare value fills: its first field.
	bareField map[string]string
	// cfg is what the Lab was made with, for a tool declared later (Declare).
	cfg LabConfig
	// own runs the Lab's own tool, declared as data (Declare), named ownName, defined by
	// ownText; ownBare is its first field.
	own                       *coerce.Dispatcher
	ownName, ownText, ownBare string
	// mutants are the hunt's dispatchers, one per loosening, built on first use (Hunt).
	mutants map[coerce.Loosening]*coerce.Dispatcher
}

// LabConfig adjusts a Lab; the zero value is the lesson as taught, without refunds.write.
type LabConfig struct {
	// Switches are the coercion switches; nil means DefaultSwitches().
	Switches *Switches
	// Permissions the caller holds, such as RefundPermission.
	Permissions []string
	// NewID makes correlation ids; nil means random.
	NewID func() string
	// Log receives a line per error outcome.
	Log func(coerce.LogLine)
	// Metrics, when set, is shared (the page keeps one for the whole session).
	Metrics *coerce.Metrics
	// Loose loosens one reading, for a hunt's mutant (Hunt); LooseNone is the lesson.
	Loose coerce.Loosening
}

// NewLab returns a Lab over the fixtures with every classroom tool (specs).
func NewLab(cfg LabConfig) *Lab {
	l := &Lab{Metrics: cfg.Metrics}
	if l.Metrics == nil {
		l.Metrics = &coerce.Metrics{}
	}
	cfg.Metrics = l.Metrics
	l.cfg = cfg
	l.d = newDispatcher(cfg, &l.calls)
	l.bareField = map[string]string{}
	for _, t := range l.d.Tools() {
		if len(t.Schema.Fields) > 0 {
			l.bareField[t.Name] = t.Schema.Fields[0].Name
		}
	}
	return l
}

// NewDispatcher returns the classroom's dispatcher as NewLab(cfg) builds it (switches,
// permissions, ids, log, metrics), without a handler call count: for a server that runs the
// tools concurrently (cmd/lesson-mcp), where a Lab's count would race.
func NewDispatcher(cfg LabConfig) *coerce.Dispatcher { return newDispatcher(cfg, nil) }

// newDispatcher builds the dispatcher over every classroom tool; calls, when not nil, counts the
// calls that got past argument checking.
func newDispatcher(cfg LabConfig, calls *int) *coerce.Dispatcher {
	sw := DefaultSwitches()
	if cfg.Switches != nil {
		sw = *cfg.Switches
	}
	perms := append([]string(nil), cfg.Permissions...)
	granted := func(p string) bool { return slices.Contains(perms, p) }
	rules := coerce.Rules{TrimSpace: sw.TrimSpace, DigitStrings: sw.DigitStrings, Loose: cfg.Loose}
	env := Env{Jobs: Jobs(), Users: Users(), Switches: sw}
	all := specs()
	tools := make([]coerce.Tool, len(all))
	for i, s := range all {
		tools[i] = s.tool(env, granted, calls)
	}
	d, err := coerce.NewDispatcher(coerce.Config{Rules: &rules, NewID: cfg.NewID, Metrics: cfg.Metrics, Log: cfg.Log}, tools...)
	if err != nil {
		panic("lesson: a classroom tool is declared wrong: " + err.Error()) // caught by the tests
	}
	return d
}

// Tools returns the classroom's tool declarations, as a default Lab has them.
func Tools() []coerce.Tool { return NewLab(LabConfig{}).d.Tools() }

// Run runs every row against the table's tool, in order: its own tool when it carries one
// (ToolDef), which becomes the Lab's own tool (Declare).
func (l *Lab) Run(t Table) []Result {
	if t.ToolDef != "" {
		if err := l.Declare(t.ToolDef); err != nil {
			l.Declare("") // the rows then name a tool that does not exist, and say so
		}
	}
	out := make([]Result, len(t.Rows))
	for i, r := range t.Rows {
		out[i] = l.RunRow(t.Tool, r)
	}
	return out
}

// RunOne runs a learner's raw input against get_job (no expected code).
func (l *Lab) RunOne(input string) Result { return l.RunRow(DefaultTool, Row{Input: input}) }

// RunRow runs one row against tool ("" is get_job). It never panics: whatever goes wrong
// becomes internal_error.
func (l *Lab) RunRow(tool string, r Row) (res Result) {
	if tool == "" {
		tool = DefaultTool
	}
	res = Result{Tool: tool, Input: r.Input, Want: r.Want, Note: r.Note}
	defer recoverRow(&res)
	d, bare := l.dispatcherFor(tool)
	return runOn(d, bare, tool, r)
}

// runOn runs one row against tool on d, whose tools' bare values fill the field bare.
func runOn(d *coerce.Dispatcher, bare, tool string, r Row) Result {
	res, _ := runReach(d, bare, tool, r)
	return res
}

// runReach is runOn that also returns the loosenings the call reached (coerce.Dispatcher.CallReach).
func runReach(d *coerce.Dispatcher, bare, tool string, r Row) (res Result, reach coerce.LooseSet) {
	res = Result{Tool: tool, Input: r.Input, Want: r.Want, Note: r.Note}
	defer recoverRow(&res)
	args, form := ReadInput(r.Input, bare)
	if form != AsTyped {
		res.Form, res.Sent = form, string(args)
	}
	o, tr, reach := d.CallReach(context.Background(), tool, args)
	res.Trace = tr
	res.Code, res.Field, res.Observation, res.HandlerCalled = o.Code, o.Field, string(o.Observation), o.HandlerCalled
	res.Pass = res.Want != "" && res.Want == res.Code
	return res, reach
}

// recoverRow turns a panic while running a row into the row's internal_error, so the rest runs.
func recoverRow(res *Result) {
	if p := recover(); p != nil {
		e := &coerce.Error{Code: coerce.InternalError, Hint: "the playground failed on this row; the rest still runs", CorrelationID: "row"}
		res.Code, res.Field, res.Observation, res.HandlerCalled = e.Code, "", string(e.Observation(0)), false
		res.Pass = res.Want == res.Code
		res.Trace = coerce.Trace{{Name: "handler", Detail: e.Hint}}
	}
}

// ArgumentsFor is the argument text RunRow sends to tool for a row's raw input.
func (l *Lab) ArgumentsFor(tool, input string) []byte {
	if tool == "" {
		tool = DefaultTool
	}
	_, bare := l.dispatcherFor(tool)
	b, _ := ReadInput(input, bare)
	return b
}

// MCP returns what a model sees of r over the Model Context Protocol, as cmd/lesson-mcp serves
// it: the tools/call request carrying the row's arguments, and the response with the
// CallToolResult, as the first call of a session. Both are nil when the arguments are not one
// JSON value: no MCP client can send them.
func (l *Lab) MCP(r Result) mcpwire.Exchange {
	o := coerce.Outcome{Tool: r.Tool, Code: coerce.Code(r.Code), Field: r.Field, Observation: []byte(r.Observation), HandlerCalled: r.HandlerCalled}
	return mcpwire.Call(1, r.Tool, l.ArgumentsFor(r.Tool, r.Input), o, coerce.NewBudget().Observe(o))
}

// Run runs t on a fresh Lab.
func Run(t Table) []Result { return NewLab(LabConfig{}).Run(t) }

// Summary counts results per code, in Codes() order, and passes against wants.
type Summary struct {
	Counts         []CodeCount
	Passed, Failed int
	Unpredicted    int
}

// CodeCount is one code's total.
type CodeCount struct {
	Code coerce.Code
	N    int
}

// Summarize counts results. Codes with no results are left out.
func Summarize(results []Result) Summary {
	var s Summary
	for _, c := range Codes() {
		n := 0
		for _, r := range results {
			if r.Code == c {
				n++
			}
		}
		if n > 0 {
			s.Counts = append(s.Counts, CodeCount{c, n})
		}
	}
	for _, r := range results {
		switch {
		case r.Want == "":
			s.Unpredicted++
		case r.Pass:
			s.Passed++
		default:
			s.Failed++
		}
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }
