package coerce

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// parse reads the whole argument text strictly and coerces each declared field. A syntax error
// anywhere wins over a semantic one, so the model is told the text is broken before anything else.
//
// raws[i] receives field i's raw value as a slice of input (the decoder's own buffer is only
// valid until its next read), so got can be echoed after the handler ran.
//
// tr receives the steps of the fields read before the first error; the error itself is traced
// by finish.
func (d *Dispatcher) parse(dec *jsontext.Decoder, input []byte, t *compiledTool, vals []argVal, raws []jsontext.Value, tr *tracer) *Error {
	var first *Error
	note := func(e *Error) {
		if first == nil {
			first = e
		}
	}
	syntax := func(err error) *Error { return d.syntaxError(err, dec, t) }

	switch dec.PeekKind() {
	case '{':
	case 0:
		_, err := dec.ReadToken()
		if errors.Is(err, io.EOF) {
			return invalidAt(stepParse, "", "arguments are empty; send "+t.example)
		}
		return syntax(err)
	default:
		if err := dec.SkipValue(); err != nil {
			return syntax(err)
		}
		if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
			return syntax(err)
		}
		return invalidAt(stepParse, "", "arguments must be a JSON object like "+t.example)
	}
	if _, err := dec.ReadToken(); err != nil {
		return syntax(err)
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadValue()
		if err != nil {
			return syntax(err)
		}
		key, _ := stringContent(name)
		i := t.Schema.index(key)
		if i < 0 {
			note(invalidAt(stepKeys, fieldLabel(string(key)), "unknown argument; "+t.Name+" takes only "+t.Schema.names()))
		}
		switch dec.PeekKind() {
		case '[', '{':
			if err := skipBounded(dec, d.maxDepth); err != nil {
				if err == errTooDeep {
					return invalidAt(stepParse, "", "arguments nest more than "+strconv.Itoa(d.maxDepth)+" levels deep; send "+t.example)
				}
				return syntax(err)
			}
			if i >= 0 {
				f := &t.Schema.Fields[i]
				note(invalidAt(stepType, f.Name, f.Name+" must be one value like "+exampleFor(f)+", not an array or object"))
			}
			continue
		}
		v, err := dec.ReadValue()
		if err != nil {
			return syntax(err)
		}
		if i < 0 || first != nil {
			continue
		}
		f := &t.Schema.Fields[i]
		end := int(dec.InputOffset())
		raws[i] = jsontext.Value(input[end-len(v) : end])
		var e *Error
		switch f.Kind {
		case Integer:
			vals[i].num, e = coerceInt(f, v, d.rules, tr)
		case PrefixedID:
			vals[i].str, e = coerceID(f, v, d.rules, tr)
		case Boolean:
			vals[i].yes, e = coerceBool(f, v, d.rules, tr)
		case Text:
			vals[i].str, e = coerceText(f, v, d.rules, tr)
		}
		if e != nil {
			e.Got = gotJSON(f.Name, raws[i])
			note(e)
			continue
		}
		vals[i].set = true
	}
	if _, err := dec.ReadToken(); err != nil {
		return syntax(err)
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return syntax(err)
	}
	if first != nil {
		return first
	}
	for i := range t.Schema.Fields {
		f := &t.Schema.Fields[i]
		if !f.Optional && !vals[i].set {
			return invalidAt(stepKeys, f.Name, f.Name+" is required: send "+t.example)
		}
	}
	if tr != nil {
		tr.ok(stepKeys, "", "every argument is declared, every required one is present")
	}
	return nil
}

func exampleFor(f *Field) string { return f.quotedExample() }

var errTooDeep = errors.New("too deep")

// skipBounded reads one array or object token by token, failing past maxDepth levels.
func skipBounded(dec *jsontext.Decoder, maxDepth int) error {
	base := dec.StackDepth()
	for {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		depth := dec.StackDepth()
		if depth > maxDepth {
			return errTooDeep
		}
		if depth == base {
			return nil
		}
	}
}

// syntaxError turns a jsontext error into an invalid_args whose hint says what to fix, without
// any of the error's own text.
func (d *Dispatcher) syntaxError(err error, dec *jsontext.Decoder, t *compiledTool) *Error {
	var se *jsontext.SyntacticError
	switch {
	case errors.Is(err, jsontext.ErrDuplicateName):
		field := ""
		if errors.As(err, &se) {
			field = lastPointerToken(string(se.JSONPointer))
		}
		return invalidAt(stepParse, fieldLabel(field), "an argument appears twice; send each argument once, like "+t.example)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalidAt(stepParse, "", "the arguments end early: send one complete JSON object like "+t.example)
	case err == nil, errors.Is(err, io.EOF):
		return invalidAt(stepParse, "", "send the arguments as one JSON object like "+t.example)
	}
	return invalidAt(stepParse, "", "the arguments are not valid JSON (no comments, single quotes, NaN, trailing text or Python spellings); send "+t.example)
}

// lastPointerToken returns the last reference token of a JSON Pointer, unescaped.
func lastPointerToken(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i < 0 {
		return ""
	}
	s := p[i+1:]
	s = strings.ReplaceAll(s, "~1", "/")
	return strings.ReplaceAll(s, "~0", "~")
}
