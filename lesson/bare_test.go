package lesson

import (
	"encoding/json"
	"strings"
	"testing"

	"coerceplayground/internal/fixture"
)

// TestBareInputs reads testdata/bare.tsv: a value typed without quotes is read as the value of
// the tool's first field, and gets exactly the observation of the same value written out (the
// quoted string, or the argument object), so its hint is about the value.
func TestBareInputs(t *testing.T) {
	rows, err := fixture.Read("testdata/bare.tsv", 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatal("testdata/bare.tsv has no rows")
	}
	forms := map[string]Form{"typed": AsTyped, "value": AsValue, "text": AsText}
	lab := NewLab(LabConfig{NewID: func() string { return "id" }})
	for _, r := range rows {
		tool, wantForm, same, code, field, hint := r.Cols[0], r.Cols[2], r.Cols[3], r.Cols[4], r.Cols[5], r.Cols[6]
		in, err := fixture.Text(r.Cols[1])
		if err != nil {
			t.Fatalf("line %d: %v", r.Line, err)
		}
		form, ok := forms[wantForm]
		if !ok {
			t.Fatalf("line %d: unknown form %q", r.Line, wantForm)
		}
		got := lab.RunRow(tool, Row{Input: in})
		ref := lab.RunRow(tool, Row{Input: same})
		if got.Form != form {
			t.Errorf("line %d: %q read as %v, want %s", r.Line, in, got.Form, wantForm)
		}
		if got.Observation != ref.Observation || got.Code != ref.Code || got.Field != ref.Field {
			t.Errorf("line %d: %q and %q disagree:\n%s\n%s", r.Line, in, same, got.Observation, ref.Observation)
		}
		if sent := string(lab.ArgumentsFor(tool, same)); form != AsTyped && got.Sent != sent {
			t.Errorf("line %d: %q sent %s, want %s", r.Line, in, got.Sent, sent)
		}
		if form == AsTyped && got.Sent != "" {
			t.Errorf("line %d: %q sent as typed, yet Sent = %s", r.Line, in, got.Sent)
		}
		if field == "-" {
			field = ""
		}
		if string(got.Code) != code || got.Field != field {
			t.Errorf("line %d: %q: %s %q, want %s %q", r.Line, in, got.Code, got.Field, code, field)
		}
		h := hintOf(t, got.Observation)
		switch {
		case hint == "-" && h != "":
			t.Errorf("line %d: %q: hint %q, want none", r.Line, in, h)
		case hint != "-" && !strings.Contains(h, hint):
			t.Errorf("line %d: %q: hint %q, want it to mention %q", r.Line, in, h, hint)
		case form == AsText && strings.Contains(h, "not valid JSON"):
			t.Errorf("line %d: bare text %q gets a hint about JSON syntax: %q", r.Line, in, h)
		}
	}
}

func hintOf(t *testing.T, obs string) string {
	t.Helper()
	var o struct{ Hint string }
	if err := json.Unmarshal([]byte(obs), &o); err != nil {
		t.Fatalf("observation %s: %v", obs, err)
	}
	return o.Hint
}

// FuzzReadInput: whatever is typed, an input not sent as typed becomes one JSON object with the
// field alone, and bare text arrives as its own trimmed characters.
func FuzzReadInput(f *testing.F) {
	for _, s := range []string{"0017", " four thousand ", "17", "True", `"17"`, `{"job_id":1}`, `'17'`, "\xff", "17\x00", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		args, form := ReadInput(in, "job_id")
		if form == AsTyped {
			if string(args) != in {
				t.Fatalf("%q sent as typed became %q", in, args)
			}
			return
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(args, &m); err != nil || len(m) != 1 || m["job_id"] == nil {
			t.Fatalf("%q became %s, not one job_id (%v)", in, args, err)
		}
		if form == AsText {
			var s string
			if err := json.Unmarshal(m["job_id"], &s); err != nil || s != strings.TrimSpace(in) {
				t.Fatalf("bare text %q arrived as %s", in, m["job_id"])
			}
		}
	})
}
