package embed

import (
	"slices"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func TestParseOptions(t *testing.T) {
	o := ParseOptions("#table=abc&panels=results,Table,results,bad!&readonly=1&theme=dark&mode=predict" +
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

	d := ParseOptions("")
	if !slices.Equal(d.Panels, DefaultPanels) || d.ReadOnly || d.Theme != "auto" || d.Predict || d.Origins != nil || d.Problems != nil {
		t.Errorf("defaults %+v", d)
	}
	if bad := ParseOptions("theme=neon&panels=,,&origins=%zz"); len(bad.Problems) != 3 || bad.Theme != "auto" {
		t.Errorf("bad options %+v", bad)
	} else if n := bad.ProblemsNotice(); !strings.HasPrefix(n, "Some embed options could not be read: theme=\"neon\" is not light, dark or auto. ") ||
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
	o := ParseOptions("panels=table,charts,Results,lopo&origins=https://a.example:+443,https://a.example:0443," +
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

func FuzzParseOptions(f *testing.F) {
	f.Add("table=x&origins=https://a.example,http://b.example:1")
	f.Add("origins=%68ttps://a.example&panels=table")
	f.Fuzz(func(t *testing.T, frag string) {
		for _, o := range ParseOptions(frag).Origins {
			if again, ok := Origin(o); !ok || again != o || strings.ContainsAny(o, "*/?#@ ") && !strings.HasPrefix(o, "http") {
				t.Fatalf("accepted origin %q (%q, %v)", o, again, ok)
			}
		}
	})
}

func TestLink(t *testing.T) {
	tb := lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: " "}}}
	got := Link("https://play.example/course/index.html?x=1#theme=dark&table=old", tb)
	want := "https://play.example/course/embed.html#table=" + lesson.EncodeShare(lesson.Shared(tb)) + "&theme=dark"
	if got != want {
		t.Errorf("EmbedLink = %q, want %q", got, want)
	}
}
