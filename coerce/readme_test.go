package coerce_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// TestREADMECatalog: the documentation's catalog table is the catalog, line for line, so the two
// cannot drift apart when the prose changes. The table lives in docs/catalog.md, or in README.md
// while that file has not been written yet.
func TestREADMECatalog(t *testing.T) {
	path := "../docs/catalog.md"
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		path = "../README.md"
		b, err = os.ReadFile(path)
	}
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, e := range coerce.Catalog() {
		row := "| `" + string(e.Code) + "` | " + e.Retry + " | " + e.Stop + " | " + e.Hint + " | " + strconv.Itoa(e.Cap) + ", then " + string(e.OnCap) + " |"
		if !strings.Contains(doc, row+"\n") {
			t.Errorf("%s lacks the catalog line\n%s", path, row)
		}
	}
}
