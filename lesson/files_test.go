package lesson

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"coerceplayground/coerce"
)

var update = flag.Bool("update", false, "rewrite the committed schema and catalog files from the Go declarations")

// The files beside each tool are what the page shows and reviewers read; the Go declaration is
// what runs. They must be the same.
func TestCommittedFilesMatchDeclarations(t *testing.T) {
	tools := Tools()
	if len(tools) != len(ToolNames()) {
		t.Fatalf("Tools() has %d tools, ToolNames() %d", len(tools), len(ToolNames()))
	}
	for i, tool := range tools {
		if tool.Name != ToolNames()[i] {
			t.Errorf("tool %d is %s, ToolNames says %s", i, tool.Name, ToolNames()[i])
		}
		for _, c := range []struct {
			file string
			want []byte
			got  []byte
		}{
			{tool.Name + ".schema.json", tool.Schema.JSONSchema(), SchemaJSONFor(tool.Name)},
			{tool.Name + ".catalog.json", coerce.CatalogJSON(tool.Catalog()), CatalogJSONFor(tool.Name)},
		} {
			if *update {
				if err := os.WriteFile(c.file, c.want, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if !bytes.Equal(c.got, c.want) {
				t.Errorf("%s differs from the Go declaration; run: go test ./lesson -run TestCommittedFiles -update\n got:\n%s\nwant:\n%s", c.file, c.got, c.want)
			}
		}
	}
	if SchemaJSONFor("nope") != nil {
		t.Error("an unknown tool has a schema")
	}
}
