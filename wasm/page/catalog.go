package page

import (
	"bytes"
	"errors"

	"coerceplayground/internal/jsonwalk"
	"github.com/go-json-experiment/json/jsontext"
)

// Entry is one code of the error catalog, as the page lists it.
type Entry struct {
	Code string
	// Fields are the entry's other members in catalog order, values as text.
	Fields []Field
}

// Field is one member of a catalog entry.
type Field struct {
	Key, Value string
}

// Label is how the page names a catalog member; unknown members keep their
// key, so a new catalog column shows up without a code change.
func Label(key string) string {
	switch key {
	case "retry":
		return "Who may retry"
	case "stop":
		return "When to stop"
	case "hint":
		return "The hint gives"
	case "cap":
		return "Retries allowed"
	case "on_cap":
		return "After that"
	}
	return key
}

var errCatalog = errors.New("the catalog is not a list of objects with a \"code\"")

// Catalog reads lesson.CatalogJSON: a JSON array of objects, each with a
// string "code" and scalar members.
func Catalog(raw []byte) ([]Entry, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return nil, errCatalog
	}
	var out []Entry
	for dec.PeekKind() == '{' {
		var e Entry
		err := jsonwalk.Members(dec, func(key string) error {
			text, err := scalarText(dec)
			if key == "code" {
				e.Code = text
			} else {
				e.Fields = append(e.Fields, Field{key, text})
			}
			return err
		})
		if err != nil || e.Code == "" {
			return nil, errCatalog
		}
		out = append(out, e)
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != ']' || !jsonwalk.AtEnd(dec) {
		return nil, errCatalog
	}
	return out, nil
}

// scalarText is the next value as the page shows it: a string's text, anything else as written.
func scalarText(dec *jsontext.Decoder) (string, error) {
	val, err := dec.ReadValue()
	if err != nil || val.Kind() != '"' {
		return string(val), err
	}
	tok, err := jsontext.NewDecoder(bytes.NewReader(val)).ReadToken()
	if err != nil {
		return "", err
	}
	return tok.String(), nil
}
