package page

import (
	"bytes"
	"errors"
	"io"

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
		if _, err := dec.ReadToken(); err != nil {
			return nil, errCatalog
		}
		var e Entry
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil || name.Kind() != '"' {
				return nil, errCatalog
			}
			key := name.String() // the token is void after the next read
			val, err := dec.ReadValue()
			if err != nil {
				return nil, errCatalog
			}
			text := string(val)
			if val.Kind() == '"' {
				tok, err := jsontext.NewDecoder(bytes.NewReader(val)).ReadToken()
				if err != nil {
					return nil, errCatalog
				}
				text = tok.String()
			}
			if key == "code" {
				e.Code = text
				continue
			}
			e.Fields = append(e.Fields, Field{key, text})
		}
		if _, err := dec.ReadToken(); err != nil || e.Code == "" {
			return nil, errCatalog
		}
		out = append(out, e)
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != ']' {
		return nil, errCatalog
	}
	if _, err := dec.ReadToken(); !errors.Is(err, io.EOF) {
		return nil, errCatalog
	}
	return out, nil
}
