package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary be the command: with LESSON_MCP_MAIN=1 it runs main with the
// flags in LESSON_MCP_ARGS, so the process tests need no go build.
func TestMain(m *testing.M) {
	if os.Getenv("LESSON_MCP_MAIN") == "1" {
		os.Args = append(os.Args[:1], strings.Fields(os.Getenv("LESSON_MCP_ARGS"))...)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestStdioSession runs the command as an MCP client would start it and speaks the
// protocol on its stdin and stdout (the 2025-11-25 handshake most clients use): a bad argument
// is a result with isError, stdout holds nothing but JSON-RPC, and the session's log line goes
// to stderr when stdin closes.
func TestStdioSession(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "LESSON_MCP_MAIN=1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stdout)
	send := func(msg string) { io.WriteString(stdin, msg+"\n") }
	recv := func() map[string]json.RawMessage {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("no answer on stdout: %v; stderr: %s", lines.Err(), stderr.String())
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(lines.Bytes(), &m); err != nil || string(m["jsonrpc"]) != `"2.0"` {
			t.Fatalf("stdout line is not JSON-RPC: %s", lines.Bytes())
		}
		return m
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}`)
	recv()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":true}}}`)
	m := recv()
	var res struct {
		IsError bool              `json:"isError"`
		Meta    map[string]string `json:"_meta"`
	}
	if err := json.Unmarshal(m["result"], &res); err != nil || m["error"] != nil {
		t.Fatalf("tools/call answered %s", lines.Bytes())
	}
	if !res.IsError || res.Meta["coerce/code"] != "invalid_args" || res.Meta["coerce/decision"] != "retry" {
		t.Errorf("job_id true: %s", lines.Bytes())
	}
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v; stderr: %s", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the command did not exit when stdin closed")
	}
	if log := stderr.String(); !strings.Contains(log, `tool=get_job code=invalid_args field="job_id"`) ||
		!strings.Contains(log, "session (stdio) ended: get_job invalid_args=1; last decision retry") {
		t.Errorf("stderr:\n%s", log)
	}
}

// TestStdinClosedAfterCalls: a client that writes initialize, notifications/initialized and a
// tools/call and closes stdin at once gets both answers before the command exits (the SDK's
// transport left the call unanswered in 6 of 6 runs), and a line of garbage among them is
// answered -32700 without ending the session. Run ten times: the answers must not depend on
// how the reads and the handler interleave.
func TestStdinClosedAfterCalls(t *testing.T) {
	input := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}` + "\n" +
		"garbage\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_job","arguments":{"job_id":"17"}}}` + "\n"
	for run := range 10 {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "LESSON_MCP_MAIN=1")
		cmd.Stdin = strings.NewReader(input) // closed as soon as it is read
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("run %d: %v; stderr: %s", run, err, stderr.String())
		}
		byID := map[string]string{} // the answers by id: their order is the handlers'
		for _, l := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
			var m struct{ ID json.RawMessage }
			if json.Unmarshal([]byte(l), &m) == nil {
				byID[string(m.ID)] = l
			}
		}
		if len(byID) != 3 || !strings.HasPrefix(byID["1"], `{"jsonrpc":"2.0","id":1,"result":`) ||
			byID["null"] != `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the message is not JSON"}}` ||
			!strings.HasPrefix(byID["2"], `{"jsonrpc":"2.0","id":2,"result":`) || !strings.Contains(byID["2"], `\"ok\":true`) {
			t.Fatalf("run %d: stdout:\n%s\nstderr: %s", run, stdout.String(), stderr.String())
		}
	}
}
