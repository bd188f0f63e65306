package mcpproxy

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// npmPackages are the dev packages (package.json) the tests against real servers run: the
// reference servers nobody here wrote, and the official TypeScript SDK's client.
var npmPackages = []string{"@modelcontextprotocol/sdk", "@modelcontextprotocol/server-everything", "@modelcontextprotocol/server-memory"}

// nodeModules returns the repository's node_modules after checking node and npmPackages are
// there. Without them the test skips, saying what is missing, except under CI=true, where it
// fails: CI must run these tests (make test runs npm ci for them).
func nodeModules(t testing.TB) string {
	t.Helper()
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatal(what + " is missing: run npm ci (make test does)")
		}
		t.Skip(what + " is missing: run npm ci to test against the reference servers")
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("node")
	}
	root, err := filepath.Abs("../node_modules")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range npmPackages {
		if _, err := os.Stat(filepath.Join(root, p, "package.json")); err != nil {
			missing(p)
		}
	}
	return root
}

// received returns the names of the tools/call requests the server received, as the shim
// counted them.
func (n *nodeServer) received(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(n.counted)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(b)), " ")
}

// everything dials the reference server "everything" over stdio, remembering each process so
// a test can kill it.
type nodeServer struct {
	script string
	args   []string
	env    []string
	// counted, when set, is a file where testdata/countcalls.mjs, run between the proxy and
	// the server, writes the name of every tools/call the server receives.
	counted string
	mu      sync.Mutex
	procs   []*exec.Cmd
}

func (n *nodeServer) dial() mcp.Transport {
	cmd := exec.Command("node", append([]string{n.script}, n.args...)...)
	if n.counted != "" {
		cmd = exec.Command("node", append([]string{"testdata/countcalls.mjs", "node", n.script}, n.args...)...)
	}
	cmd.Env = append(os.Environ(), n.env...)
	if n.counted != "" {
		cmd.Env = append(cmd.Env, "COUNT_FILE="+n.counted)
	}
	n.mu.Lock()
	n.procs = append(n.procs, cmd)
	n.mu.Unlock()
	return &mcp.CommandTransport{Command: cmd, TerminateDuration: time.Second}
}

func (n *nodeServer) last() *exec.Cmd {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.procs[len(n.procs)-1]
}

func everything(t *testing.T) *nodeServer {
	root := nodeModules(t)
	return &nodeServer{script: filepath.Join(root, "@modelcontextprotocol/server-everything/dist/index.js"), args: []string{"stdio"}}
}

func memory(t *testing.T) *nodeServer {
	root := nodeModules(t)
	return &nodeServer{script: filepath.Join(root, "@modelcontextprotocol/server-memory/dist/index.js"),
		env: []string{"MEMORY_FILE_PATH=" + filepath.Join(t.TempDir(), "memory.jsonl")}}
}

// waitFor polls cond until it holds, failing t after a generous bound: a wait on a condition,
// not on a time.
func waitFor(t *testing.T, what string, cond func() bool) { waitForT(t, what, cond) }

func waitForT(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// logLines returns the call lines of a log with the given route.
func routes(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		var x struct {
			Route string `json:"route"`
		}
		if json.Unmarshal([]byte(l), &x) == nil && x.Route != "" {
			out = append(out, x.Route)
		}
	}
	return out
}

func TestEverythingNearMissesAndRefusals(t *testing.T) {
	srv := everything(t)
	srv.counted = filepath.Join(t.TempDir(), "calls.txt")
	cs, _, log := connect(t, Options{Upstream: srv.dial})
	obs, res := callObs(t, cs, "get-structured-content", `{"location":" Chicago "}`)
	if res.IsError || obs["temperature"] == nil {
		t.Fatalf("a near miss, trimmed and forwarded: %v %v", obs, res.Content)
	}
	_, res = callObs(t, cs, "get-sum", `{"a":"2","b":3}`)
	if res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "5") {
		t.Fatalf("a digit string for a number, coerced and forwarded: %v", res.Content)
	}
	for _, c := range []struct{ tool, args, code, field, hint string }{
		{"echo", `{"message":"hi","loud":true}`, "invalid_args", "loud", "unknown argument"},
		{"get-sum", `{"a":true,"b":1}`, "invalid_args", "a", "true and false are never numbers"},
		{"echo", `{"message":true}`, "invalid_args", "message", "true"},
		{"get-structured-content", `{"location":"Boston"}`, "invalid_args", "location", "Chicago"},
		{"echoo", `{"message":"hi"}`, "not_found", "", "the tools are echo, get-annotated-message, get-env"},
	} {
		obs, res := callObs(t, cs, c.tool, c.args)
		hint, _ := obs["hint"].(string)
		field, _ := obs["field"].(string)
		if !res.IsError || obs["error"] != c.code || field != c.field || !strings.Contains(hint, c.hint) {
			t.Errorf("%s %s: %v", c.tool, c.args, obs)
		}
	}
	if got := strings.Join(routes(log.String()), " "); got != "upstream upstream refused refused refused refused refused" {
		t.Errorf("routes %q: a refused call reached the upstream", got)
	}
	// What the server itself received, counted outside the proxy: only the two near misses.
	if got := srv.received(t); got != "get-structured-content get-sum" {
		t.Errorf("the server received the calls %q, want only the two forwarded", got)
	}
}

func TestEverythingBudgetStopsAndBreaker(t *testing.T) {
	srv := everything(t)
	srv.counted = filepath.Join(t.TempDir(), "calls.txt")
	cs, _, log := connect(t, Options{Upstream: srv.dial})
	obs, _ := callObs(t, cs, "echo", `{"message":1}`)
	if obs["next"] != nil {
		t.Fatalf("the first invalid_args spends nothing: %v", obs)
	}
	obs, res := callObs(t, cs, "echo", `{"message":2}`)
	if obs["next"] != "handoff" || res.Meta["coerce/decision"] != "handoff" {
		t.Fatalf("the second invalid_args on message: %v %v", obs, res.Meta)
	}
	obs, _ = callObs(t, cs, "echo", `{"message":2}`)
	if obs["error"] != "invalid_args" || obs["next"] != "handoff" {
		t.Errorf("the repeat: %v", obs)
	}
	if got := strings.Join(routes(log.String()), " "); got != "refused refused breaker" {
		t.Errorf("routes %q", got)
	}
	if got := srv.received(t); got != "" {
		t.Errorf("the server received %q, want no call", got)
	}
}

func TestEverythingKilledAndRestarted(t *testing.T) {
	srv := everything(t)
	m := NewMetrics()
	cs, _, log := connect(t, Options{Upstream: srv.dial, Metrics: m})
	if obs, _ := callObs(t, cs, "echo", `{"message":"one"}`); obs != nil && obs["error"] != nil {
		t.Fatalf("before: %v", obs)
	}
	first := srv.last()
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the proxy to see the upstream exit", func() bool { return strings.Contains(log.String(), `"upstream_exited"`) })
	_, res := callObs(t, cs, "echo", `{"message":"two"}`)
	if res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "two") {
		t.Fatalf("after the kill: %v", res.Content)
	}
	if srv.last() == first {
		t.Fatal("the upstream was not started again")
	}
	if n := strings.Count(log.String(), `"upstream_started"`); n != 2 {
		t.Errorf("%d starts logged, want 2", n)
	}
}

// TestMemoryRefusedCallChangesNothing: server-memory's graph after a refused call is the graph
// before it, and a valid call deep inside an array of objects reaches it.
func TestMemoryRefusedCallChangesNothing(t *testing.T) {
	srv := memory(t)
	cs, _, _ := connect(t, Options{Upstream: srv.dial})
	graph := func() string {
		_, res := callObs(t, cs, "read_graph", `{}`)
		b, _ := json.Marshal(res.StructuredContent)
		return string(b)
	}
	before := graph()
	for _, c := range []struct{ tool, args, field string }{
		{"create_entities", `{"entities":[{"name":"Ada","entityType":true,"observations":[]}]}`, "/entities/0/entityType"},
		{"create_entities", `{"entities":[{"name":"Ada","entityType":"person","observations":["x"],"age":36}]}`, "/entities/0/age"},
		{"search_nodes", `{"query":true}`, "query"},
		{"read_graph", `{"all":true}`, "all"},
	} {
		obs, _ := callObs(t, cs, c.tool, c.args)
		if obs["error"] != "invalid_args" || obs["field"] != c.field {
			t.Errorf("%s %s: %v", c.tool, c.args, obs)
		}
	}
	if after := graph(); after != before {
		t.Fatalf("the graph changed after refused calls: %s, was %s", after, before)
	}
	_, res := callObs(t, cs, "create_entities", `{"entities":[{"name":"Ada","entityType":"person","observations":["wrote the first program"]}]}`)
	if res.IsError {
		t.Fatalf("a valid create_entities: %v", res.Content)
	}
	if after := graph(); !strings.Contains(after, "wrote the first program") {
		t.Errorf("the valid call did not reach the graph: %s", after)
	}
}

// buildCommand builds cmd/coerce into a temporary directory: the proxy as a client starts it.
func buildCommand(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "coerce")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/coerce").CombinedOutput()
	if err != nil {
		t.Fatalf("go build ./cmd/coerce: %v\n%s", err, out)
	}
	return bin
}

// TestTypeScriptClient drives `coerce proxy` in front of "everything" with the official
// TypeScript SDK's client (testdata/tsclient.mjs), which validates structuredContent against
// the listed outputSchema even when isError is true: an error observation from a tool with an
// outputSchema comes back as a result, not as the client's -32602.
func TestTypeScriptClient(t *testing.T) {
	srv := everything(t)
	bin := buildCommand(t)
	cmd := exec.Command("node", "testdata/tsclient.mjs", bin, "--", "node", srv.script, "stdio")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("tsclient.mjs: %v\n%s", err, out)
	}
	type line struct {
		Call              string         `json:"call"`
		Checked           []string       `json:"checked"`
		IsError           bool           `json:"isError"`
		StructuredContent map[string]any `json:"structuredContent"`
		Threw             string         `json:"threw"`
	}
	var lines []line
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var x line
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		lines = append(lines, x)
	}
	if len(lines) != 6 || !strings.Contains(strings.Join(lines[0].Checked, " "), "get-structured-content") {
		t.Fatalf("%s", out)
	}
	want := []struct{ err, field string }{{"", ""}, {"invalid_args", "location"}, {"invalid_args", "message"}, {"invalid_args", "extra"}, {"not_found", ""}}
	for i, w := range want {
		l := lines[i+1]
		field, _ := l.StructuredContent["field"].(string)
		code, _ := l.StructuredContent["error"].(string)
		if l.Threw != "" || l.IsError != (w.err != "") || code != w.err || field != w.field {
			t.Errorf("%s: %+v, want error %q on %q", l.Call, l, w.err, w.field)
		}
	}
	if lines[1].StructuredContent["temperature"] == nil {
		t.Errorf("the trimmed location did not reach the upstream: %+v", lines[1])
	}
}
