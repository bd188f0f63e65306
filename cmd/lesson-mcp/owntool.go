package main

import (
	"errors"
	"flag"
	"os"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/coerce/tooldef"
)

// toolFiles is the -tool flag: files holding tools declared as data (a tool object or a
// tools/list result, coerce/tooldef). When given, the server serves those tools instead of the
// lesson's, and answers each ok call with the coerced arguments: what the tool's handler would
// receive.
type toolFiles []string

func (f *toolFiles) String() string     { return strings.Join(*f, ",") }
func (f *toolFiles) Set(s string) error { *f = append(*f, s); return nil }

// registerToolFlag adds -tool to the command's flags.
func registerToolFlag() *toolFiles {
	var f toolFiles
	flag.Var(&f, "tool", "serve the tools declared in this file (a tool definition or a tools/list result) instead of the lesson's; repeatable")
	return &f
}

// declaredDispatcher reads the files into one dispatcher, the permissions granted. A tool of a
// tools/list result that cannot be read is left out and logged; a file with no tool that can be
// read is an error that says why, in a sentence.
func declaredDispatcher(files []string, permissions []string, logf func(...any)) (*coerce.Dispatcher, error) {
	granted := func(p string) bool {
		for _, g := range permissions {
			if g == p {
				return true
			}
		}
		return false
	}
	var tools []coerce.Tool
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, errors.New(name + " cannot be read")
		}
		l, err := tooldef.Read(data)
		if err != nil {
			return nil, errors.New(name + ": " + err.Error())
		}
		if len(l.Tools) == 0 {
			return nil, errors.New(name + ": " + l.Refused[0].Error())
		}
		for _, e := range l.Refused {
			logf(name + ": the tool " + e.Tool + " is left out: " + e.Error())
		}
		for _, d := range l.Tools {
			tools = append(tools, d.Tool(granted))
		}
	}
	d, err := coerce.NewDispatcher(coerce.Config{Log: func(l coerce.LogLine) { logf(l.String()) }}, tools...)
	if err != nil {
		return nil, errors.New("the declared tools cannot be served together (a name given twice?)")
	}
	return d, nil
}
