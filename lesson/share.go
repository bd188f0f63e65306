package lesson

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"

	"coerceplayground/internal/jsonwalk"
	"github.com/go-json-experiment/json/jsontext"
)

// MaxShareBytes bounds a share fragment before decoding: 2 MiB, the longest URL Chromium keeps.
// A MaxRows table of short inputs with notes is about 600 KiB; the page decodes it in milliseconds.
const MaxShareBytes = 2 << 20

// EncodeShare returns the #table= payload: base64url without padding of
// {"rows":[{"input":"…","want":"…"}]}, with "note" on rows that have one, and "tool", "mode" and
// "preamble" (the comment lines above the first row, each starting with "#") before "rows" when
// the table has them. This is a stable contract: course links depend on it; readers ignore keys
// they do not know, so a link with a preamble still opens in an older page.
func EncodeShare(t Table) string {
	return base64.RawURLEncoding.EncodeToString(ShareJSON(t))
}

// ShareJSON is the JSON inside a share payload.
func ShareJSON(t Table) []byte {
	b := []byte{'{'}
	if t.Tool != "" {
		b = append(b, `"tool":`...)
		b, _ = jsontext.AppendQuote(b, t.Tool)
		b = append(b, ',')
	}
	if t.Mode != "" {
		b = append(b, `"mode":`...)
		b, _ = jsontext.AppendQuote(b, t.Mode)
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
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// ErrShare is returned (wrapped in a message) for any payload that is not a table.
var ErrShare = errors.New("the link's table could not be read")

// DecodeShare reads a #table= payload. Padding is tolerated (some tools add it); unknown keys are
// ignored so later versions can add fields; anything malformed is an error, never a partial table.
func DecodeShare(payload string) (Table, error) {
	if len(payload) > MaxShareBytes {
		return Table{}, shareError("it is too long")
	}
	for len(payload) > 0 && payload[len(payload)-1] == '=' {
		payload = payload[:len(payload)-1]
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Table{}, shareError("it is not base64url")
	}
	t, msg := decodeShareJSON(raw)
	if msg != "" {
		return Table{}, shareError(msg)
	}
	if err := t.Check(); err != nil {
		var pe *ParseError
		if errors.As(err, &pe) && pe.Line > 0 {
			return Table{}, shareError("row " + itoa(pe.Line) + ": " + pe.Msg)
		}
		if pe != nil {
			return Table{}, shareError(pe.Msg)
		}
		return Table{}, shareError("a row is invalid")
	}
	return t, nil
}

type shareErr struct{ msg string }

func (e shareErr) Error() string { return ErrShare.Error() + ": " + e.msg }
func (e shareErr) Unwrap() error { return ErrShare }

func shareError(msg string) error { return shareErr{msg} }

// shareMsg is a reader's own message, carried out of a jsonwalk.Members callback.
type shareMsg string

func (m shareMsg) Error() string { return string(m) }

// decodeShareJSON reads {"tool", "mode", "rows"}; it returns what is wrong in words, or "".
func decodeShareJSON(raw []byte) (Table, string) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	var t Table
	sawRows := false
	err := jsonwalk.Members(dec, func(key string) error {
		switch key {
		case "tool", "mode":
			v, ok := jsonwalk.String(dec)
			if !ok {
				return shareMsg(`"` + key + `" is not a string`)
			}
			switch {
			case key == "mode":
				t.Mode = v
			case v != DefaultTool: // get_job is stored as "", as ParseTable does
				t.Tool = v
			}
			return nil
		case "rows":
			sawRows = true
			return decodeShareRows(dec, &t)
		case "preamble":
			return decodeSharePreamble(dec, &t)
		}
		return dec.SkipValue()
	})
	var msg shareMsg
	switch {
	case errors.As(err, &msg):
		return t, string(msg)
	case errors.Is(err, jsonwalk.ErrNotObject):
		return t, "it is not a JSON object"
	case err != nil:
		return t, "it is not valid JSON"
	case !jsonwalk.AtEnd(dec):
		return t, "it has text after the table"
	case !sawRows:
		return t, `it has no "rows"`
	}
	return t, ""
}

// MaxPreamble bounds the comment lines a table keeps above its first row.
const MaxPreamble = 100

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
		v, ok := jsonwalk.String(dec)
		if !ok {
			return shareMsg(`"preamble" holds something that is not a string`)
		}
		if !strings.HasPrefix(v, "#") || strings.ContainsAny(v, "\r\n") {
			return shareMsg(`a "preamble" line is not one comment line starting with "#"`)
		}
		t.Preamble = append(t.Preamble, v)
	}
	_, err := dec.ReadToken()
	return err
}

// decodeShareRows reads the "rows" list into t.
func decodeShareRows(dec *jsontext.Decoder, t *Table) error {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return shareMsg(`"rows" is not a list`)
	}
	for dec.PeekKind() != ']' {
		if len(t.Rows) == MaxRows {
			return shareMsg("it has more than " + itoa(MaxRows) + " rows")
		}
		row, msg := decodeShareRow(dec)
		if msg != "" {
			return shareMsg("row " + itoa(len(t.Rows)+1) + ": " + msg)
		}
		t.Rows = append(t.Rows, row)
	}
	_, err := dec.ReadToken()
	return err
}

func decodeShareRow(dec *jsontext.Decoder) (Row, string) {
	var r Row
	sawInput := false
	err := jsonwalk.Members(dec, func(key string) error {
		var field *string
		switch key {
		case "input":
			field, sawInput = &r.Input, true
		case "want":
			field = &r.Want
		case "note":
			field = &r.Note
		default:
			return dec.SkipValue()
		}
		v, ok := jsonwalk.String(dec)
		if !ok {
			return shareMsg(`"` + key + `" is not a string`)
		}
		*field = v
		return nil
	})
	var msg shareMsg
	switch {
	case errors.As(err, &msg):
		return r, string(msg)
	case errors.Is(err, jsonwalk.ErrNotObject):
		return r, "not an object"
	case err != nil:
		return r, "not valid JSON"
	case !sawInput:
		return r, `no "input"`
	}
	return r, ""
}

// EncodeShareRaw encodes arbitrary JSON as a share payload; tests and tools that build links by
// hand use it.
func EncodeShareRaw(json []byte) string { return base64.RawURLEncoding.EncodeToString(json) }
