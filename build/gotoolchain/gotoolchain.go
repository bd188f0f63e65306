// Package gotoolchain builds the Go toolchain the exercise page compiles a student's program
// with, in the browser: the compiler and the linker of the Go that runs the build, themselves
// built for GOOS=js GOARCH=wasm, and the export data of the standard-library packages an
// exercise may import.
//
// Vocabulary:
//   - The allowlist ([Allowed]) is the packages a student's program may import: what a
//     program that reads argument objects on standard input and writes observations on standard
//     output needs. Every other import is refused by the compiler, since its export data is not
//     there.
//   - The library is std.tar: the .a file of every allowed package and of each package they
//     depend on (the linker needs them all), under pkg/, with two import configurations:
//     importcfg.compile names the allowed packages only, importcfg.link all of them; and lang,
//     the -lang the compiler is given (the Go version's language, as go build passes it).
//   - The key is what the outputs are a function of: the Go version, the allowlist and the
//     build flags. It is written last, to toolchain.key, and an output set whose key matches is
//     current: the build is skipped.
//
// The outputs (compile.wasm, link.wasm, std.tar, toolchain.key and a .br and .gz beside each
// served file) go into the web directory and are never committed.
package gotoolchain

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"coerceplayground/build/webbuild"
)

// Allowed is the allowlist: the standard-library packages an exercise may import.
var Allowed = []string{
	"bufio", "bytes", "encoding/json", "errors", "fmt", "io", "math", "os",
	"slices", "sort", "strconv", "strings", "unicode", "unicode/utf8",
}

// Files are the outputs the exercise page fetches, each served with its .br and .gz sibling.
var Files = []string{"compile.wasm", "link.wasm", "std.tar"}

// KeyName is the file that records the key of the outputs in the web directory.
const KeyName = "toolchain.key"

// gcflags turns inlining off in the toolchain and in the library: the compiler is 4.8 MB brotli
// instead of 6.2, the linker 1.7 instead of 2.1, and the library drops its DWARF too
// (docs/exercise.md). -s -w leaves out the symbol table.
const (
	gcflags = "all=-l -dwarf=false"
	ldflags = "-s -w"
)

// Config says where the module is and how to report.
type Config struct {
	// Root is the module root.
	Root string
	// Go is the go command; empty means "go" from PATH.
	Go string
	// Force rebuilds even when the key matches.
	Force bool
	// Log receives one line per step and the costs; nil discards them.
	Log io.Writer
}

// Build brings the toolchain outputs in the web directory up to date, and reports what they
// cost: bytes raw and brotli, and seconds.
func Build(c Config) error {
	logf := func(format string, args ...any) {
		if c.Log != nil {
			fmt.Fprintf(c.Log, "gotoolchain: "+format+"\n", args...)
		}
	}
	web := webbuild.Web(c.Root)
	key, err := Key(c)
	if err != nil {
		return err
	}
	if !c.Force && current(web, key) {
		return nil
	}
	logf("building the exercise's toolchain for js/wasm (%s)", strings.SplitN(key, "\n", 2)[0])
	start := time.Now()
	for _, cmd := range []string{"compile", "link"} {
		if err := buildTool(c, cmd, filepath.Join(web, cmd+".wasm")); err != nil {
			return err
		}
	}
	lib, err := Library(c)
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(web, "std.tar"), lib); err != nil {
		return err
	}
	built := time.Since(start)
	var raw, br int64
	type size struct {
		raw, br int64
		err     error
	}
	sizes := make([]chan size, len(Files))
	for i, name := range Files { // one file per core at a time would be kinder; three is what there is
		sizes[i] = make(chan size, 1)
		go func() {
			r, b, err := compress(filepath.Join(web, name))
			sizes[i] <- size{r, b, err}
		}()
	}
	for i, name := range Files {
		s := <-sizes[i]
		if s.err != nil {
			return s.err
		}
		logf("%-12s %10d bytes raw, %9d brotli (%s)", name, s.raw, s.br, compressor())
		raw, br = raw+s.raw, br+s.br
	}
	logf("%-12s %10d bytes raw, %9d brotli; built in %.0f s, compressed in %.0f s", "total", raw, br,
		built.Seconds(), (time.Since(start) - built).Seconds())
	return writeFile(filepath.Join(web, KeyName), []byte(key))
}

// Key is the key of the outputs the build would write now.
func Key(c Config) (string, error) {
	version, err := goOut(c, nil, "env", "GOVERSION")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(version) + "\nallowed " + strings.Join(Allowed, " ") +
		"\ngcflags " + gcflags + "\nldflags " + ldflags + "\ncompressed with " + compressor() + "\n", nil
}

// current reports whether every output and sibling is there and the recorded key is key.
func current(web, key string) bool {
	got, err := os.ReadFile(filepath.Join(web, KeyName))
	if err != nil || string(got) != key {
		return false
	}
	for _, name := range Files {
		for _, ext := range []string{"", ".br", ".gz"} {
			if _, err := os.Stat(filepath.Join(web, name+ext)); err != nil {
				return false
			}
		}
	}
	return true
}

// buildTool builds cmd/<name> for js/wasm into out.
func buildTool(c Config, name, out string) error {
	_, err := goOut(c, wasmEnv(), "build", "-trimpath", "-gcflags="+gcflags, "-ldflags="+ldflags, "-o", out, "cmd/"+name)
	return err
}

// Library returns std.tar: the export data of the allowlist and its dependencies, with the two
// import configurations and the language version.
func Library(c Config) ([]byte, error) {
	args := append([]string{"list", "-export", "-deps", "-gcflags=" + gcflags, "-f", "{{.ImportPath}}\t{{.Export}}"}, Allowed...)
	out, err := goOut(c, wasmEnv(), args...)
	if err != nil {
		return nil, err
	}
	version, err := goOut(c, nil, "env", "GOVERSION")
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	var compileCfg, linkCfg strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		path, export, ok := strings.Cut(line, "\t")
		if !ok || export == "" {
			continue // unsafe has no export data: the compiler knows it
		}
		data, err := os.ReadFile(export)
		if err != nil {
			return nil, err
		}
		name := "pkg/" + path + ".a"
		if err := addFile(tw, name, data); err != nil {
			return nil, err
		}
		fmt.Fprintf(&linkCfg, "packagefile %s=/std/%s\n", path, name)
		for _, a := range Allowed {
			if a == path {
				fmt.Fprintf(&compileCfg, "packagefile %s=/std/%s\n", path, name)
			}
		}
	}
	for _, f := range [][2]string{
		{"importcfg.compile", compileCfg.String()},
		{"importcfg.link", linkCfg.String()},
		{"lang", Lang(strings.TrimSpace(version))},
	} {
		if err := addFile(tw, f[0], []byte(f[1])); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Lang is the -lang go build gives the compiler for a module of Go version v: "go1.26" for
// "go1.26.8".
func Lang(v string) string {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return parts[0] + "." + parts[1]
}

func addFile(tw *tar.Writer, name string, data []byte) error {
	if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Format: tar.FormatUSTAR}); err != nil {
		return err
	}
	_, err := tw.Write(data)
	return err
}

func wasmEnv() []string { return []string{"GOOS=js", "GOARCH=wasm"} }

// goOut runs the go command with env added and returns its standard output; an error carries
// its standard error.
func goOut(c Config, env []string, args ...string) (string, error) {
	name := c.Go
	if name == "" {
		name = "go"
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = c.Root
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return string(out), nil
}

// compress writes name.br and name.gz and returns the raw and brotli sizes.
func compress(name string) (raw, br int64, err error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, 0, err
	}
	b, err := brotliOf(name, data)
	if err != nil {
		return 0, 0, err
	}
	g, err := webbuild.Gzip(data)
	if err != nil {
		return 0, 0, err
	}
	if err := writeFile(name+".br", b); err != nil {
		return 0, 0, err
	}
	if err := writeFile(name+".gz", g); err != nil {
		return 0, 0, err
	}
	return int64(len(data)), int64(len(b)), nil
}

// brotliCLI is the brotli command's quality and window for the toolchain, the page's own (11,
// 2^24). The pure-Go encoder at 11 takes many minutes on the toolchain's 78 MB; at quality 9,
// its fallback when no brotli command is installed, the files are 0.85 MB larger in all
// (docs/exercise.md).
var brotliCLI = []string{"-q", "11", "-w", "24", "-c"}

const goBrotliQuality = 9

// compressor names how the .br files are made here, for the key: the brotli command when it is
// installed, else the Go encoder at goBrotliQuality.
func compressor() string {
	if _, err := exec.LookPath("brotli"); err == nil {
		return "brotli " + strings.Join(brotliCLI[:4], " ")
	}
	return "go brotli q" + strconv.Itoa(goBrotliQuality)
}

func brotliOf(name string, data []byte) ([]byte, error) {
	if path, err := exec.LookPath("brotli"); err == nil {
		var stderr bytes.Buffer
		cmd := exec.Command(path, append(brotliCLI, name)...)
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("brotli %s: %v\n%s", name, err, stderr.Bytes())
		}
		return out, nil
	}
	return webbuild.BrotliQuality(data, goBrotliQuality)
}

// writeFile replaces name through a temporary file beside it, so a server never sends half a
// file.
func writeFile(name string, data []byte) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}
