package gotoolchain

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"coerceplayground/build/webbuild"
	"coerceplayground/internal/nodewasm"
)

func TestLang(t *testing.T) {
	for v, want := range map[string]string{"go1.26.8": "go1.26", "go1.26": "go1.26", "devel": "devel"} {
		if got := Lang(v); got != want {
			t.Errorf("Lang(%q) = %q, want %q", v, got, want)
		}
	}
}

// result is what testdata/build_node.js prints.
type result struct {
	Build struct {
		OK     bool
		Step   string
		Errors string
	}
	Run *struct {
		Code   int
		Stdout string
		Stderr string
	}
}

// TestToolchainMatchesGoBuild compiles and links each program in testdata/programs with the
// toolchain in the web directory, under Node through web/gorun.js (what the exercise page's
// Worker runs), and with go build: the same compile errors, word for word, or the same output
// and exit code on the same standard input.
func TestToolchainMatchesGoBuild(t *testing.T) {
	execWasm := nodewasm.Exec(t)
	root, err := webbuild.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	web := webbuild.Web(root)
	key, err := Key(Config{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if !current(web, key) {
		if os.Getenv("CI") == "true" {
			t.Fatal("the exercise's toolchain is not built: make build builds it")
		}
		t.Skip("the exercise's toolchain is not built (make build)")
	}
	stdin := filepath.Join("testdata", "programs", "stdin.txt")
	files, _ := filepath.Glob(filepath.Join("testdata", "programs", "*.go"))
	if len(files) == 0 {
		t.Fatal("no programs in testdata/programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ours := inNode(t, web, file, stdin)
			goErrs, goRun := withGoBuild(t, execWasm, file, stdin)
			if goErrs != "" {
				if ours.Build.OK || ours.Build.Step != "compile" {
					t.Fatalf("go build failed but ours built (%+v):\n%s", ours.Build, goErrs)
				}
				if ours.Build.Errors != goErrs {
					t.Errorf("compile errors differ\nours:\n%s\ngo build:\n%s", ours.Build.Errors, goErrs)
				}
				return
			}
			if !ours.Build.OK || ours.Run == nil {
				t.Fatalf("ours did not build: %+v", ours.Build)
			}
			if ours.Run.Stdout != goRun.stdout || ours.Run.Code != goRun.code {
				t.Errorf("ours: exit %d, stdout %q\ngo build: exit %d, stdout %q", ours.Run.Code, ours.Run.Stdout, goRun.code, goRun.stdout)
			}
			if first(ours.Run.Stderr) != first(goRun.stderr) {
				t.Errorf("first line of stderr: ours %q, go build's %q", first(ours.Run.Stderr), first(goRun.stderr))
			}
		})
	}
}

func first(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

func inNode(t *testing.T, web, file, stdin string) result {
	t.Helper()
	cmd := exec.Command("node", filepath.Join("testdata", "build_node.js"), web, file, stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var r result
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("node printed %q: %v", out, err)
	}
	return r
}

type goRun struct {
	code           int
	stdout, stderr string
}

// withGoBuild builds file as the only file of a module of this Go's language version, for
// js/wasm, and returns go build's errors without its "# m" heading, or the program's run under
// Node on stdin.
func withGoBuild(t *testing.T, execWasm, file, stdin string) (string, goRun) {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	mod := "module m\n\ngo " + strings.TrimPrefix(Lang(runtime.Version()), "go") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", "main.wasm", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		return strings.TrimPrefix(string(out), "# m\n"), goRun{}
	}
	in, err := os.Open(stdin)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	run := exec.Command(execWasm, filepath.Join(dir, "main.wasm"))
	run.Stdin = in
	var stdout, stderr bytes.Buffer
	run.Stdout, run.Stderr = &stdout, &stderr
	code := 0
	if err := run.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return "", goRun{code, stdout.String(), stderr.String()}
}
