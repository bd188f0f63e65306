package lms

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// readGolden reads testdata/<name>, first writing got there under -update.
func readGolden(t *testing.T, name, got string) string {
	t.Helper()
	p := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%v (go test ./lms -update writes it)", err)
	}
	return string(b)
}
