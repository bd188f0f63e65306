package tooldef_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/tooldef"
)

// FuzzRead: Read never panics; every tool it reads builds a dispatcher, answers a call, and
// reads back from its Text as the same schema; every refusal names a line within the text.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	more, _ := filepath.Glob("testdata/servers/*.json")
	for _, name := range append(files, more...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, `{}`)
	}
	for _, s := range []string{`{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":-3}}},"x-coerce":{"records":{"n":[-3,0]}}}`, `[]`, `{"tools":[]}`, `{"result":{"tools":[1]}}`, `{"name":"t","inputSchema":{"type":"object","properties":{"s":{"type":"string","pattern":"^[a-`} {
		f.Add([]byte(s), `{"n":"0"}`)
	}
	// Nested arguments for server-memory's tools, and inputs of 1 MB: a definition (an enum of
	// 100,000 values) and an argument text (entities) of that size.
	memory, err := os.ReadFile("testdata/servers/server-memory-2026.8.31.json")
	if err != nil {
		f.Fatal(err)
	}
	entity := `{"name":"Ada","entityType":"person","observations":["wrote notes"," 17 "]}`
	f.Add(memory, `{"entities":[`+entity+`]}`)
	f.Add(memory, `{"entities":[`+strings.Repeat(entity+",", 1<<20/len(entity))+entity+`]}`)
	f.Add(enumDef(100000), `{"x":"v99999"}`)
	f.Fuzz(func(t *testing.T, data []byte, args string) {
		l, err := tooldef.Read(data)
		if err != nil {
			return
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, e := range l.Refused {
			if e.Line < 1 || e.Line > lines || e.Msg == "" {
				t.Fatalf("refusal %v outside the text's %d lines", e, lines)
			}
		}
		for _, d := range l.Tools {
			disp, err := coerce.NewDispatcher(coerce.Config{}, d.Tool(nil))
			if err != nil {
				t.Fatalf("%s: %v", d.Text, err)
			}
			if o := disp.Call(context.Background(), d.Name, []byte(args)); o.Code == "" {
				t.Fatalf("no code for %q", args)
			}
			back, err := tooldef.Read([]byte(d.Text))
			if err != nil || len(back.Tools) != 1 || string(back.Tools[0].Schema.JSONSchema()) != string(d.Schema.JSONSchema()) {
				t.Fatalf("%s does not read back: %v %+v", d.Text, err, back.Refused)
			}
		}
	})
}

// TestWasmSafe: the reader links no encoding/json, fmt or reflect, so the page can use it.
func TestWasmSafe(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skip("go list is not available: ", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch pkg {
		case "fmt", "encoding/json", "reflect":
			t.Errorf("coerce/tooldef links %s", pkg)
		}
	}
}
