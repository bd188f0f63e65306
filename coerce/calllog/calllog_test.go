package calllog_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/coerce/calllog"
	"coerceplayground/internal/fixture"
)

// TestParse reads each line of testdata/lines.tsv and writes it back, or checks its error.
func TestParse(t *testing.T) {
	rows, err := fixture.Read("testdata/lines.tsv", 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		in, err := fixture.Text(r.Cols[1])
		if err != nil {
			t.Fatal(err)
		}
		want, err := fixture.Text(r.Cols[2])
		if err != nil {
			t.Fatal(err)
		}
		l, err := calllog.Parse([]byte(in))
		if phrase, ok := strings.CutPrefix(want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), phrase) {
				t.Errorf("%s: error %v, want %q", r.Cols[0], err, phrase)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", r.Cols[0], err)
			continue
		}
		if got := string(l.AppendJSON(nil)); got != want+"\n" {
			t.Errorf("%s: wrote\n%s want\n%s", r.Cols[0], got, want)
		}
	}
}

// TestRead: a broken line is reported with its own number and the lines after it are read.
func TestRead(t *testing.T) {
	ok := `{"time":"2026-12-04T17:30:00Z","session":"s","tool":"a","code":"ok"}`
	event := `{"time":"2026-12-04T17:30:00Z","event":"upstream_exited"}`
	lines, errs := calllog.Read([]byte(ok + "\n{\"time\":\n\n" + ok + "\r\n" + event + "\n" + ok))
	if len(lines) != 3 || len(errs) != 1 || errs[0].Line != 2 {
		t.Errorf("read %d lines, errors %v; want 3 lines (the event skipped) and line 2", len(lines), errs)
	}
	_, errs = calllog.Read(make([]byte, calllog.MaxBytes+1))
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "over the limit") {
		t.Errorf("an oversized log: %v", errs)
	}
}

// TestWriteCaps: whatever a line holds, what is written is bounded and reads back.
func TestWriteCaps(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	l := calllog.Line{Time: time.Now(), Session: long, Tool: long, Field: "\xff" + long, Code: coerce.InvalidArgs, Forwarded: true, Upstream: 1500 * time.Microsecond}
	for range calllog.MaxRules + 4 {
		l.Rules = append(l.Rules, calllog.Applied{Field: long, Rule: "trim"})
	}
	b := l.AppendJSON(nil)
	if max := 4*calllog.MaxText + calllog.MaxRules*(calllog.MaxText+40) + 200; len(b) > max {
		t.Errorf("a line of %d bytes, over %d", len(b), max)
	}
	back, err := calllog.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Rules) != calllog.MaxRules || back.RulesMore != 4 || back.Upstream != 1500*time.Microsecond || !strings.HasSuffix(back.Tool, "…") {
		t.Errorf("read back %d rules, %d more, upstream %v, tool ending %q", len(back.Rules), back.RulesMore, back.Upstream, back.Tool[len(back.Tool)-8:])
	}
}

// FuzzParse: Parse never panics, and a line it reads is written back as a line it reads the
// same way.
func FuzzParse(f *testing.F) {
	rows, _ := fixture.Read("testdata/lines.tsv", 3)
	for _, r := range rows {
		in, _ := fixture.Text(r.Cols[1])
		f.Add([]byte(in))
	}
	big, _ := os.ReadFile("testdata/lines.tsv")
	f.Add([]byte(strings.Repeat(string(big), (1<<20)/len(big)+1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines, errs := calllog.Read(data)
		for _, e := range errs {
			if e.Line < 1 || e.Msg == "" {
				t.Fatalf("error %+v", e)
			}
		}
		for _, l := range lines {
			b := l.AppendJSON(nil)
			again, err := calllog.Parse(b)
			if err != nil {
				t.Fatalf("%s does not read back: %v", b, err)
			}
			if c := again.AppendJSON(nil); string(c) != string(b) {
				t.Fatalf("written twice differently:\n%s\n%s", b, c)
			}
		}
	})
}
