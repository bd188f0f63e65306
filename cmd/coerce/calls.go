package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/coerce/tooldef"
	"coerceplayground/coerce/transcript"
	"github.com/go-json-experiment/json/jsontext"
)

// toolSet is the tools read from the -tool files, in order, and one dispatcher for them all.
type toolSet struct {
	names   []string
	schemas map[string]coerce.Schema
	disp    *coerce.Dispatcher
}

// loadTools reads every file. A tool that cannot be read stops the command, unless it is one
// tool among others of a tools/list result: then it is named on stderr and its calls are
// counted with the other tools'.
func loadTools(files, grants []string, stderr io.Writer) (toolSet, string) {
	set := toolSet{schemas: map[string]coerce.Schema{}}
	var tools []coerce.Tool
	granted := func(p string) bool { return slices.Contains(grants, p) }
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return set, quote(f) + " cannot be read: " + fileProblem(err) + "."
		}
		l, err := tooldef.Read(data)
		if err != nil {
			return set, quote(f) + ": " + clean(err.Error()) + "."
		}
		if len(l.Tools) == 0 {
			return set, quote(f) + ": " + clean(l.Refused[0].Error()) + "."
		}
		for _, e := range l.Refused {
			io.WriteString(stderr, "coerce: "+quote(f)+": the tool "+quote(e.Tool)+" is left out: "+clean(e.Error())+".\n")
		}
		for _, d := range l.Tools {
			if slices.Contains(set.names, d.Name) {
				return set, quote(f) + ": the tool " + quote(d.Name) + " is given twice."
			}
			set.names = append(set.names, d.Name)
			tools = append(tools, d.Tool(granted))
			set.schemas[d.Name] = tools[len(tools)-1].Schema
		}
	}
	disp, err := coerce.NewDispatcher(coerce.Config{}, tools...)
	if err != nil {
		return set, "the tools cannot be run together: " + clean(err.Error()) + "."
	}
	set.disp = disp
	return set, ""
}

func fileProblem(err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "there is no such file"
	case errors.Is(err, os.ErrPermission):
		return "permission denied"
	}
	return "it could not be opened"
}

// runArgs reads one arguments text a line and calls the only tool with each.
func runArgs(ctx context.Context, set toolSet, stdin io.Reader, stdout io.Writer, fail func(string) int) int {
	if len(set.names) != 1 {
		return fail("-in args calls one tool, and the files hold " + strconv.Itoa(len(set.names)) + " (" + quoteAll(set.names) + "); give one, or use -in transcript.")
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	br := bufio.NewReaderSize(stdin, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fail("standard input could not be read at line " + strconv.Itoa(n) + ".")
		}
		text := strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(text) != "" && writeLine(ctx, out, set, set.names[0], text) != nil {
			return 1 // the caller says why
		}
		if err != nil {
			return 0
		}
	}
}

// runTranscript calls each call of the transcript on stdin whose tool was given, and names on
// stderr what it could not read and the calls to other tools.
func runTranscript(ctx context.Context, set toolSet, stdin io.Reader, stdout, stderr io.Writer, fail func(string) int) int {
	data, err := io.ReadAll(io.LimitReader(stdin, transcript.MaxBytes+1))
	if err != nil {
		return fail("standard input could not be read.")
	}
	calls, errs := transcript.Read(data)
	if len(calls) == 0 {
		return fail("the transcript cannot be read: " + clean(errs[0].Error()) + ".")
	}
	for _, e := range errs {
		io.WriteString(stderr, "coerce: the transcript: "+clean(e.Error())+".\n")
	}
	mine, others := transcript.Split(calls, set.names...)
	out := bufio.NewWriter(stdout)
	for _, c := range mine {
		if writeLine(ctx, out, set, c.Tool, c.Arguments) != nil {
			break
		}
	}
	out.Flush()
	if len(others) > 0 {
		var parts []string
		total := 0
		for _, o := range others {
			parts = append(parts, quote(o.Tool)+" ("+strconv.Itoa(o.N)+")")
			total += o.N
		}
		what := strconv.Itoa(total) + " calls to tools not given with -tool were"
		if total == 1 {
			what = "1 call to a tool not given with -tool was"
		}
		io.WriteString(stderr, "coerce: "+what+" not run: "+clean(strings.Join(parts, ", "))+".\n")
	}
	if len(errs) > 0 {
		return 1
	}
	return 0
}

// writeLine runs one call and writes its JSON line; the error is the writer's.
func writeLine(ctx context.Context, out *bufio.Writer, set toolSet, tool, args string) error {
	o := set.disp.Call(ctx, tool, []byte(args))
	b := []byte(`{"tool":`)
	b, _ = jsontext.AppendQuote(b, tool)
	b = append(b, `,"arguments":`...)
	b = appendText(b, args)
	b = append(b, `,"code":`...)
	b, _ = jsontext.AppendQuote(b, string(o.Code))
	b = append(b, `,"observation":`...)
	b = append(b, o.Observation...)
	b = append(b, "}\n"...)
	_, err := out.Write(b)
	return err
}

// appendText quotes s as a JSON string; bytes that are not UTF-8 become U+FFFD, as they must
// in JSON (the observation says the arguments were not UTF-8).
func appendText(b []byte, s string) []byte {
	q, err := jsontext.AppendQuote(b, s)
	if err != nil {
		q, _ = jsontext.AppendQuote(b, strings.ToValidUTF8(s, "\uFFFD"))
	}
	return q
}

// quoteAll quotes each name and joins them with commas.
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quote(n)
	}
	return strings.Join(q, ", ")
}
