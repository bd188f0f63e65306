package tooldef_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/tooldef"
	"coerceplayground/internal/fixture"
)

// TestServers reads the tools/list results of testdata/servers/ and checks, per
// testdata/servers.tsv, which tools coerce reads (each builds a dispatcher) and where and why it
// refuses the others, with the keyword that makes a proxy pass the tool through; a tool it reads
// keeps the definition's text, which reads back as the same tool.
func TestServers(t *testing.T) {
	rows, err := fixture.Read("testdata/servers.tsv", 7)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]int{} // rows per file: every tool of a file has its row
	for _, r := range rows {
		file, tool, want := r.Cols[0], r.Cols[1], r.Cols[2]
		listed[file]++
		data, err := os.ReadFile("testdata/servers/" + file)
		if err != nil {
			t.Fatal(err)
		}
		l, err := tooldef.Read(data)
		if err != nil {
			t.Fatalf("servers.tsv:%d: %v", r.Line, err)
		}
		d, err := l.Pick(tool)
		if want == "ok" {
			if err == nil {
				_, err = coerce.NewDispatcher(coerce.Config{}, d.Tool(nil))
			}
			if err != nil {
				t.Errorf("servers.tsv:%d: %s: %v", r.Line, tool, err)
				continue
			}
			back, err := tooldef.Read([]byte(d.Text))
			if err != nil || len(back.Tools) != 1 || back.Tools[0].Text != d.Text || string(back.Tools[0].Schema.JSONSchema()) != string(d.Schema.JSONSchema()) {
				t.Errorf("servers.tsv:%d: %s does not read back from its text: %v", r.Line, tool, err)
			}
			continue
		}
		e, ok := err.(*tooldef.Error)
		if !ok {
			t.Errorf("servers.tsv:%d: %s was read; want refused", r.Line, tool)
			continue
		}
		if strconv.Itoa(e.Line) != r.Cols[3] || e.Pointer != r.Cols[4] || e.Tool != tool || !contains(e.Msg, r.Cols[5]) || e.Keyword != strings.TrimPrefix(r.Cols[6], "-") {
			t.Errorf("servers.tsv:%d: %s refused with %v (tool %q, keyword %q); want line %s at %s, %q, keyword %s", r.Line, tool, e, e.Tool, e.Keyword, r.Cols[3], r.Cols[4], r.Cols[5], r.Cols[6])
		}
	}
	for file, n := range listed {
		data, _ := os.ReadFile("testdata/servers/" + file)
		l, _ := tooldef.Read(data)
		if got := len(l.Tools) + len(l.Refused); got != n {
			t.Errorf("servers.tsv lists %d tools of %s, which holds %d", n, file, got)
		}
	}
}
