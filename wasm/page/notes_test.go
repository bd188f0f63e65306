package page

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// registeredKinds reads the app's sources for a.registerTry("kind", …) calls: the kinds of Try it
// target the page can show. The app is built for js/wasm, so its files are read, not run.
func registeredKinds(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "app", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no app sources: %v", err)
	}
	kinds := map[string]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "registerTry" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: registerTry with a kind that is not a string literal", fset.Position(call.Pos()))
				return true
			}
			kind, _ := strconv.Unquote(lit.Value)
			kinds[kind] = filepath.Base(name)
			return true
		})
	}
	return kinds
}

// Every kind of Try it target a note uses is one the page knows how to show: it has a label and
// the app registers a handler for it. A kind the app registers is one the notes can name.
func TestEveryNoteTryKindIsShown(t *testing.T) {
	registered := registeredKinds(t)
	for kind, file := range registered {
		if !slices.Contains(tryKinds, kind) {
			t.Errorf("%s registers Try it kind %q, which no note can use (tryKinds %v)", file, kind, tryKinds)
		}
	}
	for _, n := range lesson.Notes() {
		for _, try := range n.Tries {
			if !slices.Contains(tryKinds, try.Kind) {
				t.Errorf("%s: Try it kind %q is not in tryKinds", n.Slug, try.Kind)
			}
			if TryLabel(try) == "" {
				t.Errorf("%s: no label for %+v", n.Slug, try)
			}
			if _, ok := registered[try.Kind]; !ok {
				t.Errorf("%s: no a.registerTry(%q, …) in wasm/app: the page cannot show %+v", n.Slug, try.Kind, try)
			}
		}
	}
	// A panel target opens the element panel-<id>: each panel the page names must be in it.
	index, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range embed.Panels {
		id := p.ID
		if p.Name == "" {
			continue
		}
		if !strings.Contains(string(index), `id="panel-`+id+`"`) {
			t.Errorf("panel %q has a name but web/index.html has no id=\"panel-%s\"", id, id)
		}
	}
}

func TestTryLabel(t *testing.T) {
	for _, tt := range []struct {
		try  lesson.Try
		want string
	}{
		{lesson.Try{Kind: "row", Tool: "get_job", Input: `"17"`, Claim: "ok"}, `Try "17" → ok`},
		{lesson.Try{Kind: "row", Tool: "get_user", Input: `" usr_8f3a "`, Claim: "ok"}, `Try get_user " usr_8f3a " → ok`},
		{lesson.Try{Kind: "loop", Target: "booleans", Claim: "handoff"}, "Try the loop: booleans → handoff"},
		{lesson.Try{Kind: "http", Target: "429", Claim: "rate_limited"}, "Try a vendor's HTTP 429 → rate_limited"},
		{lesson.Try{Kind: "http", Target: "deadline", Claim: "timeout"}, "Try a vendor call past its deadline → timeout"},
		{lesson.Try{Kind: "switch", Target: "bool_strings", Tool: "refund", Claim: "invalid_args", After: "ok"}, "Try the bool_strings switch on refund: invalid_args → ok"},
		{lesson.Try{Kind: "panel", Target: "catalog"}, "Show the error catalog"},
		{lesson.Try{Kind: "panel", Target: "nowhere"}, ""},
		{lesson.Try{Kind: "teleport"}, ""},
	} {
		if got := TryLabel(tt.try); got != tt.want {
			t.Errorf("TryLabel(%+v) = %q, want %q", tt.try, got, tt.want)
		}
	}
}

// Every row target lands in the lesson's table as a row the table format keeps, and running
// the table there gives the code its note claims.
func TestPlaceRowEveryNoteRow(t *testing.T) {
	for _, n := range lesson.Notes() {
		for _, try := range n.Tries {
			if try.Kind != "row" {
				continue
			}
			p, ok := PlaceRow(lesson.Classroom(), try, n.Title)
			if !ok {
				t.Fatalf("%s: %+v did not fit", n.Slug, try)
			}
			if err := p.Table.Check(); err != nil {
				t.Errorf("%s: %+v gives a table that cannot be shared: %v", n.Slug, try, err)
			}
			if p.Table.ToolName() != try.Tool {
				t.Errorf("%s: the table calls %s, the row %s", n.Slug, p.Table.ToolName(), try.Tool)
			}
			if p.Switched != (try.Tool != lesson.DefaultTool) {
				t.Errorf("%s: switched %v for tool %s", n.Slug, p.Switched, try.Tool)
			}
			s := New(p.Table)
			if err := s.Run(); err != nil {
				t.Fatal(err)
			}
			if got := s.Results()[p.Row]; got.Input != try.Input || string(got.Code) != try.Claim {
				t.Errorf("%s: row %d ran %q → %s, want %q → %s", n.Slug, p.Row, got.Input, got.Code, try.Input, try.Claim)
			}
		}
	}
}

func TestPlaceRow(t *testing.T) {
	classroom := lesson.Classroom()
	seventeen := lesson.Try{Kind: "row", Tool: "get_job", Input: `"17"`, Claim: "ok"}

	// A row already in the table is used as it is: no copy, the learner's prediction kept.
	p, ok := PlaceRow(classroom, seventeen, "t")
	if !ok || p.Added || p.Switched || p.Row != 0 || len(p.Table.Rows) != len(classroom.Rows) {
		t.Errorf("existing row: %+v %v", p, ok)
	}

	// A new row is appended, expecting the claim, noted with the card; the input is kept raw.
	sql := lesson.Try{Kind: "row", Tool: "get_job", Input: `"17; DROP TABLE jobs"`, Claim: "invalid_args"}
	p, ok = PlaceRow(classroom, sql, "What is never coerced")
	last := len(classroom.Rows)
	if !ok || !p.Added || p.Row != last || len(p.Table.Rows) != last+1 {
		t.Fatalf("appended: %+v %v", p, ok)
	}
	if r := p.Table.Rows[last]; r.Input != sql.Input || r.Want != "invalid_args" || !strings.Contains(r.Note, "What is never coerced") {
		t.Errorf("appended row %+v", r)
	}
	if len(lesson.Classroom().Rows) != last || len(classroom.Rows) != last {
		t.Errorf("PlaceRow changed the table it was given")
	}

	// Another tool: a table of that tool with the row alone, the old one left for Undo.
	user := lesson.Try{Kind: "row", Tool: "get_user", Input: `" usr_8f3a "`, Claim: "ok"}
	p, ok = PlaceRow(classroom, user, "t")
	if !ok || !p.Switched || p.Table.Tool != "get_user" || len(p.Table.Rows) != 1 || p.Row != 0 {
		t.Errorf("switched: %+v %v", p, ok)
	}
	// and back: the default tool is written as "" like the text format does.
	p, ok = PlaceRow(p.Table, seventeen, "t")
	if !ok || !p.Switched || p.Table.Tool != "" || p.Table.ToolName() != "get_job" {
		t.Errorf("back to get_job: %+v %v", p, ok)
	}

	// A full table takes no more rows.
	full := lesson.Table{}
	for range lesson.MaxRows {
		full.Rows = append(full.Rows, lesson.Row{Input: "17", Want: "ok"})
	}
	if p, ok := PlaceRow(full, sql, "t"); ok || p.Row != -1 {
		t.Errorf("a full table took a row: %+v", p)
	}
	if p, ok := PlaceRow(full, lesson.Try{Kind: "row", Tool: "get_job", Input: "17", Claim: "ok"}, "t"); !ok || p.Row != 0 {
		t.Errorf("a full table holding the row: %+v %v", p, ok)
	}
}

func TestTryOutcome(t *testing.T) {
	try := lesson.Try{Kind: "row", Tool: "get_job", Input: "99", Claim: "not_found"}
	if got := TryOutcome(try, "not_found"); got != "get_job answered not_found, as the note says." {
		t.Errorf("held: %q", got)
	}
	if got := TryOutcome(try, "ok"); got != "get_job answered ok, not not_found as the note says." {
		t.Errorf("did not hold: %q", got)
	}
	if got := SwitchedNotice("get_job", "get_user"); !strings.Contains(got, "Undo") || !strings.Contains(got, "get_user") {
		t.Errorf("notice %q", got)
	}
}

// Every Try it but a row's is shown in a panel of the page that an embed can show or leave out
// (embed.Panels): the one TryPanel names, which the app then asks the embed about.
func TestTryPanelIsAPanel(t *testing.T) {
	for _, n := range lesson.Notes() {
		for _, try := range n.Tries {
			p := TryPanel(try)
			if _, ok := embed.PanelByID(p); (try.Kind == "row") != (p == "") || (p != "" && !ok) {
				t.Errorf("%s: %s %q is shown in panel %q", n.Slug, try.Kind, try.Target, p)
			}
		}
	}
}
