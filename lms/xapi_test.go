package lms

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// validateJS checks each statement of the JSON array in argv[2] with
// @learninglocker/xapi-validation, which returns the list of what is wrong ([] when valid).
const validateJS = `
const validate = require(process.argv[1]).default;
const stmts = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
let bad = 0;
stmts.forEach((s, i) => {
  const errs = validate(s);
  if (errs.length) { bad++; console.log("statement " + i + ": " + JSON.stringify(errs)); }
});
console.log(stmts.length + " statements, " + bad + " invalid");
process.exit(bad ? 1 : 0);
`

func TestStatementsAreValidXAPI(t *testing.T) {
	rows := lessonRun(t)
	id := TableID(lesson.Classroom())
	stmts := decode(t, Statements(lesson.DefaultTool, id, rows, 95250))
	if len(stmts) != 1+len(rows) {
		t.Fatalf("%d statements, want one completed and one answered per row (%d)", len(stmts), 1+len(rows))
	}
	top := stmts[0].(map[string]any)
	res := top["result"].(map[string]any)
	score := res["score"].(map[string]any)
	if score["raw"] != 4.0 || score["max"] != 6.0 || score["min"] != 0.0 || score["scaled"] != 0.6667 || res["duration"] != "PT95.25S" {
		t.Errorf("completed: %v", res)
	}
	if _, ok := top["context"]; ok {
		t.Error("the completed statement has a parent: hosts grade only top-level ones")
	}
	for i, s := range stmts[1:] {
		m := s.(map[string]any)
		if _, ok := m["actor"]; ok {
			t.Error("a statement carries an actor: the host adds it")
		}
		def := m["object"].(map[string]any)["definition"].(map[string]any)
		r := m["result"].(map[string]any)
		if def["interactionType"] != "choice" || def["correctResponsesPattern"].([]any)[0] != string(rows[i].Got) ||
			r["success"] != rows[i].Right() || (rows[i].Predicted != "") != (r["response"] != nil) {
			t.Errorf("row %d: %v %v", i+1, def, r)
		}
		parent := m["context"].(map[string]any)["contextActivities"].(map[string]any)["parent"].([]any)[0].(map[string]any)
		if parent["id"] != ActivityID(id) {
			t.Errorf("row %d's parent is %v, want the table", i+1, parent["id"])
		}
	}
	again := decode(t, Statements(lesson.DefaultTool, TableID(lesson.Classroom()), rows, 1))
	if again[3].(map[string]any)["object"].(map[string]any)["id"] != stmts[3].(map[string]any)["object"].(map[string]any)["id"] {
		t.Error("the same table gave other object ids")
	}
	validateUnderNode(t, stmts)
}

// decode reads the statements' JSON, which must be an array.
func decode(t *testing.T, b []byte) []any {
	t.Helper()
	var v []any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("the statements are not JSON: %v\n%s", err, b)
	}
	return v
}

// validateUnderNode runs every statement, with a placeholder actor, through the xAPI validator.
func validateUnderNode(t *testing.T, stmts []any) {
	t.Helper()
	mod, err := filepath.Abs(filepath.Join("..", "node_modules", "@learninglocker", "xapi-validation"))
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if _, serr := os.Stat(mod); err != nil || serr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node and node_modules/@learninglocker/xapi-validation (npm ci) are needed: %v %v", err, serr)
		}
		t.Skip("no node or no node_modules/@learninglocker/xapi-validation (npm ci)")
	}
	for _, s := range stmts {
		s.(map[string]any)["actor"] = map[string]any{"objectType": "Agent", "name": "Placeholder", "mbox": "mailto:learner@example.edu"}
	}
	b, err := json.Marshal(stmts)
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "statements.json")
	if err := os.WriteFile(f, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, "-e", validateJS, mod, f).CombinedOutput()
	if err != nil || !strings.Contains(string(out), " 0 invalid") {
		t.Fatalf("xapi-validation: %v\n%s", err, out)
	}
	t.Log(strings.TrimSpace(string(out)))
}
