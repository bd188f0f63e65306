package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestCLI runs the command on the fixtures: the exit status, stdout against its golden file
// (one JSON line per call), and a phrase of stderr.
func TestCLI(t *testing.T) {
	const (
		order   = "../../coerce/tooldef/testdata/get_order.json"
		getJob  = "../../coerce/tooldef/testdata/get_job.json"
		servers = "../../coerce/tooldef/testdata/servers/"
		scripts = "../../coerce/transcript/testdata/"
	)
	for _, c := range []struct {
		name   string
		args   []string
		stdin  string
		exit   int
		stderr string
	}{
		{"order-args", []string{"-tool", order, "-grant", "orders.read"}, "testdata/order.args", 0, ""},
		{"order-denied", []string{"-tool", order}, "testdata/order.args", 0, ""},
		{"classroom", []string{"-tool", getJob}, "testdata/classroom.args", 0, ""},
		{"chat", []string{"-tool", order, "-in", "transcript", "-grant", "orders.read"}, scripts + "chat.json", 0, "1 call to a tool not given with -tool was not run: get_weather (1)."},
		{"mcp", []string{"-tool", order, "-in", "transcript", "-grant", "orders.read"}, scripts + "mcp.jsonl", 0, "search_orders (1)"},
		{"conversation", []string{"-tool", order, "-tool", getJob, "-in", "transcript", "-grant", "orders.read"}, scripts + "conversation.jsonl", 0, ""},
		{"list", []string{"-tool", servers + "filesystem.json", "-in", "transcript"}, "testdata/fs.jsonl", 0, "the tool read_text_file is left out: line 10"},
		{"refused", []string{"-tool", servers + "fetch.json"}, "testdata/order.args", 2, "line 11, at /tools/0/inputSchema/properties/url/format: format is not supported"},
		{"no-file", []string{"-tool", "testdata/none.json"}, "testdata/order.args", 2, "testdata/none.json cannot be read: there is no such file."},
		{"not-json", []string{"-tool", "testdata/order.args"}, "testdata/order.args", 2, "testdata/order.args: line 2: the text has more after its JSON value."},
		{"no-tool", nil, "testdata/order.args", 2, "give at least one tool with -tool FILE."},
		{"two-tools-args", []string{"-tool", order, "-tool", getJob}, "testdata/order.args", 2, "-in args calls one tool, and the files hold 2 (get_order, get_job)"},
		{"bad-in", []string{"-tool", order, "-in", "csv"}, "testdata/order.args", 2, "-in is args or transcript, not csv."},
		{"bad-transcript", []string{"-tool", order, "-in", "transcript"}, "testdata/order.args", 2, "the transcript cannot be read: line 1: the transcript holds no tool call"},
		{"twice", []string{"-tool", order, "-tool", order}, "testdata/order.args", 2, "the tool get_order is given twice."},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, err := os.Open(c.stdin)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var out, errOut bytes.Buffer
			code := run(context.Background(), c.args, in, &out, &errOut)
			if code != c.exit {
				t.Errorf("exit %d, want %d; stderr %s", code, c.exit, errOut.String())
			}
			if c.stderr == "" && errOut.Len() > 0 || !strings.Contains(errOut.String(), c.stderr) {
				t.Errorf("stderr %q, want %q", errOut.String(), c.stderr)
			}
			golden := "testdata/" + c.name + ".golden"
			if c.exit != 0 {
				if out.Len() > 0 {
					t.Errorf("stdout %q on exit %d", out.String(), code)
				}
				return
			}
			if *update {
				os.WriteFile(golden, out.Bytes(), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("stdout differs from %s:\n%s", golden, out.String())
			}
		})
	}
}
