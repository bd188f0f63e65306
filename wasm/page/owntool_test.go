package page

import (
	"os"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestUseOwnTool: a pasted definition becomes the table's tool: the picker lists it, Run and the
// learner box run it, the schema and catalog are drawn from it, its permission is a switch, and
// a link carries it; a lesson tool picked afterwards takes it away.
func TestUseOwnTool(t *testing.T) {
	s := New(lesson.Table{Rows: []lesson.Row{{Input: `"ord_3f9a2b1c"`, Want: "ok"}, {Input: `"ord_00000000"`, Want: "not_found"}}})
	if err := s.useOwnTool(readFile(t, "../../coerce/tooldef/testdata/get_order.json"), ""); err != nil {
		t.Fatal(err)
	}
	if s.Tool() != "get_order" || s.OwnTool() != "get_order" || s.OwnPermission() != "orders.read" {
		t.Fatalf("tool %q own %q perm %q", s.Tool(), s.OwnTool(), s.OwnPermission())
	}
	if c := s.ToolChoices(); c[len(c)-1] != "get_order" || len(c) != len(lesson.ToolNames())+1 {
		t.Errorf("choices %v", c)
	}
	if !strings.Contains(string(s.SchemaJSON()), `"pattern": "^ord_[0-9a-f]{8}$"`) {
		t.Errorf("schema %s", s.SchemaJSON())
	}
	cat := ""
	for _, n := range s.CatalogNodes() {
		cat += n.HTML()
	}
	if !strings.Contains(cat, "denied") || !strings.Contains(cat, "not_found") {
		t.Errorf("catalog lacks denied or not_found: %s", cat)
	}
	run := func() string {
		if err := s.Run(); err != nil {
			t.Fatal(err)
		}
		var codes []string
		for _, r := range s.Results() {
			codes = append(codes, string(r.Code))
		}
		return strings.Join(codes, " ")
	}
	if got := run(); got != "denied denied" {
		t.Errorf("without the permission: %s", got)
	}
	s.SetOwnGranted(true)
	if got := run(); got != "ok not_found" {
		t.Errorf("with the permission: %s", got)
	}
	if r, _ := s.runOne(`{"order_id":" ord_77aa01de "}`); r.Code != "ok" || r.Tool != "get_order" {
		t.Errorf("learner box: %+v", r)
	}
	back, err := lesson.DecodeShare(lesson.EncodeShare(s.Table()))
	if err != nil || back.ToolDef != s.Table().ToolDef {
		t.Errorf("link: %v", err)
	}
	if !s.SetTool("get_job") || s.OwnTool() != "" || s.Table().ToolDef != "" || s.Tool() != "get_job" {
		t.Errorf("back to get_job: own %q tool %q", s.OwnTool(), s.Tool())
	}
}

// TestUseOwnToolErrors: a definition that cannot be used names the line and the keyword, and
// the table keeps its tool; a whole tools/list result offers its tools and picks one.
func TestUseOwnToolErrors(t *testing.T) {
	s := New(lesson.Classroom())
	fetch := readFile(t, "../../coerce/tooldef/testdata/servers/fetch.json")
	err := s.useOwnTool(fetch, "")
	if err == nil || !strings.Contains(err.Error(), "line 11, at /tools/0/inputSchema/properties/url/format: format is not supported") {
		t.Errorf("fetch: %v", err)
	}
	if s.Tool() != "get_job" || s.OwnTool() != "" {
		t.Errorf("the table changed tool: %q", s.Tool())
	}
	if msg := ownToolError(err); !strings.HasPrefix(msg, "Not used: line 11") || !strings.HasSuffix(msg, "The table keeps its tool.") {
		t.Errorf("message %q", msg)
	}
	everything := readFile(t, "../../coerce/tooldef/testdata/servers/server-everything-2026.8.31.json")
	names, refused, err := ownTools(everything)
	if err != nil || len(names) != 12 || names[0] != "echo" || len(refused) != 1 || !strings.HasPrefix(refused[0], "gzip-file-as-resource: line 270") {
		t.Errorf("OwnTools: %v %q %q", err, names, refused)
	}
	if err := s.useOwnTool(everything, ""); err == nil || !strings.Contains(err.Error(), "pick one of") {
		t.Errorf("a list without a pick: %v", err)
	}
	if err := s.useOwnTool(everything, "get-sum"); err != nil || s.Tool() != "get-sum" {
		t.Errorf("pick get-sum: %v, tool %q", err, s.Tool())
	}
	if _, _, err := ownTools("{"); err == nil || !strings.HasPrefix(err.Error(), "line 1:") {
		t.Errorf("broken text: %v", err)
	}
}

// TestSetTableToolDef: an embed's setTable takes tooldef, the definition's JSON text, and tool
// picks one tool of a tools/list result; a definition that cannot be read is bad_tooldef.
func TestSetTableToolDef(t *testing.T) {
	s := New(lesson.Classroom())
	order := readFile(t, "../../coerce/tooldef/testdata/get_order.json")
	rows := []any{map[string]any{"input": `"ord_3f9a2b1c"`}}
	req := embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "tooldef": order, "rows": rows}})
	if rep := s.Answer(req); rep.Type != embed.ReplyTable || s.Tool() != "get_order" || s.OwnTool() != "get_order" {
		t.Errorf("setTable with tooldef: %+v, tool %q", rep, s.Tool())
	}
	fs := readFile(t, "../../coerce/tooldef/testdata/servers/filesystem.json")
	req = embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "tooldef": fs, "tool": "list_directory", "rows": []any{map[string]any{"input": `{"path":"/"}`}}}})
	if rep := s.Answer(req); rep.Type != embed.ReplyTable || s.Tool() != "list_directory" {
		t.Errorf("setTable picking from a list: %+v, tool %q", rep, s.Tool())
	}
	if err := s.Run(); err != nil || s.Results()[0].Code != "ok" {
		t.Errorf("run: %v %+v", err, s.Results())
	}
	req = embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "tooldef": readFile(t, "../../coerce/tooldef/testdata/servers/fetch.json"), "rows": rows}})
	if rep := s.Answer(req); rep.Code != "bad_tooldef" || !strings.Contains(rep.Message, "line 11, at /tools/0/inputSchema/properties/url/format") || s.Tool() != "list_directory" {
		t.Errorf("a definition that cannot be read: %+v, tool %q", rep, s.Tool())
	}
	req = embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "tooldef": map[string]any{"name": "x"}, "rows": rows}})
	if rep := s.Answer(req); rep.Code != "bad_rows" || !strings.Contains(rep.Message, "JSON.stringify") {
		t.Errorf("tooldef as an object: %+v", rep)
	}
	req = embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "tool": "get_user", "rows": rows}})
	if rep := s.Answer(req); rep.Type != embed.ReplyTable || s.Tool() != "get_user" || s.OwnTool() != "" {
		t.Errorf("back to a lesson tool: %+v, tool %q", rep, s.Tool())
	}
}

// TestOwnToolBox: the box's Use button on one tool, on a list (asks for a pick, names what it
// left out), and on a definition it cannot use.
func TestOwnToolBox(t *testing.T) {
	s := New(lesson.Classroom())
	everything := readFile(t, "../../coerce/tooldef/testdata/servers/server-everything-2026.8.31.json")
	box := s.UseOwnToolBox(everything, "")
	if box.Used || len(box.Choices) != 12 || !strings.Contains(box.Status, "pick one") || !strings.Contains(box.Status, "gzip-file-as-resource: line 270") || s.OwnTool() != "" {
		t.Errorf("a list: %+v", box)
	}
	box = s.UseOwnToolBox(everything, "get-sum")
	if !box.Used || s.Tool() != "get-sum" || !strings.Contains(box.Status, "your own tool get-sum (2 arguments)") {
		t.Errorf("picked: %+v", box)
	}
	box = s.UseOwnToolBox(`{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"string","format":"uri"}}}}`, "")
	if box.Used || box.Status != `Not used: line 1, at /inputSchema/properties/n/format: format is not supported: coerce does not check formats; give an id a pattern instead, or remove format. The table keeps its tool.` || s.Tool() != "get-sum" {
		t.Errorf("refused: %+v", box)
	}
	if box = s.UseOwnToolBox(readFile(t, "../../coerce/tooldef/testdata/get_job.json"), ""); !box.Used || s.OwnTool() != "get_job" {
		t.Errorf("get_job as data: %+v", box)
	}
}
