package transcript_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce/transcript"
	"coerceplayground/internal/fixture"
)

// TestTranscripts reads every transcript under testdata/ and checks its calls, in order,
// against testdata/calls.tsv: the tool, the shape, the id, the line and the arguments byte for
// byte.
func TestTranscripts(t *testing.T) {
	rows, err := fixture.Read("testdata/calls.tsv", 6)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]transcript.Call{}
	for _, r := range rows {
		args, err := fixture.Text(r.Cols[5])
		if err != nil {
			t.Fatal(err)
		}
		line, _ := strconv.Atoi(r.Cols[4])
		want[r.Cols[0]] = append(want[r.Cols[0]], transcript.Call{Tool: r.Cols[1], Format: r.Cols[2], ID: r.Cols[3], Line: line, Arguments: args})
	}
	files, _ := filepath.Glob("testdata/*.json*")
	if len(files) != len(want) {
		t.Errorf("%d transcripts, %d in calls.tsv", len(files), len(want))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		calls, err := transcript.Read(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		w := want[filepath.Base(f)]
		if len(calls) != len(w) {
			t.Errorf("%s: %d calls, want %d: %+v", f, len(calls), len(w), calls)
			continue
		}
		for i := range calls {
			if calls[i] != w[i] {
				t.Errorf("%s: call %d is %+v, want %+v", f, i+1, calls[i], w[i])
			}
		}
	}
}

func TestSplit(t *testing.T) {
	data, _ := os.ReadFile("testdata/chat.json")
	calls, _ := transcript.Read(data)
	mine, others := transcript.Split(calls, "get_order")
	if len(mine) != 2 || len(others) != 1 || others[0] != (transcript.Count{Tool: "get_weather", N: 1}) {
		t.Errorf("Split: %d mine, others %+v", len(mine), others)
	}
}

// TestUnreadable: a transcript that is not JSON, or holds no call, says so with its line.
func TestUnreadable(t *testing.T) {
	for _, c := range []struct{ in, line, phrase string }{
		{"{\"a\":1}\n{\"b\":", "2", "not JSON or JSON Lines"},
		{"", "1", "holds no tool call"},
		{`{"role":"user","content":"hi"}`, "1", "holds no tool call"},
		{"{}\n[1,]", "2", "not JSON"},
		{strings.Repeat("[", 200), "1", "nests more than"},
	} {
		_, err := transcript.Read([]byte(c.in))
		e, ok := err.(*transcript.Error)
		if !ok || strconv.Itoa(e.Line) != c.line || !strings.Contains(e.Msg, c.phrase) {
			t.Errorf("%q: %v; want line %s, %q", c.in, err, c.line, c.phrase)
		}
	}
}

// FuzzRead: Read never panics; every call's arguments are a slice of the transcript's text (or
// a string's content), and every line is within the text.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json*")
	for _, name := range files {
		data, _ := os.ReadFile(name)
		f.Add(data)
	}
	f.Add([]byte(`{"type":"tool_use","name":"x","input":[1,{"a":"\u0000"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		calls, err := transcript.Read(data)
		if err != nil {
			if e, ok := err.(*transcript.Error); !ok || e.Msg == "" {
				t.Fatalf("error %v is not a transcript.Error", err)
			}
			return
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, c := range calls {
			if c.Line < 1 || c.Line > lines || c.Format == "" {
				t.Fatalf("call %+v outside the text", c)
			}
			if (c.Format == "mcp" || c.Format == "anthropic") && c.Arguments != "{}" && !strings.Contains(string(data), c.Arguments) {
				t.Fatalf("arguments %q are not the transcript's text", c.Arguments)
			}
		}
	})
}
