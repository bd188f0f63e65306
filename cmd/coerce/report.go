package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/coerce/calllog"
	"coerceplayground/coerce/transcript"
)

// runReport is `coerce report`: it reads transcripts (each one conversation, run against the
// -tool definitions) or the proxy's call log, and prints per tool and field the codes, the
// coercions applied, the calls a loose validator would have let through and where the budget
// would have stopped or handed off. -html writes the same as one page; -fail-on dangerous makes
// a dangerous call (one coerce refuses and a loose validator lets through) exit 1.
func runReport(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, tools, grants := toolFlags("coerce report", stderr)
	in := fs.String("in", "transcript", "what the files hold: transcript (each one conversation) or log (coerce proxy's call log)")
	htmlFile := fs.String("html", "", "also write the report as one self-contained HTML page to this file")
	failOn := fs.String("fail-on", "", "exit 1 when the report finds it: dangerous")
	if status, ok := parseFlags(fs, args, stderr); !ok {
		return status
	}
	fail := func(msg string) int {
		io.WriteString(stderr, "coerce report: "+msg+"\n")
		return 2
	}
	switch {
	case *in != "transcript" && *in != "log":
		return fail("-in is transcript or log, not " + quote(*in) + ".")
	case *failOn != "" && *failOn != "dangerous":
		return fail("-fail-on takes dangerous, not " + quote(*failOn) + ".")
	case *in == "log" && *failOn != "":
		return fail("-fail-on dangerous needs transcripts: the proxy's log holds no arguments to judge.")
	case *in == "log" && len(*tools)+len(*grants) > 0:
		return fail("-tool and -grant are for transcripts: the proxy's log is read as it was answered.")
	case *in == "transcript" && len(*tools) == 0:
		return fail("give the tools the transcripts call with -tool FILE.")
	}
	r := reader{ctx: ctx, t: newTally(), stderr: stderr}
	if *in == "transcript" {
		set, msg := loadTools(*tools, *grants, stderr)
		if msg != "" {
			return fail(msg)
		}
		r.set = &set
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	for _, name := range inputs {
		data, msg := readInput(name, stdin)
		if msg != "" {
			return fail(msg)
		}
		r.read(name, data, len(inputs) > 1)
	}
	if len(r.t.tools) == 0 {
		return fail("no call could be read.")
	}
	return r.finish(stdout, *htmlFile, *failOn != "")
}

// readInput reads one file, or standard input for "-", up to the readers' limit.
func readInput(name string, stdin io.Reader) ([]byte, string) {
	src := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, quote(name) + " cannot be read: " + fileProblem(err) + "."
		}
		defer f.Close()
		src = f
	}
	data, err := io.ReadAll(io.LimitReader(src, max(transcript.MaxBytes, calllog.MaxBytes)+1))
	if err != nil {
		return nil, inputName(name) + " could not be read."
	}
	return data, ""
}

func inputName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return quote(name)
}

// reader feeds inputs to a tally, and says on stderr what it could not read.
type reader struct {
	ctx      context.Context
	set      *toolSet // the -tool definitions; nil for the proxy's log
	t        *tally
	stderr   io.Writer
	problems int
}

func (r *reader) problem(name, msg string) {
	r.problems++
	io.WriteString(r.stderr, "coerce report: "+inputName(name)+": "+clean(msg)+".\n")
}

// read counts one input: a transcript is one session; a log holds the sessions it names.
func (r *reader) read(name string, data []byte, many bool) {
	if r.set == nil {
		lines, errs := calllog.Read(data)
		for _, e := range errs {
			r.problem(name, e.Error())
		}
		prefix := ""
		if many {
			prefix = name
		}
		r.t.log(prefix, lines)
		return
	}
	calls, errs := transcript.Read(data)
	for _, e := range errs {
		r.problem(name, e.Error())
	}
	if len(calls) > 0 {
		r.t.transcript(r.ctx, r.set, name, calls)
	}
}

// finish writes the report and the page, and returns the exit status.
func (r *reader) finish(stdout io.Writer, htmlFile string, failOnDangerous bool) int {
	out := &errWriter{w: stdout}
	w := bufio.NewWriter(out)
	writeText(w, r.t)
	w.Flush()
	if out.err != nil {
		io.WriteString(r.stderr, "coerce report: "+writeProblem(out.err)+"\n")
		return 1
	}
	if htmlFile != "" {
		if err := os.WriteFile(htmlFile, reportPage(r.t), 0o644); err != nil {
			io.WriteString(r.stderr, "coerce report: "+quote(htmlFile)+" could not be written: "+fileProblem(err)+".\n")
			return 1
		}
	}
	if n := r.t.dangerous(); failOnDangerous && n > 0 {
		io.WriteString(r.stderr, "coerce report: "+plural(n, "call")+" that coerce refuses a loose validator would have let through (-fail-on dangerous).\n")
		return 1
	}
	if r.problems > 0 {
		return 1
	}
	return 0
}

// plural is n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// transcript runs one transcript's calls to the given tools as one conversation.
func (t *tally) transcript(ctx context.Context, set *toolSet, session string, calls []transcript.Call) {
	t.sessions++
	t.loose = true
	b := coerce.NewBudget()
	for i, c := range calls {
		if _, ok := set.schemas[c.Tool]; !ok {
			tt := t.tool(c.Tool)
			tt.notRun = true
			tt.calls++
			continue
		}
		o, tr := set.disp.CallTraced(ctx, c.Tool, []byte(c.Arguments))
		f := t.observe(display(session), i+1, o, calllog.RulesOf(tr), b)
		if o.Code == coerce.InvalidArgs {
			t.judge(set.schemas[c.Tool], t.tool(c.Tool), f, c.Arguments)
		}
	}
}

// judge evaluates the loose validators on a call coerce refused.
func (t *tally) judge(s coerce.Schema, tt *toolTally, f *fieldTally, args string) {
	if !looseReadable(s) {
		tt.unmodelled = true
		return
	}
	ls := t.schemas[tt.name]
	if ls == nil {
		ls = newLooseSchema(s)
		t.schemas[tt.name] = ls
	}
	let := false
	for _, lv := range looseValidators {
		if lv.accepts(ls, args) {
			f.loose.add(lv.name)
			let = true
		}
	}
	if let {
		f.dangerous++
		if len(f.examples) < maxExamples {
			f.examples = append(f.examples, coerce.Cut(args, maxEcho))
		}
	}
}

// log counts the proxy's call lines, with a budget per session.
func (t *tally) log(prefix string, lines []calllog.Line) {
	budgets := map[string]*coerce.Budget{}
	n := map[string]int{}
	for _, l := range lines {
		session := "session " + display(l.Session)
		if prefix != "" {
			session = display(prefix) + " " + session
		}
		b := budgets[session]
		if b == nil {
			b = coerce.NewBudget()
			budgets[session] = b
			t.sessions++
		}
		n[session]++
		t.observe(session, n[session], coerce.Outcome{Tool: l.Tool, Code: l.Code, Field: l.Field}, l.Rules, b)
	}
}

// dangerous counts the calls coerce refused that a loose validator lets through.
func (t *tally) dangerous() int {
	n := 0
	for _, tt := range t.tools {
		for _, f := range tt.fields {
			n += f.dangerous
		}
	}
	return n
}
