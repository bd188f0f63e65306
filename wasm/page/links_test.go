package page

import (
	"slices"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

func TestGreeting(t *testing.T) {
	payload := lesson.EncodeShare(lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}}})
	predict := lesson.EncodeShare(lesson.Table{Mode: lesson.PredictMode, Rows: []lesson.Row{{Input: "42", Want: "ok"}}})
	for _, c := range []struct{ fragment, saved, want string }{
		{"", "", ""},
		{"", payload, ""},
		{"#table=" + payload, "", "This table came from the link you opened."},
		{"#table=" + predict, "", predictNotice},
		{"#table=%%%", "", "This link's table could not be read"},
		{"", "%%%", "The table saved in this browser could not be read"},
	} {
		got := chooseFrom(c.fragment, c.saved).Greeting(false)
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("chooseFrom(%q, %q).Greeting() = %q, want %q…", c.fragment, c.saved, got, c.want)
		}
		// In an embed only a notice is said, never that the table came from the link.
		if emb := chooseFrom(c.fragment, c.saved).Greeting(true); strings.HasPrefix(c.want, "This table came") && emb != "" ||
			!strings.HasPrefix(c.want, "This table came") && emb != got {
			t.Errorf("chooseFrom(%q, %q).Greeting(embed) = %q", c.fragment, c.saved, emb)
		}
	}
}

func TestPasted(t *testing.T) {
	payload := lesson.EncodeShare(lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}}})
	predict := lesson.EncodeShare(lesson.Table{Mode: lesson.PredictMode, Rows: []lesson.Row{{Input: "42", Want: "ok"}}})
	for _, c := range []struct {
		fragment string
		inputs   []string
		msg      string
		replace  bool
	}{
		{"", nil, "", false},
		{"#table-h", nil, "", false},
		{"#theme=dark", nil, "", false},
		{"#table=" + payload, []string{"42"}, "Loaded the table from the link.", true},
		{"#theme=dark&table=" + payload, []string{"42"}, "Loaded the table from the link.", true},
		{"#table=" + predict, []string{"42"}, "Loaded the table from the link. " + predictNotice, true},
		{"#table=!!!", nil, "This link's table could not be read", false},
	} {
		tb, msg, replace, offer := Pasted(embed.ParseFragment(c.fragment))
		if offer != nil {
			t.Errorf("Pasted(embed.ParseFragment(%q)) offers rows", c.fragment)
		}
		if replace != c.replace || !slices.Equal(inputs(tb), c.inputs) || !strings.HasPrefix(msg, c.msg) || c.msg == "" && msg != "" {
			t.Errorf("Pasted(embed.ParseFragment(%q)) = %q, %q, %v", c.fragment, inputs(tb), msg, replace)
		}
		// A bad link keeps the reader's table and says so; it is not the lesson's that is shown.
		if !c.replace && c.msg != "" && (!strings.Contains(msg, "your current table was kept") || strings.Contains(msg, "lesson")) {
			t.Errorf("Pasted(embed.ParseFragment(%q)) says %q", c.fragment, msg)
		}
		if c.fragment == "#table="+predict && tb.Rows[0].Want != "" {
			t.Error("a pasted predict-mode link keeps its expected codes")
		}
	}
}

func TestUnlinked(t *testing.T) {
	for _, c := range []struct {
		path, query, fragment, want string
		ok                          bool
	}{
		{"/", "", "", "", false},
		{"/", "", "#table-h", "", false},
		{"/", "", "#table=abc", "/", true},
		{"/index.html", "?x=1", "#table=abc&theme=dark", "/index.html?x=1#theme=dark", true},
		{"/embed.html", "", "#panels=chart&table=abc&origins=https://a.example", "/embed.html#panels=chart&origins=https://a.example", true},
	} {
		got, ok := Unlinked(c.path, c.query, c.fragment)
		if got != c.want || ok != c.ok {
			t.Errorf("Unlinked(%q, %q, %q) = %q, %v; want %q, %v", c.path, c.query, c.fragment, got, ok, c.want, c.ok)
		}
	}
}

func TestPrediction(t *testing.T) {
	s := New(lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: "99", Want: "ok"}, {Input: "-1"}}})
	if msg, sc := s.Prediction(); sc != nil || !strings.HasPrefix(msg, "Predict mode is off") {
		t.Errorf("off: %q %v", msg, sc)
	}
	s.SetMode(lesson.PredictMode)
	if msg, sc := s.Prediction(); sc != nil || !strings.HasPrefix(msg, "Choose the code you expect") {
		t.Errorf("before a run: %q %v", msg, sc)
	}
	s.Run()
	msg, sc := s.Prediction()
	if sc == nil || sc.Right != 1 || sc.Predicted != 2 || sc.Unpredicted != 1 || len(sc.Wrong) != 1 || sc.Wrong[0].Row != 2 ||
		msg != "Run scored your predictions (the score is above the results). 1 prediction was wrong:" {
		t.Errorf("after a run: %q %+v", msg, sc)
	}
	if refused := s.SetWant(2, "invalid_args"); refused == "" {
		t.Error("a prediction changed after its row's result was shown")
	}
	s.SetNote(2, "a note")
	if msg, sc := s.Prediction(); sc != nil || !strings.HasPrefix(msg, "Choose the code you expect") {
		t.Errorf("stale: %q %v", msg, sc)
	}
}

func TestSplitLabel(t *testing.T) {
	row := lesson.Try{Kind: "row", Input: `" 17 "`, Claim: "ok"}
	if b, in, a, ok := splitLabel(row, TryLabel(row)); !ok || b != "Try " || in != `" 17 "` || a != " → ok" {
		t.Errorf("row: %q %q %q %v", b, in, a, ok)
	}
	loop := lesson.Try{Kind: "loop", Target: "booleans", Claim: "handoff"}
	if _, _, _, ok := splitLabel(loop, TryLabel(loop)); ok {
		t.Error("a loop label was split")
	}
	if _, _, _, ok := splitLabel(lesson.Try{Kind: "row", Input: "x"}, "Try y"); ok {
		t.Error("a label without the input was split")
	}
}
