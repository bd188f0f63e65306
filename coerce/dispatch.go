package coerce

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// Handler runs a tool once its arguments are valid. It returns the result of an ok observation,
// or an error: an [*Error] for an outcome the model can act on (not_found, denied, …); any other
// error, any panic and runtime.Goexit become internal_error with a correlation id, and no text of
// theirs is shown. A result that is not one object with unique keys within the cap is
// internal_error too (see [Result]).
//
// The handler runs on a goroutine of its own: when the call's context ends first, the call
// answers timeout at once and whatever the handler returns later is dropped.
type Handler func(ctx context.Context, args Args) (Result, error)

// Tool is a tool as the model sees it (name, description, schema) and as the runtime runs it.
type Tool struct {
	Name        string
	Description string
	Schema      Schema
	Handler     Handler
	// Cap bounds every observation in bytes; zero means DefaultCap, less than MinCap is raised to it.
	Cap int
	// Codes lists the error codes the handler itself may return (not_found, denied, …) besides
	// invalid_args, timeout and internal_error, which every handler may return. A handler
	// returning another code is a bug and the call becomes internal_error.
	Codes []Code
}

// Config is what a dispatcher shares across its tools. The zero value is usable.
type Config struct {
	// Rules are the coercion switches; nil means DefaultRules().
	Rules *Rules
	// MaxInputBytes bounds the raw argument text; zero means DefaultMaxInputBytes.
	MaxInputBytes int
	// MaxDepth bounds nesting inside the argument object; zero means DefaultMaxDepth.
	MaxDepth int
	// NewID makes correlation ids; nil means 16 random hex digits. An id outside the format
	// ([ValidCorrelationID]) is not used: a random one replaces it.
	NewID func() string
	// Metrics, when set, counts every outcome per (tool, code).
	Metrics *Metrics
	// Log, when set, receives one line per error outcome: code and field, never the raw input.
	Log func(LogLine)
}

// Outcome is one call's result: the observation bytes the model will see, and what a runtime
// branches on without parsing them.
type Outcome struct {
	Tool  string
	Code  Code
	Field string
	// Observation is exactly one JSON object within the tool's cap.
	Observation []byte
	// HandlerCalled is true when the arguments were valid and the handler ran.
	HandlerCalled bool
	RetryAfter    int64
}

// LogLine is what is logged of an error outcome.
type LogLine struct {
	Tool, Field   string
	Code          Code
	CorrelationID string
	// Bug marks an outcome that is the tool's fault: a panic, a plain error, a code outside the
	// catalog or the tool's Codes, or a result over the cap.
	Bug bool
}

// String writes the line as words: tool=… code=… field="…" correlation_id=… bug=true. Every
// value is cut to 64 bytes, and one that is not a plain word is quoted with its control
// characters escaped, so no value can start a line of its own or grow the line past a few
// hundred bytes, whoever built the LogLine.
func (l LogLine) String() string {
	s := "tool=" + logWord(l.Tool) + " code=" + logWord(string(l.Code))
	if l.Field != "" {
		s += " field=" + strconv.Quote(Cut(l.Field, maxGotBytes))
	}
	if l.CorrelationID != "" {
		s += " correlation_id=" + logWord(l.CorrelationID)
	}
	if l.Bug {
		s += " bug=true"
	}
	return s
}

// logWord is s as a log line's value: as it is when it is a plain word (the format of a
// correlation id, which every code and declared tool name fits), quoted and cut otherwise.
func logWord(s string) string {
	if ValidCorrelationID(s) || s == UnknownTool {
		return s
	}
	return strconv.Quote(Cut(s, maxGotBytes))
}

// The dispatcher's default bounds on the argument text: generous for any real tool call, small
// enough that a model pasting a novel is answered at once. The playground's table rows hold
// inputs up to the same bound (lesson.MaxInputBytes), so every row is something a dispatcher
// with the default bounds reads.
const (
	DefaultMaxInputBytes = 64 << 10
	DefaultMaxDepth      = 16
)

// Dispatcher parses, coerces and dispatches calls to its tools. It is safe for concurrent use.
type Dispatcher struct {
	tools    []compiledTool
	rules    Rules
	maxInput int
	maxDepth int
	newID    func() string
	metrics  *Metrics
	log      func(LogLine)
	decoders sync.Pool
	runs     sync.Pool // *handlerRun, each with its done channel
}

type compiledTool struct {
	Tool
	cap     int
	example string // {"job_id": 17}
}

// decoderState is a pooled decoder. It reads from a bytes.Buffer because jsontext then parses
// the input in place instead of copying it into a buffer of its own.
type decoderState struct {
	b   bytes.Buffer
	dec *jsontext.Decoder
}

// NewDispatcher checks the tools' declarations and returns a dispatcher for them.
func NewDispatcher(cfg Config, tools ...Tool) (*Dispatcher, error) {
	d := &Dispatcher{rules: DefaultRules(), maxInput: DefaultMaxInputBytes, maxDepth: DefaultMaxDepth, newID: randomID, metrics: cfg.Metrics, log: cfg.Log}
	if cfg.Rules != nil {
		d.rules = *cfg.Rules
	}
	if cfg.MaxInputBytes > 0 {
		d.maxInput = cfg.MaxInputBytes
	}
	if cfg.MaxDepth > 0 {
		d.maxDepth = cfg.MaxDepth
	}
	if cfg.NewID != nil {
		d.newID = cfg.NewID
	}
	for _, t := range tools {
		if t.Name == "" || t.Handler == nil {
			return nil, errors.New("coerce: a tool needs a name and a handler")
		}
		if err := t.Schema.check(); err != nil {
			return nil, err
		}
		for _, c := range t.Codes {
			if _, ok := Lookup(c); !ok {
				return nil, errors.New("coerce: tool " + quotedName(t.Name) + " declares code " + quotedName(string(c)) + " outside the catalog")
			}
		}
		for _, o := range d.tools {
			if o.Name == t.Name {
				return nil, errors.New("coerce: tool " + quotedName(t.Name) + " declared twice")
			}
		}
		t.Schema.Fields = indexed(t.Schema.Fields)
		c := compiledTool{Tool: t, cap: t.Cap}
		if c.cap == 0 {
			c.cap = DefaultCap
		}
		if c.cap < MinCap {
			c.cap = MinCap
		}
		c.example = exampleObject(t.Schema)
		d.tools = append(d.tools, c)
	}
	d.runs.New = func() any { return newRun(1) }
	d.decoders.New = func() any {
		st := &decoderState{}
		st.dec = jsontext.NewDecoder(&st.b)
		return st
	}
	return d, nil
}

// Tools returns the tools in the order they were given.
func (d *Dispatcher) Tools() []Tool {
	out := make([]Tool, len(d.tools))
	for i := range d.tools {
		out[i] = d.tools[i].Tool
	}
	return out
}

func exampleObject(s Schema) string {
	b := []byte{'{'}
	n := 0
	for _, f := range s.Fields {
		if f.Optional {
			continue
		}
		if n > 0 {
			b = append(b, ", "...)
		}
		b = appendQuoted(b, f.Name)
		b = append(b, ": "...)
		b = append(b, f.quotedExample()...)
		n++
	}
	return string(append(b, '}'))
}

// UnknownTool is the tool name outcomes, logs and metrics use for a call of a tool that does not
// exist.
const UnknownTool = "(unknown tool)"

// Call runs one call of the named tool with its raw argument text. It never panics.
func (d *Dispatcher) Call(ctx context.Context, tool string, raw []byte) Outcome {
	return d.dispatch(ctx, tool, raw, nil)
}

// CallTraced is Call that also returns the steps the call took (see [Step]): the same outcome,
// byte for byte, and an explanation of it for a person. Values in the trace are redacted and cut
// as got is. Call does no tracing work at all.
func (d *Dispatcher) CallTraced(ctx context.Context, tool string, raw []byte) (Outcome, Trace) {
	tr := &tracer{steps: make(Trace, 0, 8)}
	o := d.dispatch(ctx, tool, raw, tr)
	return o, tr.steps
}

func (d *Dispatcher) dispatch(ctx context.Context, tool string, raw []byte, tr *tracer) Outcome {
	t := d.find(tool)
	if t == nil {
		names := make([]string, len(d.tools))
		for i := range d.tools {
			names[i] = d.tools[i].Name
		}
		e := invalidAt(stepLookup, "", "no such tool; the tools are "+strings.Join(names, ", "))
		// The name came from the model: it is neither logged nor counted as given, so a model
		// inventing names cannot grow the metrics or write into the logs.
		return d.finish(UnknownTool, MinCap*4, e, false, "", tr)
	}
	return d.call(ctx, t, raw, tr)
}

func (d *Dispatcher) find(name string) *compiledTool {
	for i := range d.tools {
		if d.tools[i].Name == name {
			return &d.tools[i]
		}
	}
	return nil
}

func (d *Dispatcher) call(ctx context.Context, t *compiledTool, raw []byte, tr *tracer) Outcome {
	if len(raw) > d.maxInput {
		return d.finish(t.Name, t.cap, invalidAt(stepParse, "", "arguments are "+strconv.Itoa(len(raw))+" bytes, over the limit of "+strconv.Itoa(d.maxInput)+"; send only "+t.example), false, "", tr)
	}
	if !utf8.Valid(raw) {
		return d.finish(t.Name, t.cap, invalidAt(stepParse, "", "arguments are not valid UTF-8 text; send "+t.example), false, "", tr)
	}
	if tr != nil {
		// The parse is known to be ok only at the end; a parse failure replaces this step.
		tr.ok(stepParse, "", "one strict JSON object, "+strconv.Itoa(len(raw))+" bytes")
	}
	st := d.decoders.Get().(*decoderState)
	// One Reset per call: the decoder keeps a view of this call's input until the next call
	// resets it (or the pool drops it at a GC), which is cheaper than a second Reset here.
	defer d.decoders.Put(st)
	st.b = *bytes.NewBuffer(raw)
	d.resetDecoder(st)

	args := Args{schema: &t.Schema}
	raws := make([]jsontext.Value, len(t.Schema.Fields))
	r := argReader{d: d, t: t, vals: args.slots(), raws: raws, tr: tr}
	if e := r.read(st.dec, raw); e != nil {
		return d.finish(t.Name, t.cap, e, false, "", tr)
	}
	res, e, fault, called := d.run(ctx, t, args)
	if e == nil {
		obs, bad := appendOK(make([]byte, 0, 128), res, t.cap)
		if bad == "" {
			d.count(t.Name, OK)
			if tr != nil {
				tr.ok(stepHandler, "", t.Name+" returned a result of "+strconv.Itoa(len(obs))+" bytes, within the "+strconv.Itoa(t.cap)+"-byte cap")
			}
			return Outcome{Tool: t.Name, Code: OK, Observation: obs, HandlerCalled: true}
		}
		e, fault = &Error{Code: InternalError, Hint: failedHint}, bad
		if bad == faultOverCap {
			e.Hint = "the result is over this tool's " + strconv.Itoa(t.cap) + "-byte cap; report it with the correlation_id"
		}
	}
	if e.Got == "" && e.Field != "" && (e.Code == InvalidArgs || e.Code == NotFound) {
		if i := t.Schema.index([]byte(e.Field)); i >= 0 && raws[i] != nil {
			e.Got = gotJSON(e.Field, raws[i])
		}
	}
	return d.finish(t.Name, t.cap, e, called, fault, tr)
}

// finish encodes an error outcome within the cap, counts and logs it, and ends its trace. fault
// says how the handler failed, when that is the tool's bug.
func (d *Dispatcher) finish(tool string, capBytes int, e *Error, called bool, fault string, tr *tracer) Outcome {
	// Each member is bounded before anything is written, so the log line, the trace and the
	// encoding below are bounded too, whoever wrote the error.
	e.Field, e.Hint, e.RequiredPermission = Cut(e.Field, maxGotBytes), Cut(e.Hint, capBytes), Cut(e.RequiredPermission, maxGotBytes)
	if e.Code == InternalError || e.CorrelationID != "" {
		var replaced bool
		if e.CorrelationID, replaced = correlationID(e.CorrelationID, d.newID); replaced && fault == "" {
			fault = faultID
		}
	}
	d.count(tool, e.Code)
	if d.log != nil {
		d.log(LogLine{Tool: tool, Code: e.Code, Field: e.Field, CorrelationID: e.CorrelationID, Bug: fault != ""})
	}
	tr.fail(e, fault)
	return Outcome{Tool: tool, Code: e.Code, Field: e.Field, Observation: encodeError(e, capBytes), HandlerCalled: called, RetryAfter: e.RetryAfter}
}

func (d *Dispatcher) count(tool string, c Code) {
	if d.metrics != nil {
		d.metrics.Add(tool, c)
	}
}
