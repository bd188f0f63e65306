package page

import (
	"slices"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func TestParseEmbed(t *testing.T) {
	o := ParseEmbed("#table=abc&panels=results,Table,results,bad!&readonly=1&theme=dark&mode=predict" +
		"&origins=https%3A%2F%2Fcourse.example.edu,http://127.0.0.1:8000,*,null,https://x.example:443/")
	if !slices.Equal(o.Panels, []string{"results", "table"}) || !o.ReadOnly || o.Theme != "dark" || !o.Predict {
		t.Errorf("options %+v", o)
	}
	if want := []string{"https://course.example.edu", "http://127.0.0.1:8000", "https://x.example"}; !slices.Equal(o.Origins, want) {
		t.Errorf("origins %q, want %q", o.Origins, want)
	}
	if len(o.Problems) != 3 || !strings.Contains(o.Problems[0], `"bad!"`) || !strings.Contains(o.Problems[1], `"*"`) ||
		!strings.Contains(o.Problems[2], `"null"`) {
		t.Errorf("problems %q", o.Problems)
	}
	if !o.Allowed("https://course.example.edu") || o.Allowed("https://course.example.edu.evil.example") || o.Allowed("") || o.Allowed("null") {
		t.Error("Allowed accepts the wrong origins")
	}

	d := ParseEmbed("")
	if !slices.Equal(d.Panels, DefaultPanels) || d.ReadOnly || d.Theme != "auto" || d.Predict || d.Origins != nil || d.Problems != nil {
		t.Errorf("defaults %+v", d)
	}
	if bad := ParseEmbed("theme=neon&panels=,,&origins=%zz"); len(bad.Problems) != 3 || bad.Theme != "auto" {
		t.Errorf("bad options %+v", bad)
	} else if n := bad.ProblemsNotice(); !strings.HasPrefix(n, "Some embed options could not be read: theme=neon is not light, dark or auto. ") ||
		!strings.HasSuffix(n, bad.Problems[2]) {
		t.Errorf("notice %q", n)
	}
	if d.ProblemsNotice() != "" {
		t.Error("a notice without problems")
	}
}

// Options that cannot work are named in the notice with the reason, and the
// rest still apply: unknown panels, and origins the browser would never send
// (a signed or zero-padded port, a non-ASCII host), while an IPv6 literal is
// an origin.
func TestEmbedProblemsNameTheEntry(t *testing.T) {
	o := ParseEmbed("panels=table,charts,Results,lopo&origins=https://a.example:+443,https://a.example:0443," +
		"https://bücher.example,http://[::1]:8000,https://[2001:db8::1]:443")
	if !slices.Equal(o.Panels, []string{"table", "results"}) {
		t.Errorf("panels %q", o.Panels)
	}
	if want := []string{"http://[::1]:8000", "https://[2001:db8::1]"}; !slices.Equal(o.Origins, want) {
		t.Errorf("origins %q, want %q", o.Origins, want)
	}
	for i, phrase := range []string{`"charts", "lopo"; the panels are table, results`, `"https://a.example:+443" has port "+443"`,
		"no leading zero", `"https://bücher.example" is not ASCII: write an international host name in punycode`} {
		if i >= len(o.Problems) || !strings.Contains(o.Problems[i], phrase) {
			t.Errorf("problem %d does not say %q: %q", i, phrase, o.Problems)
		}
	}
	if len(o.Problems) != 4 {
		t.Errorf("%d problems, want 4: %q", len(o.Problems), o.Problems)
	}
}

func FuzzParseEmbed(f *testing.F) {
	f.Add("table=x&origins=https://a.example,http://b.example:1")
	f.Add("origins=%68ttps://a.example&panels=table")
	f.Fuzz(func(t *testing.T, frag string) {
		for _, o := range ParseEmbed(frag).Origins {
			if again, ok := Origin(o); !ok || again != o || strings.ContainsAny(o, "*/?#@ ") && !strings.HasPrefix(o, "http") {
				t.Fatalf("accepted origin %q (%q, %v)", o, again, ok)
			}
		}
	})
}

func TestEmbedLink(t *testing.T) {
	tb := lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: " "}}}
	got := EmbedLink("https://play.example/course/index.html?x=1#theme=dark&table=old", tb)
	want := "https://play.example/course/embed.html#table=" + lesson.EncodeShare(Shareable(tb)) + "&theme=dark"
	if got != want {
		t.Errorf("EmbedLink = %q, want %q", got, want)
	}
}

func TestAnswer(t *testing.T) {
	s := New(lesson.Classroom())
	if r := s.Answer(Request{Type: "getResults"}); r.Type != ReplyError || r.Code != "not_run" {
		t.Errorf("getResults before run: %+v", r)
	}
	events := record(s)
	r := s.Answer(Request{Type: "setTable", Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: `"abc"`, Want: "ok"}, {Input: "99"}}})
	if r.Type != ReplyTable || r.Rows != 3 || len(s.Table().Rows) != 3 || events.take() != "loaded" || s.CanUndo() {
		t.Fatalf("setTable: %+v", r)
	}
	if r := s.Answer(Request{Type: "run"}); r.Type != ReplyResults || events.take() != "ran, counted" {
		t.Fatalf("run: %+v", r)
	}
	rows, sum := s.ResultsReply()
	if len(rows) != 3 || rows[0].Code != "ok" || !rows[0].Pass || rows[1].Code != "invalid_args" || rows[1].Pass ||
		rows[2].Code != "not_found" || rows[2].Want != "" || !strings.Contains(rows[2].Observation, "not_found") {
		t.Errorf("rows %+v", rows)
	}
	if sum.Rows != 3 || sum.Passed != 1 || sum.Failed != 1 || sum.Unpredicted != 1 || sum.Stale || sum.Tool != "get_job" {
		t.Errorf("summary %+v", sum)
	}
	if r := s.Answer(Request{Type: "getResults"}); r.Type != ReplyResults || events.take() != "" {
		t.Errorf("getResults: %+v", r)
	}
	before := s.Table()
	for _, c := range []struct {
		req  Request
		code string
	}{
		{Request{Type: "deleteEverything"}, "unknown_type"},
		{Request{}, "bad_message"},
		{Request{Type: "setTable", RowsErr: "rows is not an array"}, "bad_rows"},
		{Request{Type: "setTable", Rows: []lesson.Row{{Input: "17", Want: "maybe"}}}, "bad_rows"},
		{Request{Type: "setTable", Rows: []lesson.Row{{Input: ""}}}, "bad_rows"},
		{Request{Type: "setTable", Tool: "rm_rf", Rows: []lesson.Row{{Input: "17"}}}, "bad_rows"},
	} {
		r := s.Answer(c.req)
		if r.Type != ReplyError || r.Code != c.code || r.Message == "" {
			t.Errorf("%+v: %+v, want %s", c.req, r, c.code)
		}
	}
	if len(s.Table().Rows) != len(before.Rows) || s.Results() == nil || events.take() != "" {
		t.Error("a refused request changed the table or dropped the results")
	}
	// A host sent an array: a bad row is named by its index, not as a line of text.
	r = s.Answer(Request{Type: "setTable", Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: "18", Want: "maybe"}}})
	if !strings.HasPrefix(r.Message, "rows[1]: ") {
		t.Errorf("bad row message %q does not name rows[1]", r.Message)
	}
	// The row limits are the editor's and the link's, in UTF-8 bytes; nothing is applied in part.
	for _, c := range []struct {
		row  lesson.Row
		says string
	}{
		{lesson.Row{Input: strings.Repeat("中", lesson.MaxInputBytes/3+1)}, "rows[1]: the input is 65,538 bytes, over the tool's limit of 65,536 bytes"},
		{lesson.Row{Input: "18", Note: strings.Repeat("n", lesson.MaxNoteBytes+1)}, "rows[1]: the note is 1,025 bytes"},
	} {
		r := s.Answer(Request{Type: "setTable", Rows: []lesson.Row{{Input: "17"}, c.row}})
		if r.Code != "bad_rows" || !strings.HasPrefix(r.Message, c.says) || len(s.Table().Rows) != len(before.Rows) {
			t.Errorf("setTable over a limit: %+v, want %q", r, c.says)
		}
	}
	if r := s.Answer(Request{Type: "setTable", Rows: []lesson.Row{{Input: strings.Repeat("中", lesson.MaxInputBytes/3) + "x"}}}); r.Type != ReplyTable {
		t.Errorf("setTable of a row at the limit: %+v", r)
	}
}
