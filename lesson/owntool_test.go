package lesson_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func ownTable(t *testing.T) lesson.Table {
	t.Helper()
	b, err := os.ReadFile("testdata/tables/own-tool.table")
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := lesson.ParseTable(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

// TestOwnToolTable: a table's @tooldef line is its tool; the rows run against the definition,
// granted or not; Export then Import and a link give the same table back.
func TestOwnToolTable(t *testing.T) {
	tbl := ownTable(t)
	if tbl.Tool != "get_order" || !strings.HasPrefix(tbl.ToolDef, `{"name":"get_order"`) || tbl.Check() != nil {
		t.Fatalf("tool %q, def %.40s, check %v", tbl.Tool, tbl.ToolDef, tbl.Check())
	}
	for _, c := range []struct {
		perms []string
		codes string
	}{
		{[]string{"orders.read"}, "ok ok invalid_args not_found ok"},
		{nil, "denied denied invalid_args denied denied"},
	} {
		var got []string
		for _, r := range lesson.NewLab(lesson.LabConfig{Permissions: c.perms}).Run(tbl) {
			got = append(got, string(r.Code))
		}
		if strings.Join(got, " ") != c.codes {
			t.Errorf("permissions %v: codes %v, want %s", c.perms, got, c.codes)
		}
	}
	back, err := lesson.ParseTable(lesson.FormatTable(tbl))
	if err != nil || back.ToolDef != tbl.ToolDef || back.Tool != tbl.Tool || len(back.Rows) != 5 {
		t.Errorf("text round trip: %v %+v", err, back)
	}
	link, err := lesson.DecodeShare(lesson.EncodeShare(tbl))
	if err != nil || link.ToolDef != tbl.ToolDef || link.Tool != tbl.Tool || len(link.Rows) != 5 {
		t.Errorf("link round trip: %v %+v", err, link)
	}
	if !strings.Contains(string(lesson.ShareJSON(tbl)), `"tooldef":{"name":"get_order"`) {
		t.Errorf("the link does not carry the definition as an object: %.200s", lesson.ShareJSON(tbl))
	}
	if n := lesson.ShareLen(tbl); n != len(lesson.EncodeShare(tbl)) {
		t.Errorf("ShareLen %d, payload %d", n, len(lesson.EncodeShare(tbl)))
	}
}

// TestOwnToolLinkRefused: a link whose definition cannot be read, or whose tool is not the
// one it declares, opens nothing and says why; a link made before definitions opens as before.
func TestOwnToolLinkRefused(t *testing.T) {
	for _, c := range []struct{ json, phrase string }{
		{`{"tooldef":{"name":"t","inputSchema":{"type":"object","properties":{"u":{"type":"string","format":"uri"}}}},"rows":[{"input":"1"}]}`, "its tool definition cannot be read: at /inputSchema/properties/u/format: format is not supported"},
		{`{"tooldef":"get_order","rows":[]}`, `"tooldef" is not a tool definition object`},
		{`{"tool":"refund","tooldef":{"name":"t","inputSchema":{"type":"object"}},"rows":[]}`, `its "tool" is "refund", but its tool definition declares "t"`},
		{`{"tool":"t","rows":[]}`, `unknown tool "t"`},
	} {
		_, err := lesson.DecodeShare(lesson.EncodeShareRaw([]byte(c.json)))
		var u *lesson.UnreadableRows
		if err == nil || errors.As(err, &u) || !errors.Is(err, lesson.ErrShare) || !strings.Contains(err.Error(), c.phrase) {
			t.Errorf("%s: %v; want a refusal with %q", c.json, err, c.phrase)
		}
	}
	old, err := lesson.DecodeShare(lesson.EncodeShare(lesson.Classroom()))
	if err != nil || old.ToolDef != "" || old.Tool != "" || len(old.Rows) != 6 {
		t.Errorf("a link without a definition: %v %+v", err, old)
	}
}

// TestOwnToolText: what the text format refuses about @tooldef, by line.
func TestOwnToolText(t *testing.T) {
	def := `{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}`
	for _, c := range []struct{ text, msg string }{
		{"@tooldef " + def + "\n@tooldef " + def + "\n1 ok", "line 2: a table declares one tool"},
		{"@tooldef {\"name\":\"t\"}\n1 ok", `line 1: the @tooldef line's definition cannot be read: the tool has no "inputSchema"`},
		{"@tool refund\n@tooldef " + def + "\n1 ok", `line 2: @tool names "refund", but the @tooldef line declares "t"`},
		{"@tooldef " + def + "\n@tool get_user\n1 ok", `line 2: @tool names "get_user"`},
		{"# x\n@tooldef " + def + "\n@tool t\n1 ok", ""},
	} {
		_, err := lesson.ParseTable(c.text)
		if c.msg == "" && err != nil || c.msg != "" && (err == nil || !strings.HasPrefix(err.Error(), c.msg)) {
			t.Errorf("%q: %v; want %q", c.text, err, c.msg)
		}
	}
}

// TestOwnToolLimits: the definition counts toward the link's size, and one over
// MaxToolDefBytes is refused.
func TestOwnToolLimits(t *testing.T) {
	tbl := ownTable(t)
	plain := tbl
	plain.ToolDef, plain.Tool = "", ""
	if d := lesson.ShareLen(tbl) - lesson.ShareLen(plain); d < len(tbl.ToolDef) {
		t.Errorf("the definition adds %d bytes to the link, less than its %d", d, len(tbl.ToolDef))
	}
	big := `{"name":"t","description":"` + strings.Repeat("x", lesson.MaxToolDefBytes) + `","inputSchema":{"type":"object"}}`
	if _, err := lesson.ReadToolDef(big); err == nil || !strings.Contains(err.Error(), "over the limit of 65,536 bytes") {
		t.Errorf("a big definition: %v", err)
	}
}
