package page

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

// The catalog panel shows exactly what each tool's catalog file tells the model, member for
// member, though it is drawn from the declaration and not read back from the file.
func TestCatalogMatchesTheCatalogFile(t *testing.T) {
	for _, tool := range lesson.ToolNames() {
		want, err := parseCatalogFile(lesson.CatalogJSONFor(tool))
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		got := Catalog(tool)
		if len(got) != len(want) || len(got) == 0 {
			t.Fatalf("%s: %d entries, the file has %d", tool, len(got), len(want))
		}
		for i := range want {
			if got[i].Code != want[i].Code || !slices.Equal(got[i].Fields, want[i].Fields) {
				t.Errorf("%s entry %d:\n got %+v\nwant %+v", tool, i, got[i], want[i])
			}
		}
	}
	if Catalog("no_such_tool") != nil {
		t.Error("an unknown tool has a catalog")
	}
	if memberLabel("retry") == "retry" || memberLabel("brand_new") != "brand_new" {
		t.Errorf("Label")
	}
}

var errCatalogFile = errors.New("the catalog is not a list of objects with a \"code\"")

// parseCatalogFile reads a committed catalog file: a JSON array of objects, each with a
// string "code" and scalar members.
func parseCatalogFile(raw []byte) ([]Entry, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return nil, errCatalogFile
	}
	var out []Entry
	for dec.PeekKind() == '{' {
		var e Entry
		err := jsontree.Members(dec, func(key string) error {
			text, err := scalarText(dec)
			if key == "code" {
				e.Code = coerce.Code(text)
			} else {
				e.Fields = append(e.Fields, Field{key, text})
			}
			return err
		})
		if err != nil || e.Code == "" {
			return nil, errCatalogFile
		}
		out = append(out, e)
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != ']' || !jsontree.AtEnd(dec) {
		return nil, errCatalogFile
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

// A row's select offers what the table's tool can answer: "ok" and its catalog file's codes,
// an own tool's catalog, and a code a row already holds; the pre-rendered rows offer get_job's.
func TestRowCodesFollowTheTool(t *testing.T) {
	for _, tool := range lesson.ToolNames() {
		cat, err := parseCatalogFile(lesson.CatalogJSONFor(tool))
		if err != nil {
			t.Fatal(err)
		}
		want := []coerce.Code{"ok"}
		for _, e := range cat {
			want = append(want, e.Code)
		}
		s := New(lesson.Table{Tool: tool, Rows: []lesson.Row{{Input: "17"}}})
		if got := s.RowCodes(); !slices.Equal(got, want) {
			t.Errorf("%s: the select offers %q, its catalog %q", tool, got, want)
		}
	}
	s := New(lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "rate_limited"}, {Input: "18"}}})
	if got := s.RowCodes(); !slices.Equal(got, []coerce.Code{"ok", "invalid_args", "not_found", "rate_limited", "timeout", "internal_error"}) {
		t.Errorf("a get_job row expecting rate_limited: the select offers %q", got)
	}
	if err := s.useOwnTool(readFile(t, "../../coerce/tooldef/testdata/get_order.json"), ""); err != nil {
		t.Fatal(err)
	}
	if got := s.RowCodes(); !slices.Equal(got, []coerce.Code{"ok", "invalid_args", "not_found", "denied", "rate_limited", "timeout", "internal_error"}) {
		t.Errorf("get_order (not_found, needs orders.read) with a row expecting rate_limited: %q", got)
	}
	rows := ""
	for _, r := range Prerender() {
		if r.ID == "rows" {
			rows = r.HTML
		}
	}
	for code, offered := range map[string]bool{"ok": true, "not_found": true, "internal_error": true, "denied": false, "rate_limited": false} {
		if got := strings.Count(rows, `<option value="`+code+`">`); (got == 6) != offered || got%6 != 0 {
			t.Errorf("the pre-rendered rows offer %s %d times, want it offered = %v in each of 6", code, got, offered)
		}
	}
}
