package main

import (
	"math"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/internal/fixture"
	"github.com/go-json-experiment/json/jsontext"
)

// TestLooseValidatorsMatchTheMatrix evaluates every validator on each row of
// testdata/peers.tsv, the behaviour measured by running zod, ajv and pydantic themselves.
func TestLooseValidatorsMatchTheMatrix(t *testing.T) {
	schema := coerce.Schema{Fields: []coerce.Field{coerce.IntField("job_id", math.MaxInt64, "17", "")}}
	checkLoose(t, "testdata/peers.tsv", schema)
}

// TestLooseValidatorsOnOtherKinds: text, ids and booleans, by the libraries' documented rules.
func TestLooseValidatorsOnOtherKinds(t *testing.T) {
	schema := coerce.Schema{Fields: []coerce.Field{
		{Name: "note", Kind: coerce.Text, MinLength: 1, MaxLength: 5, Example: "hi"},
		coerce.IDField("user_id", "usr_", "usr_8f3a", ""),
		{Name: "flag", Kind: coerce.Boolean, Example: "true"},
		{Name: "color", Kind: coerce.Text, Enum: []string{"red", "green"}, Optional: true, Example: "red"},
		{Name: "amount", Kind: coerce.Number, MinNumber: "0", ExclusiveMin: true, MaxNumber: "100", Optional: true, Example: "7.5"},
		{Name: "tags", Kind: coerce.Array, Items: &coerce.Field{Kind: coerce.Text, MinLength: 1, Example: "a"}, MaxItems: 2, Optional: true},
		{Name: "point", Kind: coerce.Nested, Fields: []coerce.Field{coerce.IntField("x", 100, "7", "")}, Optional: true},
	}}
	checkLoose(t, "testdata/loose.tsv", schema)
}

func checkLoose(t *testing.T, file string, s coerce.Schema) {
	schema := newLooseSchema(s)
	rows, err := fixture.Read(file, 1+len(looseValidators))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		args, err := fixture.Text(r.Cols[0])
		if err != nil {
			t.Fatal(err)
		}
		for i, lv := range looseValidators {
			want := r.Cols[1+i] == "A"
			if got := lv.accepts(schema, args); got != want {
				t.Errorf("%s:%d: %s on %s: accepts %v, want %s", file, r.Line, lv.name, args, got, r.Cols[1+i])
			}
		}
	}
}

// FuzzLoose: no validator panics on any argument text, and one lets a call through only when
// its text is one JSON object, as every parser in front of them requires.
func FuzzLoose(f *testing.F) {
	for _, file := range []string{"testdata/peers.tsv", "testdata/loose.tsv"} {
		rows, _ := fixture.Read(file, 1+len(looseValidators))
		for _, r := range rows {
			args, _ := fixture.Text(r.Cols[0])
			f.Add(args)
		}
	}
	f.Add(`{"note":"` + strings.Repeat("٤", 1<<19) + `","user_id":"usr_1","flag":"0x` + strings.Repeat("f", 1000) + `"}`)
	schema := newLooseSchema(coerce.Schema{Fields: []coerce.Field{
		{Name: "note", Kind: coerce.Text, MinLength: 1, MaxLength: 5, Example: "hi"},
		coerce.IDField("user_id", "usr_", "usr_8f3a", ""),
		{Name: "flag", Kind: coerce.Boolean, Example: "true"},
		{Name: "n", Kind: coerce.Integer, Max: 100, Optional: true, Example: "7"},
		{Name: "color", Kind: coerce.Text, Enum: []string{"red", "green"}, Optional: true, Example: "red"},
		{Name: "tags", Kind: coerce.Array, Items: &coerce.Field{Kind: coerce.Number, MaxNumber: "1e3", Example: "1"}, Optional: true},
		{Name: "point", Kind: coerce.Nested, Fields: []coerce.Field{coerce.IntField("x", 100, "7", "")}, Optional: true},
	}})
	f.Fuzz(func(t *testing.T, args string) {
		for _, lv := range looseValidators {
			if lv.accepts(schema, args) && !jsontext.Value(args).IsValid(jsontext.AllowDuplicateNames(true)) {
				t.Fatalf("%s lets %q through, which is not JSON", lv.name, args)
			}
		}
		jsStringToNumber(args)
		pyIntString(args)
		pydantic2IntString(args)
	})
}
