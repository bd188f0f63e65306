package coerce_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// TestREADMECatalog: the README's catalog table is the catalog, line for line, so the two cannot
// drift apart when the prose changes.
func TestREADMECatalog(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, e := range coerce.Catalog() {
		row := "| `" + string(e.Code) + "` | " + e.Retry + " | " + e.Stop + " | " + e.Hint + " | " + strconv.Itoa(e.Cap) + ", then " + string(e.OnCap) + " |"
		if !strings.Contains(readme, row+"\n") {
			t.Errorf("README.md lacks the catalog line\n%s", row)
		}
	}
}
