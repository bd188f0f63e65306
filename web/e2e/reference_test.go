package e2e

// The build before a change, for benchmarks that compare in one run: BENCH_REF names a git
// revision of this repository; it is exported (git archive) into the user's cache directory,
// built there by its own serve.go, as make build builds it, and served by its own serve.go on
// a free loopback port. A revision is built once and kept, by commit.
//
//	BENCH_REF=main make bench

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// reference is a built and served revision.
type reference struct {
	name string // "main at 99a1675"
	url  string // its page, with a trailing slash
}

// benchReference serves the revision BENCH_REF names, or returns nil (saying so) when it is
// unset.
func benchReference(b *testing.B) *reference {
	rev := os.Getenv("BENCH_REF")
	if rev == "" {
		b.Log("BENCH_REF is unset, so there is no reference build: set it to a git revision (BENCH_REF=main make bench) to measure the build before a change in the same run")
		return nil
	}
	hash, err := gitOut("rev-parse", "--verify", rev+"^{commit}")
	if err != nil {
		b.Fatalf("BENCH_REF=%s: %v", rev, err)
	}
	dir, err := buildReference(hash)
	if err != nil {
		b.Fatalf("building BENCH_REF=%s (%.7s): %v", rev, hash, err)
	}
	url, err := serveReference(b, dir)
	if err != nil {
		b.Fatalf("serving BENCH_REF=%s (%.7s): %v", rev, hash, err)
	}
	name := fmt.Sprintf("%s at %.7s", rev, hash)
	if strings.HasPrefix(hash, rev) {
		name = fmt.Sprintf("%.7s", hash)
	}
	return &reference{name: name, url: url}
}

func gitOut(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = moduleRoot
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, ee.Stderr)
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// buildReference exports commit hash into the cache and builds its page and its server there,
// unless an earlier run did.
func buildReference(hash string) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "coerce-playground", "ref-"+hash)
	done := filepath.Join(dir, ".built")
	if _, err := os.Stat(done); err == nil {
		return dir, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	export := exec.Command("sh", "-c", `git archive "$1" | tar -x -C "$2"`, "sh", hash, dir)
	export.Dir = moduleRoot
	steps := []*exec.Cmd{export, exec.Command("go", "build", "-o", "serve-ref", "serve.go"), exec.Command("./serve-ref", "-build")}
	for _, c := range steps[1:] {
		c.Dir = dir
	}
	for _, c := range steps {
		if out, err := c.CombinedOutput(); err != nil {
			return "", fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, out)
		}
	}
	return dir, os.WriteFile(done, nil, 0o644)
}

// serveReference starts the reference's own server on a free loopback port, ends it when the
// benchmark does, and returns its URL once it answers.
func serveReference(b *testing.B, dir string) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command("./serve-ref", "-addr", addr)
	cmd.Dir = dir
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	b.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	url := "http://" + addr + "/"
	for {
		select {
		case err := <-exited:
			return "", fmt.Errorf("the reference's server ended: %v\n%s", err, out.String())
		case <-time.After(100 * time.Millisecond):
		}
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url, nil
			}
		}
	}
}
