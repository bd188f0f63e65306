package tooldef_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
	"coerceplayground/coerce/tooldef"
	"coerceplayground/internal/fixture"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// readDef reads the only tool of a definition file under testdata.
func readDef(t testing.TB, name string) tooldef.Def {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	l, err := tooldef.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	d, err := l.Pick("")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

func dispatcher(t testing.TB, tools ...coerce.Tool) *coerce.Dispatcher {
	t.Helper()
	d, err := coerce.NewDispatcher(coerce.Config{}, tools...)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// hintOf is the text of an observation's hint.
func hintOf(obs []byte) string {
	h, _ := jsontext.AppendUnquote(nil, []byte(member(obs, "hint")))
	return string(h)
}

// member returns the JSON text of an observation's member, or "" when it has none.
func member(obs []byte, name string) string {
	dec := jsontext.NewDecoder(bytes.NewReader(obs))
	out := ""
	jsontree.Members(dec, func(key string) error {
		v, err := dec.ReadValue()
		if key == name {
			out = string(v)
		}
		return err
	})
	return out
}

// TestDeclaredGetJobIsGetJob: get_job declared as data (testdata/get_job.json, records 17 and
// 42) answers every get_job row of coerce/testdata/dispatch.tsv with the code, field and got of
// the get_job declared in Go that the rows are written against (coercetest), and a hint holding
// the row's phrase.
func TestDeclaredGetJobIsGetJob(t *testing.T) {
	declared := dispatcher(t, readDef(t, "get_job.json").Tool(nil))
	goJob := dispatcher(t, coercetest.GetJob())
	rows, err := fixture.Read("../testdata/dispatch.tsv", 7)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range rows {
		if r.Cols[0] != "get_job" {
			continue
		}
		n++
		args, err := fixture.Text(r.Cols[1])
		if err != nil {
			t.Fatalf("dispatch.tsv:%d: %v", r.Line, err)
		}
		a := declared.Call(context.Background(), "get_job", []byte(args))
		b := goJob.Call(context.Background(), "get_job", []byte(args))
		if a.Code != b.Code || a.Field != b.Field || member(a.Observation, "got") != member(b.Observation, "got") {
			t.Errorf("dispatch.tsv:%d: declared %s, Go %s", r.Line, a.Observation, b.Observation)
		}
		if hint := r.Cols[4]; hint != "-" && !strings.Contains(hintOf(a.Observation), hint) {
			t.Errorf("dispatch.tsv:%d: declared hint lacks %q: %s", r.Line, hint, a.Observation)
		}
	}
	if n < 50 {
		t.Errorf("only %d get_job rows in dispatch.tsv", n)
	}
}
