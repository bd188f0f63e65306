package coerce_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// TestCatalogDoc: the catalog table in docs/catalog.md is the catalog, line for line, so the two
// cannot drift apart when the prose changes.
func TestCatalogDoc(t *testing.T) {
	b, err := os.ReadFile("../docs/catalog.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, e := range coerce.Catalog() {
		row := "| `" + string(e.Code) + "` | " + e.Meaning + " | " + e.Retry + " | " + e.Stop + " | " + e.Hint + " | " + strconv.Itoa(e.Cap) + ", then " + string(e.OnCap) + " |"
		if !strings.Contains(doc, row+"\n") {
			t.Errorf("docs/catalog.md lacks the catalog line\n%s", row)
		}
	}
}
