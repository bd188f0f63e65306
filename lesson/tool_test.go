package lesson

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

var update = flag.Bool("update", false, "rewrite each tool's committed schema and catalog files from its Go declaration")

// The files beside each tool are what the page shows and reviewers read; the Go declaration is
// what runs. They must be the same, and the spec must embed the files named after it.
func TestCommittedFilesMatchDeclarations(t *testing.T) {
	tools := Tools()
	if len(tools) != len(specs()) {
		t.Fatalf("Tools() has %d tools, specs() %d", len(tools), len(specs()))
	}
	for i, s := range specs() {
		tool := tools[i]
		if tool.Name != s.Name {
			t.Errorf("tool %d is built as %s, its spec says %s", i, tool.Name, s.Name)
		}
		for _, c := range []struct {
			file     string
			want     []byte
			embedded string
		}{
			{s.Name + ".schema.json", tool.Schema.JSONSchema(), s.Schema},
			{s.Name + ".catalog.json", coerce.CatalogJSON(tool.Catalog()), s.Catalog},
		} {
			if *update {
				if err := os.WriteFile(c.file, c.want, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			onDisk, err := os.ReadFile(c.file)
			if err != nil {
				t.Errorf("%s: %v; create it empty and run: go test ./lesson -run TestCommittedFiles -update", c.file, err)
				continue
			}
			if !bytes.Equal(onDisk, c.want) {
				t.Errorf("%s differs from the Go declaration; run: go test ./lesson -run TestCommittedFiles -update\n got:\n%s\nwant:\n%s", c.file, onDisk, c.want)
			}
			if c.embedded != string(onDisk) {
				t.Errorf("%s's spec does not embed %s (or the build is stale)", s.Name, c.file)
			}
		}
	}
	if SchemaJSONFor("nope") != nil || CatalogJSONFor("nope") != nil {
		t.Error("an unknown tool has a schema or catalog")
	}
}

// A schema or catalog file with no spec is a tool left out of specs() (or one removed without
// its files): either way the page would not offer what the files describe.
func TestEveryToolFileHasASpec(t *testing.T) {
	for _, pattern := range []string{"*.schema.json", "*.catalog.json"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if name, _, _ := strings.Cut(f, "."); !isTool(name) {
				t.Errorf("%s has no ToolSpec in specs(): add the tool to the list, or delete the file", f)
			}
		}
	}
}

// The registry is the one list: names, permissions and the Lab all come from it.
func TestRegistryDerivesEverything(t *testing.T) {
	names := ToolNames()
	if names[0] != DefaultTool || slices.Index(names, "get_user") < 0 || slices.Index(names, "refund") < 0 {
		t.Errorf("ToolNames() = %v, want get_job first, get_user and refund among them", names)
	}
	var perms []string
	for i, s := range specs() {
		if slices.Index(names, s.Name) != i {
			t.Errorf("tool %s is listed twice, or out of specs() order: %v", s.Name, names)
		}
		if PermissionOf(s.Name) != s.Permission {
			t.Errorf("PermissionOf(%s) = %q, its spec says %q", s.Name, PermissionOf(s.Name), s.Permission)
		}
		if s.Permission != "" && !slices.Contains(perms, s.Permission) {
			perms = append(perms, s.Permission)
		}
	}
	if got := Permissions(); !slices.Equal(got, perms) || !slices.Contains(got, RefundPermission) || PermissionOf("get_job") != "" || PermissionOf("nope") != "" {
		t.Errorf("Permissions() = %v, the specs say %v", got, perms)
	}
	for _, tool := range Tools() {
		needs := PermissionOf(tool.Name) != ""
		if strings.Contains(tool.Description, "permission") != needs || slices.Contains(tool.Codes, coerce.Denied) != needs {
			t.Errorf("%s: description %q and codes %v do not follow its permission %q", tool.Name, tool.Description, tool.Codes, PermissionOf(tool.Name))
		}
	}
	// A tool built outside a Lab still counts its handler calls and still checks its permission.
	calls := 0
	d, err := coerce.NewDispatcher(coerce.Config{}, refund.tool(Env{Jobs: Jobs()}, nil, &calls), GetJob(Jobs(), &calls))
	if err != nil {
		t.Fatal(err)
	}
	if o := d.Call(context.Background(), "refund", []byte(`{"job_id":17,"amount_cents":500}`)); o.Code != coerce.Denied || !bytes.Contains(o.Observation, []byte(`"required_permission":"refunds.write"`)) {
		t.Errorf("refund without its permission: %s", o.Observation)
	}
	if o := d.Call(context.Background(), "get_job", []byte(`{"job_id":"x"}`)); o.Code != coerce.InvalidArgs || calls != 1 {
		t.Errorf("invalid arguments reached the handler: %s, %d calls", o.Observation, calls)
	}
}
