// Command coerce runs tool calls through coerce against tools declared as data (MCP tool
// definitions, coerce/tooldef) and prints one JSON line per call:
//
//	{"tool": "get_order", "arguments": "<the raw text, as a string>", "code": "ok", "observation": {…}}
//
// Usage:
//
//	go run ./cmd/coerce -tool order.json < args.txt                  # one arguments text a line
//	go run ./cmd/coerce -tool tools.json -in transcript < log.jsonl  # the calls of a transcript
//	go run ./cmd/coerce -tool order.json -grant orders.read < args.txt
//	go run ./cmd/coerce report -tool tools.json chat.jsonl           # codes, coercions, loose validators, budget
//
// A FILE holds one tool object or a whole tools/list result; -tool may be given more than once.
// With -in args (the default) there must be exactly one tool. With -in transcript, calls to
// tools not given are counted by name on standard error, and a part of the transcript that
// cannot be read (a broken JSON Lines line, a call whose envelope repeats a key) is named there
// by its line while the rest is still run.
//
// The exit status is 0 when every call was read and written, whatever its code; 1 when some of
// the transcript could not be read (the rest was run) or standard output could not be written;
// 2 when a definition or the input cannot be read at all. Each reason is one sentence on
// standard error, every name in it quoted with its control characters escaped.
package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// listFlag is a flag that may be given more than once.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// toolFlags is a flag set with the -tool and -grant flags the checking and the report share.
func toolFlags(name string, stderr io.Writer) (fs *flag.FlagSet, tools, grants *listFlag) {
	fs = flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseFlags says what is wrong, in a sentence of its own
	tools, grants = new(listFlag), new(listFlag)
	fs.Var(tools, "tool", "a file holding a tool definition or a tools/list result (repeatable)")
	fs.Var(grants, "grant", "a permission the caller holds (repeatable)")
	return fs, tools, grants
}

// parseFlags parses args into fs. -h prints the flags and is status 0; a flag that is wrong is
// one sentence with its name quoted and escaped (the flag package would echo it raw), status 2.
// ok is false when the command must stop with status.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stderr)
		io.WriteString(stderr, "Usage of "+fs.Name()+":\n")
		fs.PrintDefaults()
		return 0, false
	}
	io.WriteString(stderr, fs.Name()+": "+clean(flagProblem(err))+"\n")
	return 2, false
}

// flagProblem is the flag package's error with the flag's name quoted.
func flagProblem(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"flag provided but not defined: ", "flag needs an argument: ", "bad flag syntax: "} {
		if name, ok := strings.CutPrefix(msg, prefix); ok {
			return strings.TrimSuffix(prefix, ": ") + " " + quote(name) + "."
		}
	}
	if i := strings.Index(msg, " for flag "); i >= 0 { // invalid value "x" for flag -n: …
		return "a flag's value is wrong: " + quote(msg[i+len(" for flag "):]) + "."
	}
	return "the flags cannot be read."
}

// run is the command, with its streams: the status it exits with.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] { // the subcommands; without one, coerce checks calls as it always has
		case "proxy":
			return runProxy(ctx, args[1:], stdin, stdout, stderr)
		case "report":
			return runReport(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	fs, tools, grants := toolFlags("coerce", stderr)
	in := fs.String("in", "args", "what standard input holds: args (one arguments text a line) or transcript")
	if status, ok := parseFlags(fs, args, stderr); !ok {
		return status
	}
	fail := func(msg string) int {
		io.WriteString(stderr, "coerce: "+msg+"\n")
		return 2
	}
	if len(*tools) == 0 {
		return fail("give at least one tool with -tool FILE.")
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument " + quote(fs.Arg(0)) + "; the calls are read from standard input.")
	}
	set, msg := loadTools(*tools, *grants, stderr)
	if msg != "" {
		return fail(msg)
	}
	out := &errWriter{w: stdout}
	var status int
	switch *in {
	case "args":
		status = runArgs(ctx, set, stdin, out, fail)
	case "transcript":
		status = runTranscript(ctx, set, stdin, out, stderr, fail)
	default:
		return fail("-in is args or transcript, not " + quote(*in) + ".")
	}
	if out.err != nil {
		io.WriteString(stderr, "coerce: "+writeProblem(out.err)+"\n")
		return 1
	}
	return status
}
