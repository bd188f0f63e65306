package lesson

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"coerceplayground/coerce"
)

var update = flag.Bool("update", false, "rewrite the committed schema and catalog files from the Go declarations")

// The files beside the tool are what the page shows and reviewers read; the Go declaration is
// what runs. They must be the same.
func TestCommittedFilesMatchDeclarations(t *testing.T) {
	tool := GetJob(Jobs(), nil)
	for _, c := range []struct {
		file string
		want []byte
		got  []byte
	}{
		{"get_job.schema.json", tool.Schema.JSONSchema(), getJobSchema},
		{"get_job.catalog.json", coerce.CatalogJSON(coerce.ToolCodes(tool)...), getJobCatalog},
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
