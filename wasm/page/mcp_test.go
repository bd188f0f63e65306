package page

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// TestMCPView: a result's Over MCP view is the exchange lesson.Lab.MCP builds, laid out; an input
// that is not one JSON value has none.
func TestMCPView(t *testing.T) {
	s := New(lesson.Classroom())
	if err := s.Run(); err != nil {
		t.Fatal(err)
	}
	res := s.Results()
	v := s.MCP(res[5]) // 99 → not_found
	for _, w := range []string{`"method": "tools/call"`, `"job_id": 99`} {
		if !strings.Contains(v.Request, w) {
			t.Errorf("request lacks %s:\n%s", w, v.Request)
		}
	}
	for _, w := range []string{`"isError": true`, `"structuredContent"`, `"coerce/code": "not_found"`} {
		if !strings.Contains(v.Response, w) {
			t.Errorf("response lacks %s:\n%s", w, v.Response)
		}
	}
	if ok := s.MCP(res[0]); strings.Contains(ok.Response, "isError") {
		t.Errorf("an ok result is an error over MCP:\n%s", ok.Response)
	}
	bad, _ := s.runOne("{nope")
	if v := s.MCP(bad); v.Request != "" || v.Response != "" {
		t.Errorf("text that is not JSON has an MCP exchange: %+v", v)
	}
}

func TestIndent(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a":1}`, "{\n  \"a\": 1\n}"},
		{`{"a":[],"b":{ },"c":[1,2]}`, "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1,\n    2\n  ]\n}"},
		{`{"h":"x, \"y\": {[a]} \\"}`, "{\n  \"h\": \"x, \\\"y\\\": {[a]} \\\\\"\n}"},
		{`{"a": 1`, `{"a": 1`},
		{`not json`, `not json`},
	} {
		if got := indentJSON([]byte(c.in)); got != c.want {
			t.Errorf("Indent(%s) =\n%s\nwant\n%s", c.in, got, c.want)
		}
	}
}
