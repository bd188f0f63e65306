package coerce

import (
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// argReader is one call's reading of its argument text against its tool's schema: vals[i] and
// raws[i] receive field i's coerced value and its raw text, and first keeps the first semantic
// error, because a syntax error anywhere still wins over it.
//
// The decoder and the input are passed to the methods rather than kept here: both reach the heap
// (a raw text is kept as a slice of the input), and escape analysis does not tell one field of a
// struct from another, so keeping them here would move the caller's inline slots and its tracer
// to the heap on every call.
type argReader struct {
	d     *Dispatcher
	t     *compiledTool
	vals  []argVal
	raws  []jsontext.Value
	tr    *tracer
	first *Error
}

// read reads the whole argument text, input, from dec strictly and coerces each declared field. A syntax
// error anywhere wins over a semantic one, so the model is told the text is broken before anything
// else.
//
// raws[i] receives field i's raw value as a slice of input (the decoder's own buffer is only
// valid until its next read), so got can be echoed after the handler ran.
//
// tr receives the steps of the fields read before the first error; the error itself is traced
// by finish.
func (r *argReader) read(dec *jsontext.Decoder, input []byte) *Error {
	if e := r.open(dec); e != nil {
		return e
	}
	for dec.PeekKind() != '}' {
		if e := r.member(dec, input); e != nil {
			return e
		}
	}
	if e := r.close(dec); e != nil {
		return e
	}
	if r.first != nil {
		return r.first
	}
	return r.required()
}

// note keeps e unless an earlier field already failed: the model hears of the first one.
func (r *argReader) note(e *Error) {
	if r.first == nil {
		r.first = e
	}
}

// open reads the object's opening brace, or says why the text is not one object: empty, or some
// other JSON value (read to its end first, so that broken text still counts as a syntax error).
func (r *argReader) open(dec *jsontext.Decoder) *Error {
	switch dec.PeekKind() {
	case '{':
	case 0:
		_, err := dec.ReadToken()
		if errors.Is(err, io.EOF) {
			return invalidAt(stepParse, "", "arguments are empty; send "+r.t.example)
		}
		return r.d.syntaxError(err, dec, r.t)
	default:
		if err := dec.SkipValue(); err != nil {
			return r.d.syntaxError(err, dec, r.t)
		}
		if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
			return r.d.syntaxError(err, dec, r.t)
		}
		return invalidAt(stepParse, "", "arguments must be a JSON object like "+r.t.example)
	}
	if _, err := dec.ReadToken(); err != nil {
		return r.d.syntaxError(err, dec, r.t)
	}
	return nil
}

// member reads one name and its value. It returns only the errors that stop the reading (syntax,
// nesting too deep); an unknown name or a value that does not coerce is noted and reading goes on.
func (r *argReader) member(dec *jsontext.Decoder, input []byte) *Error {
	name, err := dec.ReadValue()
	if err != nil {
		return r.d.syntaxError(err, dec, r.t)
	}
	key, _ := stringContent(name)
	i, dropped := r.t.Schema.index(key), false
	if i < 0 {
		i, dropped = r.looseKey(key)
	}
	if i < 0 && !dropped {
		r.note(invalidAt(stepKeys, fieldLabel(string(key)), "unknown argument; "+r.t.Name+" takes only "+r.t.Schema.names()))
	}
	switch dec.PeekKind() {
	case '[', '{':
		if i >= 0 && r.first == nil && r.t.Schema.Fields[i].Kind >= Array {
			return r.compound(dec, input, i)
		}
		return r.nested(dec, i)
	}
	v, err := dec.ReadValue()
	if err != nil {
		return r.d.syntaxError(err, dec, r.t)
	}
	if i >= 0 && r.raws[i] != nil && r.d.rules.Loose == LooseLastDuplicate {
		r.looseRepeat(i)
	}
	if i < 0 || r.first != nil {
		return nil
	}
	end := int(dec.InputOffset())
	r.coerce(i, v, jsontext.Value(input[end-len(v):end]))
	return nil
}

// compound reads the array or object value of an Array or Nested field i within the depth limit,
// then coerces it.
func (r *argReader) compound(dec *jsontext.Decoder, input []byte, i int) *Error {
	start := int(dec.InputOffset())
	if err := skipBounded(dec, r.d.maxDepth); err != nil {
		return r.skipError(err, dec)
	}
	end := int(dec.InputOffset())
	for start < end && (input[start] == ':' || isASCIISpace(input[start])) { // between the name and its value
		start++
	}
	raw := jsontext.Value(input[start:end])
	r.coerce(i, raw, raw)
	return nil
}

// nested skips an array or object value within the depth limit; for a declared field (i >= 0) it
// notes that the field takes one value.
func (r *argReader) nested(dec *jsontext.Decoder, i int) *Error {
	if err := skipBounded(dec, r.d.maxDepth); err != nil {
		return r.skipError(err, dec)
	}
	if i >= 0 {
		f := &r.t.Schema.Fields[i]
		r.note(invalidAt(stepType, f.Name, f.Name+" must be one value like "+exampleFor(f)+", not an array or object"))
	}
	return nil
}

// skipError is the error of a value that could not be skipped: too deep, or broken.
func (r *argReader) skipError(err error, dec *jsontext.Decoder) *Error {
	if err == errTooDeep {
		return invalidAt(stepParse, "", "arguments nest more than "+strconv.Itoa(r.d.maxDepth)+" levels deep; send "+r.t.example)
	}
	return r.d.syntaxError(err, dec, r.t)
}

// coerce keeps field i's raw text (v as read, raw the same bytes in the input) and its coerced
// value, or notes why it does not coerce.
func (r *argReader) coerce(i int, v, raw jsontext.Value) {
	f := &r.t.Schema.Fields[i]
	r.raws[i] = raw
	var e *Error
	switch f.Kind {
	case Integer:
		r.vals[i].num, e = coerceInt(f, v, r.d.rules, r.tr)
	case PrefixedID:
		r.vals[i].str, e = coerceID(f, v, r.d.rules, r.tr)
	case Boolean:
		r.vals[i].yes, e = coerceBool(f, v, r.d.rules, r.tr)
	case Text:
		r.vals[i].str, e = coerceText(f, v, r.d.rules, r.tr)
	case Number:
		r.vals[i].str, e = coerceNumber(f, v, r.d.rules, r.tr)
	default:
		r.vals[i].str, e = r.compoundValue(f, v)
	}
	if e != nil && e.Got == "" {
		e.Got = gotJSON(f.Name, raw)
	}
	if e != nil {
		r.note(e)
		return
	}
	r.vals[i].set = true
}

// compoundValue coerces an Array or Nested field's value: an array or object, or the type error
// of anything else.
func (r *argReader) compoundValue(f *Field, v jsontext.Value) (string, *Error) {
	if k := v.Kind(); k == '[' || k == '{' {
		return coerceCompound(f, v, r.d.rules, r.tr)
	}
	_, e := coerceScalar(f, v, r.d.rules, r.tr)
	return "", e
}

// close reads the closing brace and checks that nothing follows the object.
func (r *argReader) close(dec *jsontext.Decoder) *Error {
	if _, err := dec.ReadToken(); err != nil {
		return r.d.syntaxError(err, dec, r.t)
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return r.d.syntaxError(err, dec, r.t)
	}
	return nil
}

// required names the first required field that is missing; with none, the keys step is ok.
func (r *argReader) required() *Error {
	for i := range r.t.Schema.Fields {
		f := &r.t.Schema.Fields[i]
		if !f.Optional && !r.vals[i].set && !r.looseMissing(i) {
			return invalidAt(stepKeys, f.Name, f.Name+" is required: send "+r.t.example)
		}
	}
	if r.tr != nil {
		r.tr.ok(stepKeys, "", "every argument is declared, every required one is present")
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
