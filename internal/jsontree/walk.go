package jsontree

import (
	"errors"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// The walk: Members reads a JSON object member by member off a jsontext.Decoder, the one object
// loop of the streaming readers (share links, vendor-response rows, the error catalog the page
// lists, the call log): they read a few known members each and must keep encoding/json and
// reflection out of the page, so they cannot unmarshal, and a 10,000-row link is read without
// building its tree. A walk ends with a sentinel error the reader turns into its own words
// (ErrNotObject, ErrSyntax), or with the reader's own error from a member, unchanged.

var (
	// ErrNotObject is returned when the next value is not an object (or there is none).
	ErrNotObject = errors.New("not a JSON object")
	// ErrSyntax is returned when the JSON breaks inside the object, including a repeated name,
	// which jsontext rejects.
	ErrSyntax = errors.New("not valid JSON")
)

// Members reads one object from dec and calls member with each member's name, in order.
// member must read or skip that member's value (dec.ReadToken, dec.ReadValue, dec.SkipValue,
// String); an error it returns ends the walk and is returned as it is. A read error of dec
// between members is ErrSyntax.
func Members(dec *jsontext.Decoder, member func(name string) error) error {
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return ErrNotObject
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken() // fails too when PeekKind saw an error or the end
		if err != nil {
			return ErrSyntax
		}
		if err := member(name.String()); err != nil {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return ErrSyntax
	}
	return nil
}

// String reads the next value, which must be a JSON string, and returns its text; ok is false
// for any other value or a read error.
func String(dec *jsontext.Decoder) (s string, ok bool) {
	v, err := dec.ReadToken()
	if err != nil || v.Kind() != '"' {
		return "", false
	}
	return v.String(), true
}

// AtEnd reports whether dec has nothing after the value it read: no second value, no stray text.
func AtEnd(dec *jsontext.Decoder) bool {
	_, err := dec.ReadToken()
	return errors.Is(err, io.EOF)
}
