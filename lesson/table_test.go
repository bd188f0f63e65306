package lesson

import (
	"errors"
	"strings"
	"testing"
)

func TestClassroomTableIsTheLesson(t *testing.T) {
	want := []Row{
		{Input: `"17"`, Want: "ok"}, {Input: `17`, Want: "ok"}, {Input: `-1`, Want: "invalid_args"},
		{Input: `"abc"`, Want: "invalid_args"}, {Input: `True`, Want: "invalid_args"}, {Input: `99`, Want: "not_found"},
	}
	got := Classroom().Rows
	if len(got) != len(want) {
		t.Fatalf("classroom has %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Input != want[i].Input || got[i].Want != want[i].Want || got[i].Note == "" {
			t.Errorf("row %d = %+v, want input %s want %s with a note", i+1, got[i], want[i].Input, want[i].Want)
		}
	}
}

func TestParseTable(t *testing.T) {
	for _, c := range []struct {
		name, text string
		rows       []Row
	}{
		{"spaces inside the input", `{"job_id": 17, "x": 1}   invalid_args`, []Row{{Input: `{"job_id": 17, "x": 1}`, Want: "invalid_args"}}},
		{"note mentions a code", `99  not_found  # not ok: no job 99`, []Row{{Input: `99`, Want: "not_found", Note: "not ok: no job 99"}}},
		{"hash and code inside a string", `"a ok # b"  invalid_args`, []Row{{Input: `"a ok # b"`, Want: "invalid_args"}}},
		{"unclosed string", `"17  invalid_args`, []Row{{Input: `"17`, Want: "invalid_args"}}},
		{"predict mode", `17 ?`, []Row{{Input: `17`}}},
		{"comments, blanks, CRLF and tabs", "# head\r\n\r\n17\tok\r\n  # later comment\n-1 invalid_args\n", []Row{{Input: "17", Want: "ok"}, {Input: "-1", Want: "invalid_args"}}},
		{"input that is itself a code word", `ok invalid_args`, []Row{{Input: `ok`, Want: "invalid_args"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb, err := ParseTable(c.text)
			if err != nil {
				t.Fatal(err)
			}
			if len(tb.Rows) != len(c.rows) {
				t.Fatalf("got %d rows %+v, want %+v", len(tb.Rows), tb.Rows, c.rows)
			}
			for i := range c.rows {
				if tb.Rows[i] != c.rows[i] {
					t.Errorf("row %d = %+v, want %+v", i+1, tb.Rows[i], c.rows[i])
				}
			}
		})
	}
}

func TestParseTableErrorsNameTheLine(t *testing.T) {
	for _, c := range []struct {
		text    string
		line    int
		mention string
	}{
		{"17 ok\n\n18 okay\n", 3, "does not end with a code"},
		{"# c\nok\n", 2, "no input"},
		{"17 ok\n\"\xff\" ok\n", 2, "UTF-8"},
		{strings.Repeat("x", MaxInputBytes+1) + " ok", 1, "bytes"},
	} {
		_, err := ParseTable(c.text)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: error %v is not a *ParseError", c.text, err)
		}
		if pe.Line != c.line || !strings.Contains(pe.Msg, c.mention) {
			t.Errorf("%q: got line %d %q, want line %d mentioning %q", c.text, pe.Line, pe.Msg, c.line, c.mention)
		}
		if !strings.HasPrefix(err.Error(), "line ") {
			t.Errorf("error text %q does not start with the line", err)
		}
	}
}

func TestFormatTableRoundTrips(t *testing.T) {
	tables := []Table{
		Classroom(),
		{Rows: []Row{{Input: `{"job_id": "17 ok"}`, Want: "ok", Note: "mentions invalid_args"}, {Input: `x`, Want: "ok", Note: "ok"}, {Input: "١٧", Want: ""}}},
	}
	for _, tb := range tables {
		text := FormatTable(tb)
		back, err := ParseTable(text)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if len(back.Rows) != len(tb.Rows) || strings.Join(back.Preamble, "\n") != strings.Join(tb.Preamble, "\n") {
			t.Fatalf("round trip changed the table:\n%s", text)
		}
		for i := range tb.Rows {
			if back.Rows[i] != tb.Rows[i] {
				t.Errorf("row %d: %+v became %+v\n%s", i+1, tb.Rows[i], back.Rows[i], text)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		row     Row
		mention string
	}{
		{Row{Input: "  "}, "empty"},
		{Row{Input: "1\n2", Want: "ok"}, "line break"},
		{Row{Input: "1", Want: "fine"}, "unknown code"},
	} {
		err := Table{Rows: []Row{{Input: "17", Want: "ok"}, c.row}}.Check()
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Msg, c.mention) {
			t.Errorf("%+v: got %v, want row 2 mentioning %q", c.row, err, c.mention)
		}
	}
	if err := Classroom().Check(); err != nil {
		t.Errorf("classroom fails Check: %v", err)
	}
}

func TestShareRoundTripAndContract(t *testing.T) {
	tb := Table{Rows: []Row{{Input: `"17"`, Want: "ok"}, {Input: `<img src=x onerror=alert(1)>`, Want: "invalid_args", Note: "inert"}, {Input: "１７"}}}
	payload := EncodeShare(tb)
	if strings.ContainsAny(payload, "+/=") {
		t.Errorf("payload %q is not unpadded base64url", payload)
	}
	if got := string(ShareJSON(Table{Rows: tb.Rows[:1]})); got != `{"rows":[{"input":"\"17\"","want":"ok"}]}` {
		t.Errorf("share JSON = %s", got)
	}
	back, err := DecodeShare(payload)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tb.Rows {
		if back.Rows[i] != tb.Rows[i] {
			t.Errorf("row %d: %+v became %+v", i+1, tb.Rows[i], back.Rows[i])
		}
	}
	if _, err := DecodeShare(payload + "=="); err != nil {
		t.Errorf("padded payload rejected: %v", err)
	}
}

// An instructor's comments above the first row travel in the payload, so the saved table and a
// link keep them; a preamble that could smuggle in rows is refused.
func TestSharePreamble(t *testing.T) {
	tb, err := ParseTable("# Week 3: predict before you run\n#   ask why 99 fails\n17 ok\n")
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeShare(EncodeShare(tb))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"# Week 3: predict before you run", "#   ask why 99 fails"}; strings.Join(back.Preamble, "|") != strings.Join(want, "|") {
		t.Errorf("preamble %q, want %q", back.Preamble, want)
	}
	if got := FormatTable(back); !strings.HasPrefix(got, "# Week 3: predict before you run\n#   ask why 99 fails\n") {
		t.Errorf("formatted table lost the preamble:\n%s", got)
	}
	if got := string(ShareJSON(Table{Preamble: []string{"# a"}, Rows: tb.Rows})); got != `{"preamble":["# a"],"rows":[{"input":"17","want":"ok"}]}` {
		t.Errorf("share JSON = %s", got)
	}
	enc := func(s string) string { return EncodeShareRaw([]byte(s)) }
	for _, bad := range []string{`"# a"`, `[1]`, `["not a comment"]`, `["# a\n17 ok"]`, `["# a\r"]`} {
		if _, err := DecodeShare(enc(`{"preamble":` + bad + `,"rows":[{"input":"17","want":"ok"}]}`)); !errors.Is(err, ErrShare) {
			t.Errorf("preamble %s: %v, want ErrShare", bad, err)
		}
	}
	long := `["#"` + strings.Repeat(`,"#"`, MaxPreamble) + `]`
	if _, err := DecodeShare(enc(`{"preamble":` + long + `,"rows":[{"input":"17","want":"ok"}]}`)); !errors.Is(err, ErrShare) {
		t.Errorf("a preamble of %d lines: %v, want ErrShare", MaxPreamble+1, err)
	}
}

func TestDecodeShareRejectsMalformed(t *testing.T) {
	enc := func(s string) string { return EncodeShareRaw([]byte(s)) }
	for _, payload := range []string{
		"%%%", enc(`[]`), enc(`{"rows":{}}`), enc(`{}`), enc(`{"rows":[{"want":"ok"}]}`),
		enc(`{"rows":[{"input":17,"want":"ok"}]}`), enc(`{"rows":[{"input":"17","want":"okay"}]}`),
		enc(`{"rows":[{"input":"17","want":"ok"}]} x`), enc(`{"rows":[{"input":"17","input":"18"}]}`),
		enc(`{"rows":[{"input":"","want":"ok"}]}`), enc("{\"rows\":[{\"input\":\"\xff\"}]}"),
	} {
		if _, err := DecodeShare(payload); !errors.Is(err, ErrShare) {
			t.Errorf("DecodeShare(%q) = %v, want ErrShare", payload, err)
		}
	}
	if tb, err := DecodeShare(enc(`{"v":2,"rows":[{"input":"17","want":"ok","later":[1]}]}`)); err != nil || len(tb.Rows) != 1 {
		t.Errorf("unknown keys should be ignored: %v %+v", err, tb)
	}
}

// A @question line is the table's own question: the rest of its line, "#" included; it is
// written back by FormatTable and carried by a link, and what cannot be a question is an error
// naming its line.
func TestQuestionLine(t *testing.T) {
	tb, err := ParseTable("@question  Which is job #17?  \n17  ok\n")
	if err != nil || tb.Question != "Which is job #17?" {
		t.Fatalf("read %q (%v)", tb.Question, err)
	}
	if back, err := ParseTable(FormatTable(tb)); err != nil || back.Question != tb.Question {
		t.Errorf("written and read back: %q (%v)\n%s", back.Question, err, FormatTable(tb))
	}
	if back, err := DecodeShare(EncodeShare(tb)); err != nil || back.Question != tb.Question {
		t.Errorf("through a link: %q (%v)", back.Question, err)
	}
	if w := Worksheet(tb); w.Question != tb.Question {
		t.Error("the worksheet lost the question")
	}
	for text, want := range map[string]string{
		"@question\n17 ok":                       "line 1: @question needs its text",
		"17 ok\n@question a\n@question b":        "line 3: a table asks one question",
		"@question " + strings.Repeat("x", 1025): "line 1: the question is 1,025 bytes",
		"@questions a":                           "line 1: unknown directive",
	} {
		if _, err := ParseTable(text); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%.30q: %v, want %q", text, err, want)
		}
	}
	if err := (Table{Question: " padded", Rows: []Row{{Input: "17"}}}).Check(); err == nil {
		t.Error("Check took a question with surrounding spaces")
	}
	if _, err := DecodeShare(EncodeShareRaw([]byte(`{"question":"a\nb","rows":[]}`))); err == nil {
		t.Error("a link took a question of two lines")
	}
}
