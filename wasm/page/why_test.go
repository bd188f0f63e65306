package page

import (
	"os"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestWhyTargetsExist: every rule's name leads to a switch in web/index.html or a lesson note.
func TestWhyTargetsExist(t *testing.T) {
	html, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	notes := map[string]bool{}
	for _, n := range lesson.Notes() {
		notes["note-"+n.Slug] = true
	}
	for _, id := range WhyTargets() {
		if !notes[id] && !strings.Contains(string(html), `id="`+id+`"`) {
			t.Errorf("a Why rule leads to #%s, which is neither a lesson note nor in web/index.html", id)
		}
	}
}

// TestWhy: each step becomes a line led by its rule; the deciding step is the one not ok and says
// what it got; a rule's change shows before and after.
func TestWhy(t *testing.T) {
	lab := lesson.NewLab(lesson.LabConfig{})
	for _, c := range []struct {
		in, code string
		has      []string // text of some line, in order
	}{
		{`" 42 "`, "ok", []string{`Trim spaces|job_id: surrounding white space removed (" 42 " → "42")`, `Digit strings|job_id: a digit string read as an integer ("42" → 42)`, "Handler|"}},
		{`"017"`, "invalid_args", []string{`Digit strings|job_id: job_id must not start with 0`}},
		{`99`, "not_found", []string{"Look-up|job_id: no job 99"}},
	} {
		r := lab.RunOne(c.in)
		if r.Code != c.code {
			t.Fatalf("%s: code %s, want %s", c.in, r.Code, c.code)
		}
		steps := Why(r.Trace)
		if len(steps) != len(r.Trace) || len(steps) == 0 {
			t.Fatalf("%s: %d lines for %d steps", c.in, len(steps), len(r.Trace))
		}
		var lines []string
		for i, s := range steps {
			lines = append(lines, s.Rule+"|"+s.Text)
			last := i == len(steps)-1
			if s.OK != (!last || c.code == "ok") {
				t.Errorf("%s: line %d ok = %v", c.in, i+1, s.OK)
			}
			if s.Target == "" {
				t.Errorf("%s: line %q leads nowhere", c.in, lines[i])
			}
		}
		all := strings.Join(lines, "\n")
		at := 0
		for _, h := range c.has {
			i := strings.Index(all[at:], h)
			if i < 0 {
				t.Errorf("%s: no line %q after offset %d in\n%s", c.in, h, at, all)
				break
			}
			at += i
		}
		if r.Code != "ok" && !strings.Contains(steps[len(steps)-1].Text, "(got ") {
			t.Errorf("%s: the deciding line does not say what it got: %q", c.in, steps[len(steps)-1].Text)
		}
	}
}

func TestMispredicted(t *testing.T) {
	for _, c := range []struct {
		want, code string
		mis        bool
	}{{"ok", "ok", false}, {"ok", "not_found", true}, {"", "ok", false}, {"", "invalid_args", false}} {
		if got := Mispredicted(c.want, c.code); got != c.mis {
			t.Errorf("Mispredicted(%q, %q) = %v", c.want, c.code, got)
		}
	}
}
