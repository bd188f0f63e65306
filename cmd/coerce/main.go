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
//
// A FILE holds one tool object or a whole tools/list result; -tool may be given more than once.
// With -in args (the default) there must be exactly one tool. With -in transcript, calls to
// tools not given are counted by name on standard error. The exit status is 0 when every call
// was read, whatever its code, and 2 when a definition or the input cannot be read, with the
// reason on standard error.
package main

import (
	"context"
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

// run is the command, with its streams: the status it exits with.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("coerce", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var tools, grants listFlag
	fs.Var(&tools, "tool", "a file holding a tool definition or a tools/list result (repeatable)")
	fs.Var(&grants, "grant", "a permission the caller holds (repeatable)")
	in := fs.String("in", "args", "what standard input holds: args (one arguments text a line) or transcript")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(msg string) int {
		io.WriteString(stderr, "coerce: "+msg+"\n")
		return 2
	}
	if len(tools) == 0 {
		return fail("give at least one tool with -tool FILE.")
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument " + fs.Arg(0) + "; the calls are read from standard input.")
	}
	set, msg := loadTools(tools, grants, stderr)
	if msg != "" {
		return fail(msg)
	}
	switch *in {
	case "args":
		return runArgs(ctx, set, stdin, stdout, fail)
	case "transcript":
		return runTranscript(ctx, set, stdin, stdout, stderr, fail)
	}
	return fail("-in is args or transcript, not " + *in + ".")
}
