package doccheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/web"
)

// TestCSPDoc: docs/page.md quotes the Content-Security-Policy the server sends, word for word.
func TestCSPDoc(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(moduleRoot(t), "docs", "page.md"))
	if err != nil {
		t.Fatal(err)
	}
	// Wrapped lines and indentation inside the code span read as single spaces.
	doc := strings.Join(strings.Fields(string(b)), " ")
	if !strings.Contains(doc, "`"+web.CSP+"`") {
		t.Errorf("docs/page.md does not quote web.CSP as a code span:\n%s", web.CSP)
	}
}
