package page

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
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
	for _, id := range whyTargets() {
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
		if string(r.Code) != c.code {
			t.Fatalf("%s: code %s, want %s", c.in, r.Code, c.code)
		}
		steps := whyOf(r.Trace)
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
		want, code coerce.Code
		mis        bool
	}{{"ok", "ok", false}, {"ok", "not_found", true}, {"", "ok", false}, {"", "invalid_args", false}} {
		if got := Mispredicted(c.want, c.code); got != c.mis {
			t.Errorf("Mispredicted(%q, %q) = %v", c.want, c.code, got)
		}
	}
}

// TestWhyForPanels: the loop's steps and the vendor responses are explained by the same lines as
// a call: every step of every preset and lesson response has a known rule (none falls back to its
// bare name) that leads somewhere, the rules about a catalog code lead to its catalog entry with a
// note to fall back on, and the one line that is not ok is the one that decided.
func TestWhyForPanels(t *testing.T) {
	check := func(what string, lines []WhyStep, code coerce.Code, decided int) {
		t.Helper()
		for i, l := range lines {
			if l.Rule == "" || l.Target == "" || l.Text == "" {
				t.Errorf("%s line %d: %+v", what, i+1, l)
			}
			if _, ok := ruleFor(l.Rule); ok {
				t.Errorf("%s line %d: rule %q is a bare step name", what, i+1, l.Rule)
			}
			if strings.HasPrefix(l.Target, "catalog-") && (l.Target != catalogID(code) || l.Alt == "") {
				t.Errorf("%s line %d leads to %s (alt %q) for code %s", what, i+1, l.Target, l.Alt, code)
			}
			if l.OK == (i == decided) {
				t.Errorf("%s line %d: ok = %v, the deciding line is %d", what, i+1, l.OK, decided+1)
			}
		}
	}
	for _, p := range lesson.Presets() {
		for i, st := range lesson.NewLab(lesson.LabConfig{}).RunLoop(p) {
			lines := WhyFor(st.Why, st.Result.Code)
			decided := -1
			if st.Decision == "stop" || st.Decision == "handoff" {
				decided = len(lines) - 1
			}
			check(p.Name+" step "+strconv.Itoa(i+1), lines, st.Result.Code, decided)
			if st.Result.Code == "invalid_args" && (len(lines) != 3 || lines[1].Target != "catalog-invalid_args") {
				t.Errorf("%s step %d: %+v", p.Name, i+1, lines)
			}
		}
	}
	for i, r := range lesson.RunHTTP(lesson.HTTPRows(), nil) {
		decided := 0
		if r.Code == "ok" {
			decided = -1
		}
		lines := WhyFor(r.Trace, r.Code)
		check("response "+strconv.Itoa(i+1), lines, r.Code, decided)
		if r.Code == "rate_limited" && (len(lines) < 2 || !strings.Contains(lines[1].Text, "→ ")) {
			t.Errorf("response %d: the Retry-After line %+v does not show the value it became", i+1, lines)
		}
	}
}

// TestWhyRulesNamedOnce: each step name has one rule (the map literal this table was before
// made a repeated name a compile error; the array needs this test).
func TestWhyRulesNamedOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range whyRules {
		if r.name == "" || r.rule == "" || r.target == "" || seen[r.name] {
			t.Errorf("rule %+v: empty or named twice", r)
		}
		seen[r.name] = true
	}
}

// A rule's way back names where it came from: a result's row by its number, else the panel.
func TestBackLabel(t *testing.T) {
	for from, want := range map[string]string{"result-3": "Back to row 3", "result-12": "Back to row 12",
		"learner-results": "Back to Try your own", "loop-steps": "Back to the loop", "http-results": "Back to the vendor responses",
		"result-x": "Back to the result", "result-0": "Back to the result"} {
		if got := BackLabel(from); got != want {
			t.Errorf("BackLabel(%q) = %q, want %q", from, got, want)
		}
	}
	if got := BackToRule("result-3").HTML(); got != `<p class="back-line" id="back-to-rule"><button type="button" class="back" data-from="result-3">↩ Back to row 3</button></p>` {
		t.Errorf("BackToRule = %s", got)
	}
}

// whyOf turns a call's trace into the lines of its whyOf disclosure, in order.
func whyOf(t coerce.Trace) []WhyStep { return WhyFor(t, "") }

// whyTargets lists every id a Why line can point at, for the test that each one exists.
func whyTargets() []string {
	var ids []string
	for _, r := range whyRules {
		ids = append(ids, r.target)
	}
	return ids
}
