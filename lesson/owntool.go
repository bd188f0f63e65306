package lesson

import (
	"context"
	"errors"
	"slices"
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/coerce/tooldef"
)

// A table may carry its own tool, declared as data (docs/own-tool.md): Table.ToolDef holds the
// definition as one compact JSON object, its name is the table's Tool, and the rows run against
// it through the same dispatcher as the lesson's tools. The text format writes it on one
// "@tooldef {…}" line, a link as the member "tooldef".

// ReadToolDef reads the definition a table carries: exactly one tool object, within
// MaxToolDefBytes. The error says why in a sentence: the JSON Pointer and what is wrong.
func ReadToolDef(text string) (tooldef.Def, error) {
	if len(text) > MaxToolDefBytes {
		return tooldef.Def{}, errors.New("the tool definition is " + Bytes(len(text)) + ", over the limit of " + Bytes(MaxToolDefBytes))
	}
	l, err := tooldef.Read([]byte(text))
	if err == nil {
		var d tooldef.Def
		if d, err = l.Pick(""); err == nil {
			return d, nil
		}
	}
	var e *tooldef.Error
	if errors.As(err, &e) {
		msg := e.Msg
		if e.Pointer != "" {
			msg = "at " + e.Pointer + ": " + msg
		}
		return tooldef.Def{}, errors.New(msg)
	}
	return tooldef.Def{}, err
}

// WithToolDef returns t with d as its tool: the rows run against d.
func (t Table) WithToolDef(d tooldef.Def) Table {
	t.ToolDef, t.Tool = d.Text, d.Name
	return t
}

// toolDefProblem says what keeps t's ToolDef from being its tool, or "".
func (t Table) toolDefProblem() string {
	d, err := ReadToolDef(t.ToolDef)
	switch {
	case err != nil:
		return "the table's tool definition cannot be read: " + err.Error()
	case d.Text != t.ToolDef:
		return "the table's tool definition is not written as one compact JSON object"
	case d.Name != t.Tool:
		return "the table's tool is " + strconv.Quote(t.Tool) + ", but its definition declares " + strconv.Quote(d.Name)
	}
	return ""
}

// Declare makes the tool defined by text (a ToolDef) the Lab's own tool, beside the lesson's:
// RunRow with its name runs it, with the Lab's switches, permissions, ids, log and metrics. A
// tool named like a lesson tool stands in for it. "" takes the Lab's own tool away.
func (l *Lab) Declare(text string) error {
	if text == "" {
		l.own, l.ownName, l.ownText = nil, "", ""
		return nil
	}
	if text == l.ownText {
		return nil
	}
	d, err := ReadToolDef(text)
	if err != nil {
		return err
	}
	sw := DefaultSwitches()
	if l.cfg.Switches != nil {
		sw = *l.cfg.Switches
	}
	perms := append([]string(nil), l.cfg.Permissions...)
	t := d.Tool(func(p string) bool { return slices.Contains(perms, p) })
	h := t.Handler
	t.Handler = func(ctx context.Context, a coerce.Args) (coerce.Result, error) {
		l.calls++
		return h(ctx, a)
	}
	rules := coerce.Rules{TrimSpace: sw.TrimSpace, DigitStrings: sw.DigitStrings}
	disp, err := coerce.NewDispatcher(coerce.Config{Rules: &rules, NewID: l.cfg.NewID, Metrics: l.Metrics, Log: l.cfg.Log}, t)
	if err != nil {
		return errors.New("the tool definition cannot be run")
	}
	l.own, l.ownName, l.ownText = disp, d.Name, d.Text
	if len(d.Schema.Fields) > 0 {
		l.ownBare = d.Schema.Fields[0].Name
	} else {
		l.ownBare = ""
	}
	return nil
}

// dispatcherFor is the dispatcher that runs tool, and the field a bare value fills.
func (l *Lab) dispatcherFor(tool string) (*coerce.Dispatcher, string) {
	if l.own != nil && tool == l.ownName {
		return l.own, l.ownBare
	}
	return l.d, l.bareField[tool]
}

// toolDefLine reads the definition of an "@tooldef {…}" line into t.
func (t *Table) toolDefLine(text string) string {
	if t.ToolDef != "" {
		return "a table declares one tool; this is a second @tooldef line"
	}
	d, err := ReadToolDef(text)
	if err != nil {
		return "the @tooldef line's definition cannot be read: " + err.Error()
	}
	if t.Tool != "" && t.Tool != d.Name {
		return "@tool names " + strconv.Quote(t.Tool) + ", but the @tooldef line declares " + strconv.Quote(d.Name)
	}
	t.ToolDef, t.Tool = d.Text, d.Name
	return ""
}
