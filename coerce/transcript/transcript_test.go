package transcript_test

import (
	"bytes"
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
		calls, errs := transcript.Read(data)
		if len(errs) > 0 {
			t.Errorf("%s: %v", f, errs)
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

// TestAttacks reads each transcript of testdata/attacks.tsv: the calls it finds (tool and
// line) and the errors, each on its own line, with the lines after a broken one still read.
func TestAttacks(t *testing.T) {
	rows, err := fixture.Read("testdata/attacks.tsv", 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		in, err := fixture.Text(r.Cols[1])
		if err != nil {
			t.Fatal(err)
		}
		wantCalls, _ := fixture.Text(r.Cols[2])
		calls, errs := transcript.Read([]byte(in))
		var got []string
		for _, c := range calls {
			got = append(got, c.Tool+"@"+strconv.Itoa(c.Line))
		}
		if g := strings.Join(got, " "); g != strings.TrimPrefix(wantCalls, "-") {
			t.Errorf("%s: calls %q, want %q", r.Cols[0], g, wantCalls)
		}
		want := strings.Split(r.Cols[3], " | ")
		if r.Cols[3] == "-" {
			want = nil
		}
		if len(errs) != len(want) {
			t.Errorf("%s: errors %v, want %v", r.Cols[0], errs, want)
			continue
		}
		for i, w := range want {
			line, phrase, _ := strings.Cut(w, ":")
			if strconv.Itoa(errs[i].Line) != line || !strings.Contains(errs[i].Msg, phrase) {
				t.Errorf("%s: error %v, want line %s, %q", r.Cols[0], errs[i], line, phrase)
			}
		}
	}
}

// TestErrorsCapped: a transcript of 200,000 broken lines lists MaxErrors errors and one more
// that counts the rest.
func TestErrorsCapped(t *testing.T) {
	_, errs := transcript.Read([]byte(strings.Repeat("x\n", 200_000)))
	last := errs[len(errs)-1]
	if len(errs) != transcript.MaxErrors+1 || last.Line != transcript.MaxErrors+1 || !strings.Contains(last.Msg, "and 199900 more errors") {
		t.Errorf("%d errors, the last %v", len(errs), last)
	}
	_, errs = transcript.Read(make([]byte, transcript.MaxBytes+1))
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "over the limit") {
		t.Errorf("an oversized transcript: %v", errs)
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
	f.Add(megabyte())
	f.Fuzz(func(t *testing.T, data []byte) {
		calls, errs := transcript.Read(data)
		lines := strings.Count(string(data), "\n") + 1
		for _, e := range errs {
			if e.Line < 1 || e.Line > lines || e.Msg == "" {
				t.Fatalf("error %+v outside the text", e)
			}
		}
		if len(errs) > transcript.MaxErrors+1 {
			t.Fatalf("%d errors listed", len(errs))
		}
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

// megabyte is a 1 MB transcript: every shape of call, a broken line and a repeated key, again
// and again, so the fuzzer starts from an input of the size the reader must stay linear on.
func megabyte() []byte {
	var one []byte
	files, _ := filepath.Glob("testdata/*.json*")
	for _, name := range files {
		data, _ := os.ReadFile(name)
		one = append(one, data...)
		one = append(one, "\n{\"broken\":\n"...)
	}
	one = append(one, `{"type":"tool_use","name":"a","name":"b","input":{}}`+"\n"...)
	return bytes.Repeat(one, (1<<20)/len(one)+1)
}
