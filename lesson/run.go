package lesson

import (
	"context"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"github.com/go-json-experiment/json/jsontext"
)

// Result is one row's outcome. Code is "ok" or the error code; Observation is the exact JSON
// the model would see. Pass compares Code with Want (false when Want is empty).
type Result struct {
	Input, Want, Note string
	Code              string
	Field             string
	Observation       string
	Pass              bool
	// HandlerCalled is true when the arguments were valid and get_job ran.
	HandlerCalled bool
}

// Lab runs tables against the classroom's tools. It owns its dispatcher, metrics and handler
// call count; make one per page or test, not a global.
type Lab struct {
	d       *coerce.Dispatcher
	tool    coerce.Tool
	Metrics *coerce.Metrics
	calls   int
}

// LabConfig adjusts a Lab; the zero value is the lesson as taught.
type LabConfig struct {
	// Rules are the coercion switches; nil means coerce.DefaultRules().
	Rules *coerce.Rules
	// NewID makes correlation ids; nil means random.
	NewID func() string
	// Log receives a line per error outcome.
	Log func(coerce.LogLine)
}

// NewLab returns a Lab over the jobs fixture.
func NewLab(cfg LabConfig) *Lab {
	l := &Lab{Metrics: &coerce.Metrics{}}
	l.tool = GetJob(Jobs(), &l.calls)
	d, err := coerce.NewDispatcher(coerce.Config{Rules: cfg.Rules, NewID: cfg.NewID, Metrics: l.Metrics, Log: cfg.Log}, l.tool)
	if err != nil {
		panic("lesson: get_job is declared wrong: " + err.Error()) // caught by the tests
	}
	l.d = d
	return l
}

// HandlerCalls is how many times get_job's handler ran.
func (l *Lab) HandlerCalls() int { return l.calls }

// Run runs every row, in order.
func (l *Lab) Run(t Table) []Result {
	out := make([]Result, len(t.Rows))
	for i, r := range t.Rows {
		out[i] = l.RunRow(r)
	}
	return out
}

// RunOne runs a learner's raw input (no expected code).
func (l *Lab) RunOne(input string) Result { return l.RunRow(Row{Input: input}) }

// RunRow runs one row. It never panics: whatever goes wrong becomes internal_error.
func (l *Lab) RunRow(r Row) (res Result) {
	res = Result{Input: r.Input, Want: r.Want, Note: r.Note}
	defer func() {
		if p := recover(); p != nil {
			e := &coerce.Error{Code: coerce.InternalError, Hint: "the playground failed on this row; the rest still runs", CorrelationID: "row"}
			res.Code, res.Field, res.Observation, res.HandlerCalled = string(e.Code), "", string(e.Observation(0)), false
			res.Pass = res.Want == res.Code
		}
	}()
	o := l.d.Call(context.Background(), l.tool.Name, Arguments(r.Input, l.tool.Schema.Fields[0].Name))
	res.Code, res.Field, res.Observation, res.HandlerCalled = string(o.Code), o.Field, string(o.Observation), o.HandlerCalled
	res.Pass = res.Want != "" && res.Want == res.Code
	return res
}

// Arguments turns a row's raw input into the argument text the tool receives: an object is
// passed as it is; a bare JSON value (or True, False, None as Python writes them) becomes
// {"<field>": value}; anything else is passed as it is so the parser reports it.
func Arguments(input, field string) []byte {
	s := strings.TrimSpace(input)
	switch s {
	case "True":
		s = "true"
	case "False":
		s = "false"
	case "None":
		s = "null"
	}
	if s == "" || s[0] == '{' || len(s) > MaxInputBytes*16 || !jsontext.Value(s).IsValid() {
		return []byte(input)
	}
	b := make([]byte, 0, len(field)+len(s)+5)
	b = append(b, '{')
	b, _ = jsontext.AppendQuote(b, field)
	b = append(b, ':')
	b = append(b, s...)
	return append(b, '}')
}

// Run runs t on a fresh Lab.
func Run(t Table) []Result { return NewLab(LabConfig{}).Run(t) }

// RunOne runs one learner input on a fresh Lab.
func RunOne(input string) Result { return NewLab(LabConfig{}).RunOne(input) }

// Summary counts results per code, in Codes() order, and passes against wants.
type Summary struct {
	Counts         []CodeCount
	Passed, Failed int
	Unpredicted    int
}

// CodeCount is one code's total.
type CodeCount struct {
	Code string
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
