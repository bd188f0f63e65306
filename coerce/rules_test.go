package coerce_test

import (
	"context"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"
)

// TestEveryRuleHasAFixture runs each fixture of testdata/rules.tsv with the rule on and
// off: a rule that could be removed without a fixture flipping would be a rule nobody needs.
func TestEveryRuleHasAFixture(t *testing.T) {
	seen := map[string]int{}
	for _, c := range readFixtures(t, "testdata/rules.tsv", 5) {
		line, rule, tool, field, note := c[0], c[1], c[2], c[4], c[5]
		args, err := decodeArgs(c[3])
		if err != nil {
			t.Fatalf("rules.tsv:%s: %v", line, err)
		}
		seen[rule]++
		t.Run(line+":"+rule+":"+note, func(t *testing.T) {
			off := coerce.DefaultRules()
			quietStrings := true
			switch rule {
			case "TrimSpace":
				off.TrimSpace = false
			case "DigitStrings":
				off.DigitStrings = false
			case "BoolStrings":
				quietStrings = false
			default:
				t.Fatalf("unknown rule %q", rule)
			}
			on := coerce.DefaultRules()
			for _, run := range []struct {
				rules        coerce.Rules
				boolStrings  bool
				code, field  string
				handlerCalls int
			}{
				{on, true, "ok", "", 1},
				{off, quietStrings, "invalid_args", field, 0},
			} {
				n := coercetest.Calls{}
				d, err := coerce.NewDispatcher(coerce.Config{Rules: &run.rules}, coercetest.ToolsWith(n, run.boolStrings)...)
				if err != nil {
					t.Fatal(err)
				}
				o := d.Call(context.Background(), tool, []byte(args))
				if string(o.Code) != run.code || o.Field != run.field || n[tool] != run.handlerCalls {
					t.Errorf("rules %+v, BoolStrings %v: code %s field %q handler ran %d; want %s %q %d\n%s",
						run.rules, run.boolStrings, o.Code, o.Field, n[tool], run.code, run.field, run.handlerCalls, o.Observation)
				}
			}
		})
	}
	for _, rule := range []string{"TrimSpace", "DigitStrings", "BoolStrings"} {
		if seen[rule] == 0 {
			t.Errorf("rule %s has no fixture in rules.tsv", rule)
		}
	}
}

// TestNoRulesStillAcceptsCanonical: with every rule off, canonical JSON still works and the
// rejections say what to send.
func TestNoRulesStillAcceptsCanonical(t *testing.T) {
	none := coerce.Rules{}
	d, err := coerce.NewDispatcher(coerce.Config{Rules: &none}, coercetest.ToolsWith(coercetest.Calls{}, false)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args, code, hint string }{
		{"get_job", `{"job_id":17}`, "ok", ""},
		{"get_user", `{"user_id":"usr_8f3a"}`, "ok", ""},
		{"set_alerts", `{"job_id":17,"enabled":false,"quiet":true}`, "ok", ""},
		{"get_job", `{"job_id":"17"}`, "invalid_args", "not a string"},
		{"get_job", `{"job_id":"   "}`, "invalid_args", "not a string"},
		{"get_user", `{"user_id":"usr_8f3a "}`, "invalid_args", "usr_ then letters and digits"},
		{"get_user", `{"user_id":"   "}`, "invalid_args", "is empty"},
	} {
		o := d.Call(context.Background(), c.tool, []byte(c.args))
		h := parseObservation(t, o.Observation).str("hint")
		if string(o.Code) != c.code || !strings.Contains(h, c.hint) {
			t.Errorf("%s %s: %s, want %s mentioning %q", c.tool, c.args, o.Observation, c.code, c.hint)
		}
	}
}
