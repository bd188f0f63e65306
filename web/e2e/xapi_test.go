package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"coerceplayground/lesson"
	"coerceplayground/lms"
)

// A learner's run in an embed is told to the host with xAPI statements: one top-level
// completed for the table and one answered per row, the ids from the table's hash, each valid
// xAPI once the host adds an actor.
func TestEmbedRanCarriesStatements(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(cs.a + "/?frag=origins=" + cs.a))
	waitMessage(tb, `d => d.type === "coerce-playground:height"`)
	f := frame(tb)
	f.do(chromedp.SetValue(chromedp.ID("row-0-want"), "ok"))
	f.do(chromedp.Click(chromedp.CSS("#run")))
	m := waitMessage(tb, `d => d.type === "coerce-playground:ran"`)
	stmts, _ := m.Data["statements"].([]any)
	rows := len(lessonRows())
	if len(stmts) != 1+rows {
		t.Fatalf("%d statements, want 1 completed and %d answered: %v", len(stmts), rows, m.Data)
	}
	id := lms.ActivityID(lms.TableID(lesson.Opening()))
	top := stmts[0].(map[string]any)
	score := top["result"].(map[string]any)["score"].(map[string]any)
	if top["verb"].(map[string]any)["id"] != "http://adlnet.gov/expapi/verbs/completed" || top["object"].(map[string]any)["id"] != id ||
		score["raw"] != 1.0 || score["max"] != float64(rows) {
		t.Errorf("the completed statement: %v", top)
	}
	for i, s := range stmts[1:] {
		if got := s.(map[string]any)["object"].(map[string]any)["id"]; got != lms.RowID(lms.SCORM2004, lms.TableID(lesson.Opening()), i) {
			t.Errorf("row %d's id %v", i+1, got)
		}
	}
	validateXAPI(t, stmts)
}

// validateXAPI checks each statement, with a placeholder actor, with
// @learninglocker/xapi-validation under Node.
func validateXAPI(t *testing.T, stmts []any) {
	t.Helper()
	mod := filepath.Join(moduleRoot, "node_modules", "@learninglocker", "xapi-validation")
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(mod); err != nil || serr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node and node_modules/@learninglocker/xapi-validation (npm ci) are needed: %v %v", err, serr)
		}
		t.Skip("no node or no xapi-validation in node_modules (npm ci)")
	}
	for _, s := range stmts {
		s.(map[string]any)["actor"] = map[string]any{"objectType": "Agent", "mbox": "mailto:learner@example.edu"}
	}
	b, err := json.Marshal(stmts)
	if err != nil {
		t.Fatal(err)
	}
	script := `const v = require(process.argv[1]).default; let bad = 0;
JSON.parse(require("fs").readFileSync(0, "utf8")).forEach((s, i) => { const e = v(s); if (e.length) { bad++; console.log(i, JSON.stringify(e)); } });
console.log(bad + " invalid"); process.exit(bad ? 1 : 0);`
	cmd := exec.Command(node, "-e", script, mod)
	cmd.Stdin = strings.NewReader(string(b))
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(strings.TrimSpace(string(out)), "0 invalid") {
		t.Fatalf("xapi-validation: %v\n%s", err, out)
	}
}
