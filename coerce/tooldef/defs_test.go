package tooldef_test

import (
	"context"
	"strings"
	"testing"

	"coerceplayground/coerce/tooldef"
	"coerceplayground/internal/fixture"
)

// expandDef applies the shorthands testdata/defs.tsv documents.
func expandDef(s string) string {
	if p, ok := strings.CutPrefix(s, "props:"); ok {
		return `{"name":"t","inputSchema":{"type":"object","properties":` + p + `}}`
	}
	if rest, ok := strings.CutPrefix(s, "req:"); ok {
		name, p, _ := strings.Cut(rest, ":")
		return `{"name":"t","inputSchema":{"type":"object","properties":` + p + `,"required":["` + name + `"]}}`
	}
	return s
}

// TestDefinitions reads testdata/defs.tsv: each supported keyword is honoured by a call, each
// refused one refuses the definition with its pointer and a message that names it.
func TestDefinitions(t *testing.T) {
	rows, err := fixture.Read("testdata/defs.tsv", 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		def, args, code, field, phrase := expandDef(r.Cols[0]), r.Cols[1], r.Cols[2], r.Cols[3], r.Cols[4]
		l, err := tooldef.Read([]byte(def))
		if err != nil {
			t.Errorf("defs.tsv:%d: %v", r.Line, err)
			continue
		}
		d, err := l.Pick("")
		if code == "refused" {
			e, ok := err.(*tooldef.Error)
			switch {
			case !ok:
				t.Errorf("defs.tsv:%d: read, want refused at %s", r.Line, field)
			case e.Pointer != strings.TrimPrefix(field, "-") || !strings.Contains(e.Msg, phrase) || e.Line != 1:
				t.Errorf("defs.tsv:%d: refused with %v; want %s, %q", r.Line, e, field, phrase)
			}
			continue
		}
		if err != nil {
			t.Errorf("defs.tsv:%d: %v", r.Line, err)
			continue
		}
		o := dispatcher(t, d.Tool(nil)).Call(context.Background(), "t", []byte(args))
		said := hintOf(o.Observation)
		if code == "ok" {
			said = string(o.Observation) // the coerced arguments
		}
		if string(o.Code) != code || o.Field != strings.TrimPrefix(field, "-") || phrase != "-" && !strings.Contains(said, phrase) {
			t.Errorf("defs.tsv:%d: %s gave %s; want %s %s %q", r.Line, args, o.Observation, code, field, phrase)
		}
	}
}

func contains(s, phrase string) bool { return strings.Contains(s, phrase) }
