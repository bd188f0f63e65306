package doccheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/embed"
)

// TestPanelsDoc: the panel table in docs/page.md names embed.Panels, one row each, in page order,
// so a panel added to the registry is documented and a removed one is not.
func TestPanelsDoc(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(moduleRoot(t), "docs", "page.md"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "| panel |"):
			in = true
		case in && strings.HasPrefix(l, "| `"):
			name, _, _ := strings.Cut(strings.TrimPrefix(l, "| `"), "`")
			got = append(got, name)
		case in && !strings.HasPrefix(l, "|"):
			in = false
		}
	}
	var want []string
	for _, p := range embed.Panels {
		want = append(want, p.ID)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("docs/page.md's panel table lists\n%v\npage.Panels is\n%v", got, want)
	}
}
