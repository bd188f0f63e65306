package page

import (
	"flag"
	"os"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

var update = flag.Bool("update", false, "rewrite the view goldens in testdata/views from the view functions")

// tries reads testdata/views/tries.txt and runs each input in the learner box of a fresh page.
func tries(t *testing.T) (*State, []Attempt) {
	t.Helper()
	raw, err := os.ReadFile("testdata/views/tries.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := New(lesson.Classroom())
	for _, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if _, err := s.Try(line); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
	}
	if len(s.Learner()) < 8 {
		t.Fatalf("testdata/views/tries.txt ran %d inputs, want at least 8", len(s.Learner()))
	}
	return s, s.Learner()
}

// viewCases are the views the goldens hold, by golden file: each draws its nodes from the
// lesson's own tables, scripts and responses and from testdata/views/tries.txt.
func viewCases(t *testing.T) map[string][]Node {
	s, hist := tries(t)
	out := map[string][]Node{}
	for _, at := range hist {
		out["attempts"] = append(out["attempts"], AttemptView(at))
		out["readings"] = append(out["readings"], ReadingView(at.Result, "r", true))
		out["mcp"] = append(out["mcp"], E("details").With(MCPLines(s.MCP(at.Result))...))
	}
	for _, sc := range lesson.Presets() {
		steps, err := New(lesson.Classroom()).RunLoop(sc)
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range steps {
			out["loop"] = append(out["loop"], LoopStepView(i, st))
		}
	}
	ran, err := New(lesson.Classroom()).RunHTTP(lesson.HTTPRows())
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range ran {
		out["http"] = append(out["http"], HTTPResultView(i, fixedID(r)))
	}
	for i, d := range HTTPDrafts(lesson.HTTPRows()) {
		out["drafts"] = append(out["drafts"], DraftView(i, d))
	}
	out["counts"], out["misses"], out["changes"] = tableViews(t)
	out["small"] = append(append(append(PresetOptions(), toolOptions()...), New(lesson.Classroom()).ChartLines()...),
		FieldError("learner-input-error", "<b>too long</b>"), BackToNote("note-01-narrow-map-try-0"), Spacer(),
		WasBefore("invalid_args"))
	return out
}

// fixedID gives a vendor response's result the correlation id 0123456789abcdef in place of the
// random one the normalizer makes when the service sent none, so that its view is the same on
// every run.
func fixedID(r lesson.Result) lesson.Result {
	r.Trace = append(coerce.Trace(nil), r.Trace...)
	for i, st := range r.Trace {
		if st.Name == "correlation_id" && st.After != "" {
			id := unquote(jsontext.Value(st.After))
			r.Observation = strings.ReplaceAll(r.Observation, id, "0123456789abcdef")
			r.Trace[i].After = `"0123456789abcdef"`
		}
	}
	return r
}

// tableViews are the views of a run of the lesson's table: its counts per code, the misses of
// a student who predicted ok everywhere, and what turning digit_strings off changes.
func tableViews(t *testing.T) (counts, misses, changes []Node) {
	s := New(lesson.Opening())
	for i := range s.Table().Rows {
		s.SetWant(i, "ok")
	}
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	_, sc := s.Prediction()
	if sc == nil || len(sc.Wrong) == 0 {
		t.Fatal("predicting ok everywhere scored no wrong prediction")
	}
	for _, m := range sc.Wrong {
		misses = append(misses, MissView(m, s.Results()[m.Row-1].Observation))
	}
	counts = CountsView(s.Results())
	f, err := New(lesson.Classroom()).FlipSwitch("digit_strings", false)
	if err != nil || len(f.Changes) == 0 {
		t.Fatalf("turning digit_strings off changed nothing (%v)", err)
	}
	for k, c := range f.Changes {
		changes = append(changes, ChangeView(k, c, "{}"))
	}
	return counts, misses, changes
}

// TestViewGoldens compares each view's HTML, one node a line, with testdata/views/<name>.html;
// -update rewrites them. The HTML is what the app builds (wasm/app/build.go): same elements,
// attributes and texts.
func TestViewGoldens(t *testing.T) {
	for name, nodes := range viewCases(t) {
		var b strings.Builder
		for _, n := range nodes {
			b.WriteString(n.HTML() + "\n")
		}
		path := "testdata/views/" + name + ".html"
		if *update {
			if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./wasm/page -run TestViewGoldens -update writes it)", err)
		}
		if got := b.String(); got != string(want) {
			t.Errorf("%s differs from the view (-update rewrites it):\n got %s\nwant %s", path, firstDiff(got, string(want)), firstDiff(string(want), got))
		}
	}
}

// firstDiff is a from the first line where it differs from b.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range al {
		if i >= len(bl) || al[i] != bl[i] {
			return al[i]
		}
	}
	return "(nothing more)"
}

// TestViewsKeepLearnerTextAsText: no view carries markup of its own (markupNode is for the lesson's
// notes only), so whatever a learner typed reaches the page as a text or an attribute value:
// the attempt that looks like markup shows its input as one text, whole, and its label quotes
// it cut at 40 characters.
func TestViewsKeepLearnerTextAsText(t *testing.T) {
	var walk func(string, Node)
	walk = func(view string, n Node) {
		if n.IsMarkup() {
			t.Errorf("%s: a view carries markup %q", view, n.Text)
		}
		for _, k := range n.Kids {
			walk(view, k)
		}
	}
	for name, nodes := range viewCases(t) {
		for _, n := range nodes {
			walk(name, n)
		}
	}
	_, hist := tries(t)
	for _, at := range hist {
		if !strings.Contains(at.Input, "<img") {
			continue
		}
		head := AttemptView(at).Kids[0]
		if got := head.Kids[1]; got.Tag != "code" || text(got) != at.Input || len(got.Kids) != 1 {
			t.Errorf("the input shows as %+v, want the one text %q", got, at.Input)
		}
		label, _ := head.Kids[2].Attr("aria-label")
		if want := "Add " + string([]rune(at.Input)[:40]) + "… to the table"; label != want {
			t.Errorf("label %q, want %q", label, want)
		}
		return
	}
	t.Error("testdata/views/tries.txt has no input that looks like markup")
}

// toolOptions are the tool picker's choices, the lesson's tools by name.
func toolOptions() []Node {
	var out []Node
	for _, t := range lesson.ToolNames() {
		out = append(out, optionNode(t, t, false))
	}
	return out
}
