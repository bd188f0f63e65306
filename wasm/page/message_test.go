package page

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// jsonData is embed.Data over a decoded JSON value; undefined is a missing property.
type jsonData struct {
	v         any
	undefined bool
}

func (d jsonData) Kind() string {
	switch d.v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case nil:
		if d.undefined {
			return "undefined"
		}
		return "null"
	}
	return "other"
}

func (d jsonData) Get(key string) embed.Data {
	m, _ := d.v.(map[string]any)
	v, ok := m[key]
	return jsonData{v: v, undefined: !ok}
}

func (d jsonData) Len() int               { a, _ := d.v.([]any); return len(a) }
func (d jsonData) Index(i int) embed.Data { return jsonData{v: d.v.([]any)[i]} }
func (d jsonData) String() string         { s, _ := d.v.(string); return s }

func TestReadRequest(t *testing.T) {
	raw, err := os.ReadFile("testdata/requests.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(raw), "\n") {
		msg, want, ok := strings.Cut(line, "=>")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		var d jsonData
		if msg = strings.TrimSpace(msg); msg == "undefined" {
			d.undefined = true
		} else if err := json.Unmarshal([]byte(msg), &d.v); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if got := describe(embed.ReadRequest(d)); got != strings.TrimSpace(want) {
			t.Errorf("line %d: %s\n got %q\nwant %q", i+1, msg, got, strings.TrimSpace(want))
		}
	}
	if n < 20 {
		t.Errorf("only %d cases read", n)
	}

	many := make([]any, lesson.MaxRows+1)
	for i := range many {
		many[i] = map[string]any{"input": "1"}
	}
	req := embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "rows": many}})
	if req.RowsErr != "a table holds at most "+strconv.Itoa(lesson.MaxRows)+" rows" || req.Rows != nil {
		t.Errorf("%d rows: %q, %d rows read", len(many), req.RowsErr, len(req.Rows))
	}
}

// describe writes a request as requests.txt does.
func describe(r embed.Request) string {
	out := r.Type
	if r.Type != "setTable" {
		return out
	}
	if r.Tool != "" {
		out += " tool " + r.Tool
	}
	if r.RowsErr != "" {
		return out + " error: " + r.RowsErr
	}
	if r.Question != "" {
		out += " question " + r.Question
	}
	if r.QuestionErr != "" {
		out += " question error: " + r.QuestionErr
	}
	var ins []string
	for _, row := range r.Rows {
		ins = append(ins, row.Input)
	}
	return strings.TrimSpace(out + " rows " + strings.Join(ins, " | "))
}

// The messages posted to the host have the shape the automation contract documents.
func TestMessage(t *testing.T) {
	s := New(lesson.Classroom())
	req := embed.ReadRequest(jsonData{v: map[string]any{"type": "setTable", "rows": []any{
		map[string]any{"input": "17", "want": "ok"}, map[string]any{"input": "99"}}}})
	if m := s.Message(req, s.Answer(req)); m["type"] != embed.ReplyTable || m["rows"] != 2 || len(m) != 2 {
		t.Errorf("setTable: %v", m)
	}
	req = embed.Request{Type: "getResults"}
	if m := s.Message(req, s.Answer(req)); m["type"] != embed.ReplyError || m["code"] != "not_run" || m["request"] != "getResults" || m["message"] == "" {
		t.Errorf("getResults before run: %v", m)
	}
	req = embed.Request{Type: "run"}
	m := s.Message(req, s.Answer(req))
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Type, Request string
		Rows          []struct {
			Input, Want, Code, Observation string
			Pass                           bool
		}
		Summary struct {
			Tool                              string
			Rows, Passed, Failed, Unpredicted int
			Stale                             bool
			Codes                             map[string]int
		}
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.Type != embed.ReplyResults || got.Request != "run" || len(got.Rows) != 2 || got.Rows[0].Code != "ok" || !got.Rows[0].Pass ||
		got.Rows[1].Code != "not_found" || got.Rows[1].Want != "" || got.Rows[1].Observation == "" {
		t.Errorf("results: %s", b)
	}
	if sm := got.Summary; sm.Tool != "get_job" || sm.Rows != 2 || sm.Passed != 1 || sm.Unpredicted != 1 || sm.Stale ||
		sm.Codes["ok"] != 1 || sm.Codes["not_found"] != 1 {
		t.Errorf("summary: %s", b)
	}
	for _, key := range []string{`"input"`, `"want"`, `"code"`, `"observation"`, `"pass"`, `"tool"`, `"passed"`, `"failed"`, `"unpredicted"`, `"stale"`, `"codes"`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("the results message has no %s: %s", key, b)
		}
	}
	if h := embed.HeightMessages(812); h[0]["type"] != embed.ReplyHeight || h[0]["height"] != 812 || h[1]["subject"] != "lti.frameResize" {
		t.Errorf("height: %v", h)
	}
}

// Any message a host can send is read without a panic, and a setTable is either rows or a reason.
func FuzzReadRequest(f *testing.F) {
	f.Add(`{"type":"setTable","rows":[{"input":"17","want":"ok"}]}`)
	f.Add(`{"type":"setTable","rows":[[],{"input":1}]}`)
	f.Add(`[1,{"type":"run"}]`)
	f.Fuzz(func(t *testing.T, msg string) {
		var d jsonData
		if json.Unmarshal([]byte(msg), &d.v) != nil {
			return
		}
		req := embed.ReadRequest(d)
		if req.Type == "setTable" && req.RowsErr == "" && len(req.Rows) != d.Get("rows").Len() {
			t.Fatalf("%s: %d rows read of %d", msg, len(req.Rows), d.Get("rows").Len())
		}
		if req.Type != "setTable" && (req.Rows != nil || req.RowsErr != "") {
			t.Fatalf("%s: rows read for a %q", msg, req.Type)
		}
	})
}

// TestResultsMessageCarriesTraces: each row of a results message (and of the ran message) carries
// its trace, the same steps and values as the result element's data-trace (coerce.Trace.JSON).
func TestResultsMessageCarriesTraces(t *testing.T) {
	s := New(lesson.Classroom())
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	for _, m := range []map[string]any{s.resultsMessage("run"), s.RanMessage()} {
		rows := m["rows"].([]any)
		if len(rows) != len(s.Results()) {
			t.Fatalf("%d rows for %d results", len(rows), len(s.Results()))
		}
		for i, r := range rows {
			got, err := json.Marshal(r.(map[string]any)["trace"])
			var a, b any
			if err != nil || json.Unmarshal(got, &a) != nil || json.Unmarshal(s.Results()[i].Trace.JSON(), &b) != nil {
				t.Fatalf("row %d: trace %s: %v", i+1, got, err)
			}
			if x, y := mustJSON(a), mustJSON(b); x != y || len(s.Results()[i].Trace) == 0 {
				t.Errorf("%s row %d: trace %s, data-trace %s", m["type"], i+1, x, y)
			}
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestAnswer(t *testing.T) {
	s := New(lesson.Classroom())
	if r := s.Answer(embed.Request{Type: "getResults"}); r.Type != embed.ReplyError || r.Code != "not_run" {
		t.Errorf("getResults before run: %+v", r)
	}
	events := record(s)
	r := s.Answer(embed.Request{Type: "setTable", Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: `"abc"`, Want: "ok"}, {Input: "99"}}})
	if r.Type != embed.ReplyTable || r.Rows != 3 || len(s.Table().Rows) != 3 || events.take() != "loaded" || s.CanUndo() {
		t.Fatalf("setTable: %+v", r)
	}
	if r := s.Answer(embed.Request{Type: "run"}); r.Type != embed.ReplyResults || events.take() != "ran, counted" {
		t.Fatalf("run: %+v", r)
	}
	rows, sum := s.resultsReply()
	if len(rows) != 3 || rows[0].Code != "ok" || !rows[0].Pass || rows[1].Code != "invalid_args" || rows[1].Pass ||
		rows[2].Code != "not_found" || rows[2].Want != "" || !strings.Contains(rows[2].Observation, "not_found") {
		t.Errorf("rows %+v", rows)
	}
	if sum.Rows != 3 || sum.Passed != 1 || sum.Failed != 1 || sum.Unpredicted != 1 || sum.Stale || sum.Tool != "get_job" {
		t.Errorf("summary %+v", sum)
	}
	if r := s.Answer(embed.Request{Type: "getResults"}); r.Type != embed.ReplyResults || events.take() != "" {
		t.Errorf("getResults: %+v", r)
	}
	before := s.Table()
	for _, c := range []struct {
		req  embed.Request
		code string
	}{
		{embed.Request{Type: "deleteEverything"}, "unknown_type"},
		{embed.Request{}, "bad_message"},
		{embed.Request{Type: "setTable", RowsErr: "rows is not an array"}, "bad_rows"},
		{embed.Request{Type: "setTable", Rows: []lesson.Row{{Input: "17", Want: "maybe"}}}, "bad_rows"},
		{embed.Request{Type: "setTable", Rows: []lesson.Row{{Input: ""}}}, "bad_rows"},
		{embed.Request{Type: "setTable", Tool: "rm_rf", Rows: []lesson.Row{{Input: "17"}}}, "bad_rows"},
	} {
		r := s.Answer(c.req)
		if r.Type != embed.ReplyError || r.Code != c.code || r.Message == "" {
			t.Errorf("%+v: %+v, want %s", c.req, r, c.code)
		}
	}
	if len(s.Table().Rows) != len(before.Rows) || s.Results() == nil || events.take() != "" {
		t.Error("a refused request changed the table or dropped the results")
	}
	// A host sent an array: a bad row is named by its index, not as a line of text.
	r = s.Answer(embed.Request{Type: "setTable", Rows: []lesson.Row{{Input: "17", Want: "ok"}, {Input: "18", Want: "maybe"}}})
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
		r := s.Answer(embed.Request{Type: "setTable", Rows: []lesson.Row{{Input: "17"}, c.row}})
		if r.Code != "bad_rows" || !strings.HasPrefix(r.Message, c.says) || len(s.Table().Rows) != len(before.Rows) {
			t.Errorf("setTable over a limit: %+v, want %q", r, c.says)
		}
	}
	if r := s.Answer(embed.Request{Type: "setTable", Rows: []lesson.Row{{Input: strings.Repeat("中", lesson.MaxInputBytes/3) + "x"}}}); r.Type != embed.ReplyTable {
		t.Errorf("setTable of a row at the limit: %+v", r)
	}
}

// TestSetTableQuestion: a host's setTable may carry the instructor's own question, held to the
// limits of the text format's @question line; without one the question follows the new rows.
func TestSetTableQuestion(t *testing.T) {
	s := New(lesson.Table{Question: "An old question about other rows?", Rows: []lesson.Row{{Input: "1"}}})
	rows := []lesson.Row{{Input: "17"}, {Input: "-1"}}
	if r := s.Answer(embed.Request{Type: "setTable", Question: "Which ids does get_job take?", Rows: rows}); r.Type != embed.ReplyTable ||
		s.Table().Question != "Which ids does get_job take?" {
		t.Fatalf("setTable with a question: %+v, question %q", r, s.Table().Question)
	}
	for _, req := range []embed.Request{
		{Type: "setTable", QuestionErr: "question is the table's question, one line of text: a string", Rows: rows},
		{Type: "setTable", Question: "two\nlines", Rows: rows},
		{Type: "setTable", Question: strings.Repeat("q", lesson.MaxNoteBytes+1), Rows: rows},
	} {
		if r := s.Answer(req); r.Code != "bad_question" || r.Message == "" || s.Table().Question != "Which ids does get_job take?" {
			t.Errorf("%.40q: %+v; the question is now %q", req.Question, r, s.Table().Question)
		}
	}
	if r := s.Answer(embed.Request{Type: "setTable", Rows: rows}); r.Type != embed.ReplyTable || s.Table().Question != "" {
		t.Errorf("setTable without a question kept %q", s.Table().Question)
	}
}
