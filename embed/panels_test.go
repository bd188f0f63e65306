package embed

import (
	"os"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// The panel list matches the page: every panel's heading and section are in index.html, ids are
// unique, and every panel a lesson note may open has a name to be shown by.
func TestPanelsMatchThePage(t *testing.T) {
	html, err := os.ReadFile("../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	seen := map[string]bool{}
	for _, p := range Panels {
		if seen[p.ID] {
			t.Errorf("panel %s listed twice", p.ID)
		}
		seen[p.ID] = true
		if !strings.Contains(page, `id="`+p.Heading+`"`) {
			t.Errorf("panel %s: index.html has no heading #%s", p.ID, p.Heading)
		}
		section := `id="panel-` + p.ID + `"`
		switch p.ID {
		case "results":
			section = `aria-labelledby="results-h"`
		case "notes":
			section = `id="notes"`
		}
		if !strings.Contains(page, section) {
			t.Errorf("panel %s: index.html has no %s", p.ID, section)
		}
	}
	for _, n := range lesson.Notes() {
		for _, try := range n.Tries {
			if try.Kind == "panel" && PanelName(try.Target) == "" {
				t.Errorf("note %s opens panel %q, which has no name here", n.Slug, try.Target)
			}
		}
	}
	if PanelName("nope") != "" {
		t.Error("an unknown panel has a name")
	}
}
