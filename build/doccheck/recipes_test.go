package doccheck

// The README's "How to change it" recipes, step by step: each test here fails, naming the
// recipe and the step, when a change made one step of a recipe and forgot another. The steps
// checked elsewhere say where: embed's TestEmbedFiguresCoverPanels and TestPanelsMatchThePage,
// TestPanelsDoc here, lesson's TestCommittedFiles and TestEveryNoteFileIsListed, build/webbuild's
// TestIndexPrerendered, wasm/page's TestBoolStringsNamesItsFields.

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/web"
)

// partOf is the wasm/app part that draws a panel, where it is not the panel's own.
var partOf = map[string]string{"catalog": "reference", "schema": "reference"}

// TestAddAPanelRecipe: every panel of embed.Panels has its part in wasm/app/parts.go and that
// part's file; an optional panel has its logic in wasm/page/<name>.go and a browser test in
// web/e2e/panels_test.go that names it.
func TestAddAPanelRecipe(t *testing.T) {
	root := moduleRoot(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	parts, browser := read("wasm/app/parts.go"), read("web/e2e/panels_test.go")
	exists := func(name string) bool { _, err := os.Stat(filepath.Join(root, name)); return err == nil }
	for _, p := range embed.Panels {
		part := p.ID
		if o, ok := partOf[p.ID]; ok {
			part = o
		}
		if !strings.Contains(parts, `{id: "`+part+`"`) {
			t.Errorf("Add a panel: panel %q has no part in wasm/app/parts.go (its DOM step: an init function in wasm/app/%s.go, listed in parts)", p.ID, part)
		}
		if !exists("wasm/app/" + part + ".go") {
			t.Errorf("Add a panel: panel %q has no wasm/app/%s.go (its DOM step)", p.ID, part)
		}
		if p.Core {
			continue // the table, results, learner box and reference have tests of their own
		}
		if !exists("wasm/page/" + p.ID + ".go") {
			t.Errorf("Add a panel: panel %q has no wasm/page/%s.go (its state and logic step)", p.ID, p.ID)
		}
		if p.ID != "notes" && !strings.Contains(browser, `"`+p.ID+`"`) {
			t.Errorf("Add a panel: web/e2e/panels_test.go never names panel %q (its browser test step)", p.ID)
		}
	}
}

// fullTables are tables that between them set every field of lesson.Table and lesson.Row
// (a predict-mode table carries no expected codes, so Want is set in the other).
func fullTables(t *testing.T) []lesson.Table {
	t.Helper()
	def, err := os.ReadFile(filepath.Join(moduleRoot(t), "coerce", "tooldef", "testdata", "get_order.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := lesson.ReadToolDef(string(def))
	if err != nil {
		t.Fatal(err)
	}
	own := lesson.Table{Preamble: []string{"# week 3"}, Mode: lesson.PredictMode, Question: "What does get_order answer for an order id?",
		Rows: []lesson.Row{{Input: `"ord_3f9a2b1c"`, Note: "an order"}}}.WithToolDef(d)
	hunt := lesson.Table{Mode: lesson.HuntMode, Mutants: []string{"octal", "hex"}, Rows: []lesson.Row{{Input: `"017"`, Want: "invalid_args"}}}
	return []lesson.Table{own, {Tool: "refund", Rows: []lesson.Row{{Input: `{"job_id": 17}`, Want: "invalid_args", Note: "n"}}}, hunt}
}

// unset names the fields of v (a struct) that no value in vs sets, with rows' fields as Row.X.
func unset(vs []lesson.Table) []string {
	set := map[string]bool{}
	mark := func(prefix string, v reflect.Value) {
		for i := range v.NumField() {
			if !v.Field(i).IsZero() {
				set[prefix+v.Type().Field(i).Name] = true
			}
		}
	}
	for _, tb := range vs {
		mark("Table.", reflect.ValueOf(tb))
		for _, r := range tb.Rows {
			mark("Row.", reflect.ValueOf(r))
		}
	}
	var out []string
	for _, typ := range []reflect.Type{reflect.TypeOf(lesson.Table{}), reflect.TypeOf(lesson.Row{})} {
		for i := range typ.NumField() {
			if name := typ.Name() + "." + typ.Field(i).Name; !set[name] {
				out = append(out, name)
			}
		}
	}
	return out
}

// TestChangeTheLinkFormatRecipe: a table with every field set comes back whole from the share
// link (lesson/share.go), the saved copy (lesson/saved.go) and the fragment reading
// (embed.ParseFragment), oEmbed sizes its link as the page sizes it (web.LinkHeight), and every
// member the link carries is named in docs/catalog.md's link format and the README's contract.
func TestChangeTheLinkFormatRecipe(t *testing.T) {
	tables := fullTables(t)
	if u := unset(tables); len(u) > 0 {
		t.Fatalf("Change the link format: %v are new: set them in fullTables (build/doccheck/recipes_test.go), so each step of the recipe is checked to carry them", u)
	}
	root := moduleRoot(t)
	catalog, err := os.ReadFile(filepath.Join(root, "docs", "catalog.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, linkDoc, _ := strings.Cut(string(catalog), "## The link format")
	linkDoc, _, _ = strings.Cut(linkDoc, "\n## ")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, contract, _ := strings.Cut(string(readme), "## Automation contract")
	for _, tb := range tables {
		payload := lesson.EncodeShare(tb)
		if got, err := lesson.DecodeShare(payload); err != nil || !reflect.DeepEqual(got, tb) {
			t.Errorf("Change the link format: the share link (lesson.EncodeShare, DecodeShare in lesson/share.go) gives back %+v (%v), want %+v", got, err, tb)
		}
		saved := lesson.Saved{Table: tb, Learner: []lesson.Tried{{Tool: "get_job", Input: "0017"}}}
		if got, err := lesson.DecodeSaved(lesson.EncodeSaved(saved)); err != nil || !reflect.DeepEqual(got, saved) {
			t.Errorf("Change the link format: the saved copy (lesson.EncodeSaved, DecodeSaved in lesson/saved.go) gives back %+v (%v), want %+v", got, err, saved)
		}
		frag := "theme=dark&table=" + payload + "&readonly=1"
		f := embed.ParseFragment(frag)
		if f.Err != nil || !reflect.DeepEqual(f.Table, tb) {
			t.Errorf("Change the link format: embed.ParseFragment (embed/fragment.go) reads %+v (%v), want %+v", f.Table, f.Err, tb)
		}
		if got, want := web.LinkHeight(frag), embed.Height(f.Options, tb); got != want {
			t.Errorf("Change the link format: oEmbed (web.LinkHeight, web/oembed.go) sizes the link %d px, the page %d px", got, want)
		}
		// The members of the link, less those inside a tool definition (docs/own-tool.md has them).
		members := strings.Replace(string(lesson.ShareJSON(tb)), tb.ToolDef, "{}", 1)
		for _, m := range regexp.MustCompile(`"([a-z_]+)":`).FindAllStringSubmatch(members, -1) {
			if !strings.Contains(linkDoc, "`"+m[1]+"`") && !strings.Contains(linkDoc, `"`+m[1]+`"`) {
				t.Errorf("Change the link format: the link carries %q, which docs/catalog.md's link format does not name", m[1])
			}
			if !strings.Contains(contract, `"`+m[1]+`"`) {
				t.Errorf("Change the link format: the link carries %q, which the README's automation contract does not name", m[1])
			}
		}
	}
}
