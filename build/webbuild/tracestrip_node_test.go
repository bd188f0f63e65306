package webbuild

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/internal/nodewasm"
)

// runWasm runs a js/wasm binary under Node in dir and returns its stdout, stderr and error.
func runWasm(t *testing.T, dir, bin string, args ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(nodewasm.Exec(t), append([]string{bin}, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

// TestStrippedProbeUnderNode runs testdata/stripprobe stripped and as its twin: the same
// output, and the stripped one's runtime.Caller and traceback know no file or line.
func TestStrippedProbeUnderNode(t *testing.T) {
	twin, stripped := buildProbe(t)
	wantOut, wantErr, err := runWasm(t, ".", twin)
	if err != nil {
		t.Fatalf("the twin: %v\n%s%s", err, wantOut, wantErr)
	}
	out, errOut, err := runWasm(t, ".", stripped)
	if err != nil {
		t.Fatalf("stripped: %v\n%s%s", err, out, errOut)
	}
	if out != wantOut {
		t.Errorf("stripped, the probe printed\n%s\nits twin printed\n%s", out, wantOut)
	}
	for _, want := range []string{"value method main.T.M called using nil *T pointer", "MakeFunc: 2 1", "goroutines: ["} {
		if !strings.Contains(out, want) {
			t.Errorf("the probe's output has no %q:\n%s", want, out)
		}
	}
	if !strings.Contains(wantErr, "main.go:") || !strings.Contains(errOut, "caller: ?:0") {
		t.Errorf("runtime.Caller: twin %q, stripped %q; want main.go and ?:0", wantErr, errOut)
	}
	_, twinCrash, _ := runWasm(t, ".", twin, "crash")
	_, crash, err := runWasm(t, ".", stripped, "crash")
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Errorf("a stripped panic exited with %v, want status 2", err)
	}
	if !strings.Contains(crash, "panic: boom") || !strings.Contains(crash, "?:0") || strings.Contains(crash, "main.go") {
		t.Errorf("the stripped traceback:\n%s", crash)
	}
	if !strings.Contains(twinCrash, "main.main") || !strings.Contains(twinCrash, "main.go:") {
		t.Errorf("the twin's traceback is not symbolised:\n%s", twinCrash)
	}
}

// TestSymbolize reads a stripped module's crash (GOTRACEBACK=system, which prints each
// frame's pc) with its twin: the result is the twin's own traceback, line for line, but the
// "created by" lines (and the file line after each), which carry no pc.
func TestSymbolize(t *testing.T) {
	twin, stripped := buildProbe(t)
	t.Setenv("GOTRACEBACK", "system")
	_, want, _ := runWasm(t, ".", twin, "crash")
	_, crash, _ := runWasm(t, ".", stripped, "crash")
	bin, err := os.ReadFile(twin)
	if err != nil {
		t.Fatal(err)
	}
	syms, err := ReadSymbols(bin)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	if err := Symbolize(syms, strings.NewReader(crash), &got); err != nil {
		t.Fatal(err)
	}
	gl, wl := strings.Split(got.String(), "\n"), strings.Split(want, "\n")
	if len(gl) != len(wl) || !strings.Contains(want, "main.main()") {
		t.Fatalf("symbolised:\n%s\nthe twin's own:\n%s", got.String(), want)
	}
	for i := range wl {
		if gl[i] != wl[i] && !strings.HasPrefix(wl[i], "created by ") && (i == 0 || !strings.HasPrefix(wl[i-1], "created by ")) {
			t.Errorf("line %d: symbolised %q, the twin's %q", i+1, gl[i], wl[i])
		}
	}
	if bin, err := os.ReadFile(stripped); err != nil {
		t.Fatal(err)
	} else if _, err := ReadSymbols(bin); err == nil {
		t.Error("ReadSymbols read symbols out of a stripped module")
	}
}

// TestStrippedSuitesUnderNode builds the coerce and lesson test binaries for js/wasm with
// app.wasm's flags, strips them as the page is stripped, and runs them under Node: the code
// the page serves passes its own tests with the traceback tables blanked.
func TestStrippedSuitesUnderNode(t *testing.T) {
	nodewasm.Exec(t)
	dir := t.TempDir()
	for _, pkg := range []string{"coerce", "lesson"} {
		t.Run(pkg, func(t *testing.T) {
			bin := filepath.Join(dir, pkg+".test")
			cmd := exec.Command("go", "test", "-c", "-o", bin, "-trimpath", "-gcflags=all=-l", "-gcflags=syscall/js=", "./"+pkg)
			cmd.Dir = "../.."
			cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go test -c ./%s: %v\n%s", pkg, err, out)
			}
			if err := finishWasm(Config{Go: "go"}, bin, ""); err != nil {
				t.Fatal(err)
			}
			out, errOut, err := runWasm(t, filepath.Join("../..", pkg), bin, "-test.short", "-test.count=1")
			if err != nil || !strings.Contains(out, "PASS") {
				t.Fatalf("stripped %s tests: %v\n%s%s", pkg, err, out, errOut)
			}
		})
	}
}
