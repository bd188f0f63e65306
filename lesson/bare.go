package lesson

import (
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// How a raw input (a table row's, or what a learner types into "Try your own") becomes the
// tool's argument text. The box invites bare values ("type a value for the first argument"), so
// a bare value is read as the value of the tool's first field, whether or not it is JSON:
//
//   - an object, {…}, is the whole argument text, sent as typed;
//   - a JSON value (17, -1, 17.0, "0017", [17], null; True, False and None as Python writes
//     them) becomes {"<field>": value};
//   - bare text that is not JSON (0017, four thousand, +17, abc) becomes {"<field>": "<text>"},
//     the string a model that quoted it would send, so it gets the hint coerce gives that string
//     (leading zeros, words, signs) instead of "not valid JSON" about a syntax nobody wrote;
//   - anything else that is not JSON, text that starts to write JSON ('17', "17, {"job_id": 17)
//     or holds a quote, bracket or brace, is sent as typed, so the parser reports it.
//
// The text is trimmed of surrounding white space first: the box's spaces are not the value's.

// Form is which of those readings an input got.
type Form int

const (
	// AsTyped: the input is sent as typed (an argument object, or broken JSON).
	AsTyped Form = iota
	// AsValue: a bare JSON value, sent as the value of the tool's first field.
	AsValue
	// AsText: bare text that is not JSON, sent as the first field's string value.
	AsText
)

// ReadInput is the argument text a row's raw input sends to a tool whose first field is field
// ("" for a tool without fields: everything is sent as typed), and how the input was read.
func ReadInput(input, field string) ([]byte, Form) {
	s := strings.TrimSpace(input)
	switch s {
	case "True":
		s = "true"
	case "False":
		s = "false"
	case "None":
		s = "null"
	}
	if field == "" || s == "" || s[0] == '{' || len(s) > MaxInputBytes*16 {
		return []byte(input), AsTyped
	}
	b := make([]byte, 0, len(field)+len(s)+8)
	b = append(b, '{')
	b, _ = jsontext.AppendQuote(b, field)
	b = append(b, ':')
	switch {
	case jsontext.Value(s).IsValid():
		b = append(b, s...)
		return append(b, '}'), AsValue
	case isBareText(s):
		b, _ = jsontext.AppendQuote(b, s)
		return append(b, '}'), AsText
	}
	return []byte(input), AsTyped
}

// Arguments is the argument text of ReadInput.
func Arguments(input, field string) []byte {
	b, _ := ReadInput(input, field)
	return b
}

// isBareText reports whether s, trimmed and not JSON, is a value typed without quotes: valid
// UTF-8 without the characters that write JSON's strings and structure.
func isBareText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsAny(s, "{}[]\"'")
}
