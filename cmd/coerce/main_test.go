package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"coerceplayground/internal/fixture"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// fixtures are the stand-ins of testdata/cli.tsv's arguments column.
var fixtures = strings.NewReplacer(
	"$ORDER", "../../coerce/tooldef/testdata/get_order.json",
	"$GETJOB", "../../coerce/tooldef/testdata/get_job.json",
	"$SERVERS", "../../coerce/tooldef/testdata/servers",
	"$SCRIPTS", "../../coerce/transcript/testdata",
)

// TestCLI runs the command on each row of testdata/cli.tsv: the exit status, stdout against
// its golden file, a phrase of stderr, and that every line of stderr is the command's own.
func TestCLI(t *testing.T) {
	rows, err := fixture.Read("testdata/cli.tsv", 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		name, exit := r.Cols[0], r.Cols[3]
		t.Run(name, func(t *testing.T) {
			args, stdin := cliInput(t, r.Cols[1], r.Cols[2])
			var out, errOut bytes.Buffer
			code := run(context.Background(), args, stdin, &out, &errOut)
			if strconv.Itoa(code) != exit {
				t.Errorf("exit %d, want %s; stderr %s", code, exit, errOut.String())
			}
			checkStderr(t, errOut.String(), r.Cols[4])
			if code == 2 {
				if out.Len() > 0 {
					t.Errorf("stdout %q on exit 2", out.String())
				}
				return
			}
			golden("testdata/"+name+".golden", t, out.Bytes())
		})
	}
}

// cliInput reads a row's arguments and standard input.
func cliInput(t *testing.T, argText, stdinText string) ([]string, io.Reader) {
	var args []string
	for _, a := range strings.Fields(fixtures.Replace(argText)) {
		a, err := fixture.Text(a)
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, a)
	}
	if file, ok := strings.CutPrefix(stdinText, "@"); ok {
		data, err := os.ReadFile(fixtures.Replace(file))
		if err != nil {
			t.Fatal(err)
		}
		return args, bytes.NewReader(data)
	}
	text, err := fixture.Text(stdinText)
	if err != nil {
		t.Fatal(err)
	}
	return args, strings.NewReader(text)
}

// checkStderr: stderr holds the phrase (or is empty for "-"), and each of its lines is one of
// the command's, bounded.
func checkStderr(t *testing.T, stderr, phrase string) {
	t.Helper()
	if phrase == "-" && stderr != "" || phrase != "-" && !strings.Contains(stderr, phrase) {
		t.Errorf("stderr %q, want %q", stderr, phrase)
	}
	for _, line := range strings.SplitAfter(stderr, "\n") {
		own := strings.HasPrefix(line, "coerce: ") || strings.HasPrefix(line, "coerce report: ")
		if line != "" && (!own || !strings.HasSuffix(line, ".\n") || len(line) > 1024) {
			t.Errorf("a stderr line that is not one sentence of the command's: %q", line)
		}
	}
}

func golden(path string, t *testing.T, got []byte) {
	t.Helper()
	if *update {
		os.WriteFile(path, got, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("stdout differs from %s:\n%s", path, got)
	}
}

// fullDisk fails every write as a full disk does.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestWriteError: output that cannot be written is exit 1 and one sentence, for a writer that
// fails and for /dev/full itself where there is one.
func TestWriteError(t *testing.T) {
	outs := map[string]io.Writer{"fullDisk": fullDisk{}}
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer f.Close()
		outs["/dev/full"] = f
	}
	for name, w := range outs {
		for _, args := range [][]string{
			{"-tool", fixtures.Replace("$GETJOB")},
			{"-tool", fixtures.Replace("$ORDER"), "-in", "transcript"},
			{"report", "-tool", fixtures.Replace("$ORDER")},
		} {
			stdin := "{\"job_id\":17}\n"
			if len(args) > 2 {
				stdin = `{"type":"tool_use","name":"get_order","input":{}}`
			}
			var errOut bytes.Buffer
			code := run(context.Background(), args, strings.NewReader(stdin), w, &errOut)
			want := "coerce: standard output could not be written: the disk is full.\n"
			if args[0] == "report" {
				want = "coerce report: standard output could not be written: the disk is full.\n"
			}
			if code != 1 || errOut.String() != want {
				t.Errorf("%s %v: exit %d, stderr %q; want 1, %q", name, args, code, errOut.String(), want)
			}
		}
	}
}
