package webbuild

// Building a Go package for the browser: the flags, then the post-link passes.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Twin is where [Build] keeps app.wasm's symbolised twin: the same link with its traceback
// tables ([StripTraceback]) left in, so the same code, byte for byte, with the same function
// indexes and PCs. It is never served (docs/performance.md says how to read a stripped
// traceback with it).
func Twin(root string) string { return filepath.Join(root, "out", "app.symbols.wasm") }

// BuildWasm builds the Go package pkg (a path relative to c.Root) for the browser into out,
// with the flags app.wasm is built with, its traceback tables blanked ([StripTraceback]) and
// its data segments joined ([PackData]), so a benchmark's own page is built as the
// playground is.
func BuildWasm(c Config, pkg, out string) error {
	return buildWasm(c, pkg, out, "-s -w", "")
}

// buildWasm builds pkg with app.wasm's flags and the given -ldflags ("-s -w" for the page,
// "-w" to keep the name section, function names, for [PackageSizes]), joins its data segments
// and blanks its traceback tables; twin, when not empty, gets the module before the blanking.
func buildWasm(c Config, pkg, out, ldflags, twin string) error {
	if c.Go == "" {
		c.Go = "go"
	}
	tmp, err := tempName(out)
	if err != nil {
		return err
	}
	// -gcflags=all=-l turns inlining off: app.wasm grows (4.07 MB instead of 3.8 MB) but
	// compresses far better, since calls repeat where inlined bodies did not: ~736 KB instead of
	// ~790 KB brotli, ~1000 KB instead of ~1050 KB gzip (brotli -q 11, gzip -9), which keeps the
	// page's weight down toward its 600 KiB brotli goal (docs/performance.md). syscall/js
	// keeps its inlining: every DOM call goes through it, and without it a 10,000-row Run took ~1.05 s instead of ~0.9 s
	// (make bench), for 150 bytes of brotli.
	cmd := exec.Command(c.Go, "build", "-trimpath", "-gcflags=all=-l", "-gcflags=syscall/js=", "-ldflags="+ldflags, "-o", tmp, pkg)
	cmd.Dir = c.Root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOEXPERIMENT="+withExperiment(os.Getenv("GOEXPERIMENT")))
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("GOOS=js GOARCH=wasm go build %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	err = finishWasm(c, tmp, twin)
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", pkg, err)
	}
	return os.Rename(tmp, out)
}

// wasmExperiment is the GOEXPERIMENT app.wasm is built with: Go 1.26's previous garbage
// collector, whose code is 8.7 KiB smaller in brotli than Green Tea's, with a 10,000-row Run no
// slower side by side (docs/performance.md, "The levers, kept and rejected"). Go keeps the opt-out for a
// release or two; a Go that no longer knows it fails the build, naming it.
const wasmExperiment = "nogreenteagc"

// withExperiment adds wasmExperiment to a GOEXPERIMENT list already set (by the caller's
// environment), unless it is there.
func withExperiment(list string) string {
	for _, e := range strings.Split(list, ",") {
		if strings.TrimSpace(e) == wasmExperiment {
			return list
		}
	}
	if strings.TrimSpace(list) == "" {
		return wasmExperiment
	}
	return list + "," + wasmExperiment
}

// finishWasm packs the module in name's data segments, writes that to twin (when not empty),
// then blanks its traceback tables in name.
func finishWasm(c Config, name, twin string) error {
	version, err := goEnv(c, "GOVERSION")
	if err != nil {
		return err
	}
	bin, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	packed, err := PackData(bin, packGap)
	if err != nil {
		return fmt.Errorf("packing the data segments: %w", err)
	}
	if twin != "" {
		if err := os.MkdirAll(filepath.Dir(twin), 0o755); err != nil {
			return err
		}
		if err := writeFile(twin, packed); err != nil {
			return err
		}
	}
	stripped, _, err := StripTraceback(packed, version)
	if err != nil {
		return err
	}
	return os.WriteFile(name, stripped, 0o644)
}
