package e2e

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func readDefinition(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../../coerce/tooldef/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// useOwnTool pastes text into the instructor's box, presses Use and returns what it says.
func (tb *tab) useOwnTool(text string) string {
	tb.t.Helper()
	tb.do(chromedp.SetValue(chromedp.ID("own-tool-text"), text), chromedp.Click(chromedp.ID("own-tool-use")))
	return eval[string](tb, `document.getElementById("own-tool-status").textContent`)
}

// TestOwnTool: an instructor pastes a definition; the picker lists it, the schema panel shows
// it, a Run answers through it (denied until its permission is granted); the link carries it to
// a fresh browser; a definition that cannot be used names its line and keyword and the table
// keeps its tool.
func TestOwnTool(t *testing.T) {
	tb := newTab(t)
	tb.open("/")
	tb.instructor()
	if msg := tb.useOwnTool(readDefinition(t, "servers/fetch.json")); !strings.Contains(msg, "line 11, at /tools/0/inputSchema/properties/url/format: format is not supported") {
		t.Errorf("fetch: %q", msg)
	}
	if got := eval[string](tb, `document.getElementById("tool-picker").value`); got != "get_job" {
		t.Errorf("after a refused definition the table calls %q", got)
	}
	if msg := tb.useOwnTool(readDefinition(t, "get_order.json")); !strings.Contains(msg, "your own tool get_order") {
		t.Fatalf("get_order: %q", msg)
	}
	picker := eval[[]string](tb, `[...document.querySelectorAll("#tool-picker option")].map(o => o.value)`)
	if len(picker) != 4 || picker[3] != "get_order" || eval[string](tb, `document.getElementById("tool-picker").value`) != "get_order" {
		t.Errorf("the picker lists %q", picker)
	}
	if s := eval[string](tb, `document.getElementById("schema").textContent`); !strings.Contains(s, `"pattern": "^ord_[0-9a-f]{8}$"`) {
		t.Errorf("schema panel: %s", s)
	}
	tb.do(chromedp.SetValue(chromedp.ID("row-0-input"), `{"order_id":" ord_3f9a2b1c "}`))
	if got := tb.run(); got[0].Code != "denied" || !strings.Contains(got[0].Observation, `"required_permission":"orders.read"`) {
		t.Errorf("without orders.read: %+v", got[0])
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("own-grant").click()`))
	if got := tb.run(); got[0].Code != "ok" || got[0].Observation != `{"ok":true,"arguments":{"order_id":"ord_3f9a2b1c"}}` || got[1].Code != "invalid_args" {
		t.Errorf("with orders.read: %+v", got[:2])
	}
	tb.do(chromedp.Click(chromedp.ID("copy-link")))
	link := eval[string](tb, `document.getElementById("share-url").value`)

	other := newTab(t)
	other.do(chromedp.Navigate(link))
	other.waitReady()
	if got := eval[string](other, `document.getElementById("tool-picker").value`); got != "get_order" {
		t.Errorf("the link opened calling %q", got)
	}
	if got := other.run(); got[0].Code != "denied" {
		t.Errorf("the link's first row: %+v", got[0])
	}
}

// TestEmbedSetTableToolDef: a course page's setTable carries tooldef, the definition's JSON
// text, and the frame runs its rows against it.
func TestEmbedSetTableToolDef(t *testing.T) {
	cs := newCourseSite(t)
	tb := newTab(t)
	tb.do(chromedp.Navigate(cs.a + "/?probe=1&frag=" + "origins=" + cs.a))
	waitMessage(tb, `d => d.type === "coerce-playground:height" && d.height > 400`)
	def := readDefinition(t, "get_job.json")
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "d1", tooldef: ` + strconv.Quote(def) + `, rows: [
		{input: '"17"', want: "ok"}, {input: "99", want: "not_found"}, {input: "-1"}]})`))
	if rep := waitMessage(tb, `d => d.id === "d1"`); rep.Data["type"] != "coerce-playground:table" || rep.Data["rows"] != 3.0 {
		t.Fatalf("setTable reply %+v", rep)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "run", id: "d2"})`))
	ran := waitMessage(tb, `d => d.id === "d2"`)
	rows, _ := ran.Data["rows"].([]any)
	var codes []string
	for _, r := range rows {
		codes = append(codes, r.(map[string]any)["code"].(string))
	}
	if strings.Join(codes, " ") != "ok not_found invalid_args" || !strings.Contains(rows[0].(map[string]any)["observation"].(string), `"arguments":{"job_id":17}`) {
		t.Errorf("the declared get_job ran %q: %+v", codes, rows)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`ask({type: "setTable", id: "d3", tooldef: "{", rows: []})`))
	if bad := waitMessage(tb, `d => d.id === "d3"`); bad.Data["code"] != "bad_tooldef" || !strings.HasPrefix(bad.Data["message"].(string), "line 1:") {
		t.Errorf("a broken tooldef: %+v", bad)
	}
}
