package embed

import (
	"bufio"
	"fmt"
	"html"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// lessonRows is a table of n rows: the lesson's, over and over.
func lessonRows(n int) lesson.Table {
	c := lesson.Classroom()
	var t lesson.Table
	for i := range n {
		t.Rows = append(t.Rows, c.Rows[i%len(c.Rows)])
	}
	return t
}

// TestHeight replays testdata/embedheight.txt.
func TestHeight(t *testing.T) {
	f, err := os.Open("testdata/embedheight.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		in, want, ok := strings.Cut(text, "=>")
		fields := strings.Fields(in)
		n, err1 := strconv.Atoi(fields[0])
		h, err2 := strconv.Atoi(strings.TrimSpace(want))
		if !ok || len(fields) != 4 || err1 != nil || err2 != nil {
			t.Fatalf("line %d: want rows tool mode options => height: %q", line, text)
		}
		dash := func(s string) string { return strings.TrimPrefix(s, "-") }
		tb := lessonRows(n)
		tb.Tool, tb.Mode = dash(fields[1]), dash(fields[2])
		if got := Height(ParseOptions(dash(fields[3])), tb); got != h {
			t.Errorf("line %d: %s: EmbedHeight = %d, want %d", line, in, got, h)
		}
		cases++
	}
	if cases == 0 {
		t.Fatal("testdata/embedheight.txt has no cases")
	}
}

// Every panel has a figure and every tool other than the default an entry, so that a new panel
// or tool cannot be shown in an embed whose height leaves it out.
func TestEmbedFiguresCoverPanels(t *testing.T) {
	for _, p := range Panels {
		if _, ok := embedFigures.Panels[p.ID]; !ok && p.ID != "table" {
			t.Errorf("Add a panel: panel %q has no figure in embed/height.go's embedFigures.Panels: go test ./web/e2e -run TestEmbedFigures prints what it measures", p.ID)
		}
	}
	for _, tool := range lesson.ToolNames() {
		if _, ok := embedFigures.ByTool[tool]; !ok && tool != lesson.DefaultTool {
			t.Errorf("Add a tool: tool %q has no entry in embed/height.go's embedFigures.ByTool: go test ./web/e2e -run TestEmbedFigures prints its catalog and schema heights ({} when they are %s's)", tool, lesson.DefaultTool)
		}
	}
	for tool, figs := range embedFigures.ByTool {
		if !slices.Contains(lesson.ToolNames(), tool) {
			t.Errorf("embedFigures.ByTool names %q, which is not a tool", tool)
		}
		for id := range figs {
			if _, ok := embedFigures.Panels[id]; !ok {
				t.Errorf("embedFigures.ByTool[%q] names %q, which is not a panel", tool, id)
			}
		}
	}
}

// snippetSrc is the src of the snippet's iframe, unescaped, and its script's src.
func snippetSrc(t *testing.T, snippet string) (src, script string, height int) {
	t.Helper()
	lines := strings.Split(snippet, "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `<iframe src="`) || !strings.HasPrefix(lines[1], `<script src="`) ||
		!strings.HasSuffix(lines[1], `" defer></script>`) {
		t.Fatalf("snippet is not an iframe and a script line:\n%s", snippet)
	}
	attr := func(s, name string) string {
		_, v, _ := strings.Cut(s, name+`="`)
		v, _, _ = strings.Cut(v, `"`)
		return html.UnescapeString(v)
	}
	height, err := strconv.Atoi(attr(lines[0], "height"))
	if err != nil {
		t.Fatalf("height: %v", err)
	}
	return attr(lines[0], "src"), attr(lines[1], "src"), height
}

// Copy embed code writes the frame for the table and the dialog's choices, sized for what it
// shows, and the host.js line of the same site.
func TestCode(t *testing.T) {
	tb := lessonRows(6)
	for _, r := range tb.Rows {
		if r.Want == "" {
			t.Fatal("the lesson's rows have no expected codes to leave out")
		}
	}
	href := "https://play.example/course/index.html?x=1#theme=dark&table=old&readonly=1&mode=predict"
	for _, c := range []struct {
		choice Choice
		opts   string // the options after table=…, in order
	}{
		{Choice{}, "theme=dark"},
		{Choice{ReadOnly: true}, "theme=dark&readonly=1"},
		{Choice{Predict: true}, "theme=dark&mode=predict"},
		{Choice{ReadOnly: true, Predict: true}, "theme=dark&readonly=1&mode=predict"},
	} {
		src, script, height := snippetSrc(t, first(Code(href, tb, c.choice)))
		if script != "https://play.example/course/host.js" {
			t.Errorf("%+v: script %q", c.choice, script)
		}
		base, frag, _ := strings.Cut(src, "#")
		payload := ParseFragment(frag).Payload
		if base != "https://play.example/course/embed.html" || frag != "table="+payload+"&"+c.opts {
			t.Errorf("%+v: src %q, want the embed page with table=…&%s", c.choice, src, c.opts)
		}
		got, err := lesson.DecodeShare(payload)
		if err != nil || len(got.Rows) != 6 {
			t.Fatalf("%+v: the link's table %+v (%v)", c.choice, got, err)
		}
		// Predict mode sends no answer; without it the table goes with its expected codes.
		if predict := got.Mode == lesson.PredictMode; predict != c.choice.Predict || (got.Rows[0].Want == "") != c.choice.Predict {
			t.Errorf("%+v: the link's table has mode %q and want %q", c.choice, got.Mode, got.Rows[0].Want)
		}
		if want := Height(ParseOptions(frag), got); height != want {
			t.Errorf("%+v: height %d, want %d", c.choice, height, want)
		}
	}
	// Predict mode shows the notice and one-line rows, so its frame has its own height.
	_, _, plain := snippetSrc(t, first(Code(href, tb, Choice{})))
	_, _, predict := snippetSrc(t, first(Code(href, tb, Choice{Predict: true})))
	if plain == predict {
		t.Errorf("predict mode does not change the height (%d)", plain)
	}
	// Markup in the link is escaped, in the frame's src and in the script's.
	if s := Snippet(`https://p.example/a"b/embed.html#a=1&b="<x>"`, 900); !strings.Contains(s, `src="https://p.example/a&quot;b/embed.html#a=1&amp;b=&quot;&lt;x&gt;&quot;"`) ||
		!strings.Contains(s, `<script src="https://p.example/a&quot;b/host.js" defer>`) || !strings.Contains(s, `height="900"`) {
		t.Errorf("snippet %s", s)
	}
}

func first(code string, _ int) string { return code }

func ExampleCode() {
	t := lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "ok"}}}
	code, _ := Code("https://play.example.edu/", t, Choice{ReadOnly: true})
	fmt.Println(code)
	// Output:
	// <iframe src="https://play.example.edu/embed.html#table=eyJyb3dzIjpbeyJpbnB1dCI6IjE3Iiwid2FudCI6Im9rIn1dfQ&amp;readonly=1" title="Coercion playground: what a tool answers for each input" width="100%" height="1050" style="border:0" loading="lazy" referrerpolicy="no-referrer"></iframe>
	// <script src="https://play.example.edu/host.js" defer></script>
}
