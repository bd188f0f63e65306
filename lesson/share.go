package lesson

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// EncodeShare returns the #table= payload: base64url without padding of
// {"rows":[{"input":"…","want":"…"}]}, with "note" on rows that have one, and "tool", "tooldef"
// (the table's own tool, a tool definition object), "mode", "mutants" (a hunt's mutants in play,
// Table.Mutants), "question" (the instructor's own
// question, Table.Question) and "preamble" (the comment lines above the first row, each
// starting with "#") before "rows" when the table has them. This is a stable contract: course links depend on it; readers ignore keys
// they do not know, so a link with a preamble still opens in an older page.
func EncodeShare(t Table) string {
	return base64.RawURLEncoding.EncodeToString(ShareJSON(t))
}

// ShareJSON is the JSON inside a share payload.
func ShareJSON(t Table) []byte {
	return append(appendTableMembers([]byte{'{'}, t), '}')
}

// appendTableMembers appends the members of t's share JSON, without the closing brace, so that
// the saved copy (EncodeSaved) can add its own after them.
func appendTableMembers(b []byte, t Table) []byte {
	if t.Tool != "" {
		b = append(b, `"tool":`...)
		b, _ = jsontext.AppendQuote(b, t.Tool)
		b = append(b, ',')
	}
	if t.ToolDef != "" {
		b = append(b, `"tooldef":`...)
		b = append(b, t.ToolDef...)
		b = append(b, ',')
	}
	if t.Mode != "" {
		b = append(b, `"mode":`...)
		b, _ = jsontext.AppendQuote(b, t.Mode)
		b = append(b, ',')
	}
	if len(t.Mutants) > 0 {
		b = appendMutants(b, t.Mutants)
	}
	if t.Question != "" {
		b = append(b, `"question":`...)
		b, _ = jsontext.AppendQuote(b, t.Question)
		b = append(b, ',')
	}
	if len(t.Preamble) > 0 {
		b = append(b, `"preamble":[`...)
		for i, p := range t.Preamble {
			if i > 0 {
				b = append(b, ',')
			}
			b, _ = jsontext.AppendQuote(b, p)
		}
		b = append(b, "],"...)
	}
	b = append(b, `"rows":[`...)
	for i, r := range t.Rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRow(b, r)
	}
	return append(b, ']')
}

// appendRow appends one row's object.
func appendRow(b []byte, r Row) []byte {
	b = append(b, `{"input":`...)
	b, _ = jsontext.AppendQuote(b, r.Input)
	if r.Want != "" { // a row still to be predicted carries no want at all
		b = append(b, `,"want":`...)
		b, _ = jsontext.AppendQuote(b, r.Want)
	}
	if r.Note != "" {
		b = append(b, `,"note":`...)
		b, _ = jsontext.AppendQuote(b, r.Note)
	}
	return append(b, '}')
}

// ErrShare is returned (wrapped in a message) for any payload that is not a table.
var ErrShare = errors.New("the link's table could not be read")

// DecodeShare reads a #table= payload. Padding is tolerated (some tools add it); unknown keys are
// ignored so later versions can add fields; anything malformed is an error, never a partial table.
// A payload that is a sound table but holds rows that cannot be read (a row that is not an
// object, an input over MaxInputBytes, an unknown code, …) is an *UnreadableRows error, which
// names those rows and holds the rest for a reader who chooses to open them.
func DecodeShare(payload string) (Table, error) {
	raw, err := unbase64(payload)
	if err != nil {
		return Table{}, err
	}
	return decodeTable(raw, nil)
}

// unbase64 is the JSON inside a payload: base64url, padded or not, within MaxShareBytes.
func unbase64(payload string) ([]byte, error) {
	if len(payload) > MaxShareBytes {
		return nil, shareError("it is " + Bytes(len(payload)) + ", over the limit of " + Bytes(MaxShareBytes))
	}
	for len(payload) > 0 && payload[len(payload)-1] == '=' {
		payload = payload[:len(payload)-1]
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, shareError("it is not base64url")
	}
	return raw, nil
}

// decodeTable reads the table in a payload's JSON and checks it as DecodeShare says; other
// members, when not nil, reads the members that are not the table's (the saved copy's).
func decodeTable(raw []byte, other func(key string, dec *jsontext.Decoder) error) (Table, error) {
	t, bad, msg := decodeShareJSON(raw, other)
	if msg != "" {
		return Table{}, shareError(msg)
	}
	problem := t.setupProblem
	if t.ToolDef != "" { // read, and its name checked, as the link was (decodeShareToolDef): once
		problem = t.settingsProblem
	}
	if msg := problem(); msg != "" {
		return Table{}, shareError(msg)
	}
	if msg := SizeProblem(t); msg != "" {
		return Table{}, shareError(msg)
	}
	if len(bad) > 0 {
		return Table{}, &UnreadableRows{Readable: t, Bad: bad}
	}
	return t, nil
}

// BadRow is a row of a link that cannot be read: its number in the link (from 1) and why.
type BadRow struct {
	Row int
	Msg string
}

// UnreadableRows is DecodeShare's error for a link whose table is sound but holds rows that
// cannot be read. It wraps ErrShare: a caller that does nothing special refuses the whole link.
// Readable is the table without those rows (it passes Check; it may have no rows), for a page
// that offers the reader the choice to open it.
type UnreadableRows struct {
	Readable Table
	Bad      []BadRow // in the link's order
}

func (e *UnreadableRows) Error() string { return ErrShare.Error() + ": " + e.Reason() }
func (e *UnreadableRows) Unwrap() error { return ErrShare }

// Reason names the first unreadable row and says how many others there are: "row 3: the input
// is empty (and 2 more rows)".
func (e *UnreadableRows) Reason() string {
	s := "row " + itoa(e.Bad[0].Row) + ": " + e.Bad[0].Msg
	switch n := len(e.Bad) - 1; {
	case n == 1:
		s += " (and 1 more row)"
	case n > 1:
		s += " (and " + itoa(n) + " more rows)"
	}
	return s
}

type shareErr struct{ msg string }

func (e shareErr) Error() string { return ErrShare.Error() + ": " + e.msg }
func (e shareErr) Unwrap() error { return ErrShare }

// shareError is the error of a payload that is not a table, msg said within MaxMessageBytes.
func shareError(msg string) error { return shareErr{message(msg)} }

// shareMsg is a reader's own message, carried out of a jsontree.Members callback.
type shareMsg string

func (m shareMsg) Error() string { return string(m) }

// decodeShareJSON reads {"tool", "tooldef", "mode", "mutants", "question", "preamble", "rows"}. A row that is JSON but not a row
// (not an object, no "input", a member that is not a string) or that checkRow refuses is left
// out and named in bad, in the link's order; what makes the whole payload unreadable is said in
// words in msg. Members of no table are skipped, or read by other when it is not nil.
func decodeShareJSON(raw []byte, other func(key string, dec *jsontext.Decoder) error) (t Table, bad []BadRow, msg string) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	sawRows, defName := false, ""
	err := jsontree.Members(dec, func(key string) error {
		switch key {
		case "tool", "mode", "question":
			v, ok := jsontree.String(dec)
			if !ok {
				return shareMsg(`"` + key + `" is not a string`)
			}
			switch {
			case key == "mode":
				t.Mode = v
			case key == "question": // the text format trims its line; so does a link
				t.Question = strings.TrimSpace(v)
			case v != DefaultTool: // get_job is stored as "", as ParseTable does
				t.Tool = v
			}
			return nil
		case "rows":
			sawRows = true
			return decodeShareRows(dec, &t, &bad)
		case "preamble":
			return decodeSharePreamble(dec, &t)
		case "tooldef":
			return decodeShareToolDef(dec, &t, &defName)
		case "mutants":
			return decodeShareMutants(dec, &t)
		}
		if other != nil {
			return other(key, dec)
		}
		return dec.SkipValue()
	})
	var m shareMsg
	switch {
	case errors.As(err, &m):
		return t, bad, string(m)
	case errors.Is(err, jsontree.ErrNotObject):
		return t, bad, "it is not a JSON object"
	case err != nil:
		return t, bad, "it is not valid JSON"
	case !jsontree.AtEnd(dec):
		return t, bad, "it has text after the table"
	case !sawRows:
		return t, bad, `it has no "rows"`
	case t.ToolDef != "" && t.Tool != "" && t.Tool != defName:
		return t, bad, `its "tool" is ` + Quote(t.Tool) + ", but its tool definition declares " + Quote(defName)
	case t.ToolDef != "":
		t.Tool = defName
	}
	return t, bad, ""
}

// decodeShareToolDef reads the "tooldef" member: the table's own tool, a tool object. A
// definition that cannot be read refuses the whole link, saying why.
func decodeShareToolDef(dec *jsontext.Decoder, t *Table, name *string) error {
	if dec.PeekKind() != '{' {
		return shareMsg(`"tooldef" is not a tool definition object`)
	}
	v, err := dec.ReadValue()
	if err != nil {
		return jsontree.ErrSyntax
	}
	d, err := ReadToolDef(string(v))
	if err != nil {
		return shareMsg("its tool definition cannot be read: " + err.Error())
	}
	t.ToolDef, *name = d.Text, d.Name
	return nil
}

// decodeSharePreamble reads the "preamble" list: comment lines, each one line starting with "#",
// as ParseTable keeps them.
func decodeSharePreamble(dec *jsontext.Decoder, t *Table) error {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return shareMsg(`"preamble" is not a list`)
	}
	for dec.PeekKind() != ']' {
		if len(t.Preamble) == MaxPreamble {
			return shareMsg("its preamble has more than " + itoa(MaxPreamble) + " lines")
		}
		v, ok := jsontree.String(dec)
		if !ok {
			return shareMsg(`"preamble" holds something that is not a string`)
		}
		if !strings.HasPrefix(v, "#") || strings.ContainsAny(v, "\r\n") {
			return shareMsg(`a "preamble" line is not one comment line starting with "#"`)
		}
		if msg := preambleProblem(v); msg != "" {
			return shareMsg(msg)
		}
		t.Preamble = append(t.Preamble, v)
	}
	_, err := dec.ReadToken()
	return err
}

// decodeShareRows reads the "rows" list into t. A row that is valid JSON but not a row is
// skipped to its end and named in bad with its number in the link (from 1), as is a row that
// checkRow refuses; broken JSON ends the read.
func decodeShareRows(dec *jsontext.Decoder, t *Table, bad *[]BadRow) error {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return shareMsg(`"rows" is not a list`)
	}
	for n := 1; dec.PeekKind() != ']'; n++ {
		if dec.PeekKind() == 0 { // broken JSON or the end of the text
			return jsontree.ErrSyntax
		}
		if n > MaxRows {
			return shareMsg("it has more than " + itoa(MaxRows) + " rows")
		}
		depth := dec.StackDepth()
		row, err := decodeShareRow(dec)
		var msg shareMsg
		switch {
		case err == nil:
			if m := checkRow(row); m != "" {
				*bad = append(*bad, BadRow{n, message(m)})
			} else {
				t.Rows = append(t.Rows, row)
			}
			continue
		case !errors.As(err, &msg):
			return err
		}
		for dec.StackDepth() > depth { // the rest of the row
			if _, err := dec.ReadToken(); err != nil {
				return jsontree.ErrSyntax
			}
		}
		*bad = append(*bad, BadRow{n, string(msg)})
	}
	_, err := dec.ReadToken()
	return err
}

// decodeShareRow reads one row. A row that is JSON but not a row is a shareMsg saying why;
// broken JSON is jsontree.ErrSyntax.
func decodeShareRow(dec *jsontext.Decoder) (Row, error) {
	var r Row
	var want string
	sawInput := false
	err := jsontree.Members(dec, func(key string) error {
		var field *string
		switch key {
		case "input":
			field, sawInput = &r.Input, true
		case "want":
			field = &want
		case "note":
			field = &r.Note
		default:
			return dec.SkipValue()
		}
		v, ok := jsontree.String(dec)
		if !ok {
			return shareMsg(`"` + key + `" is not a string`)
		}
		*field = v
		return nil
	})
	r.Want = coerce.Code(want)
	var msg shareMsg
	switch {
	case errors.As(err, &msg):
		return r, msg
	case errors.Is(err, jsontree.ErrNotObject):
		return r, shareMsg("it is not an object")
	case err != nil:
		return r, jsontree.ErrSyntax
	case !sawInput:
		return r, shareMsg(`it has no "input"`)
	}
	return r, nil
}

// EncodeShareRaw encodes arbitrary JSON as a share payload; tests and tools that build links by
// hand use it.
func EncodeShareRaw(json []byte) string { return base64.RawURLEncoding.EncodeToString(json) }
