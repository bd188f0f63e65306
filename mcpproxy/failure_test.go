package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestFailure: what the SDK and Go say about a failed upstream becomes the proxy's own
// sentence in the log, with none of their text; a JSON-RPC error keeps the upstream's message.
func TestFailure(t *testing.T) {
	var syntax error = json.Unmarshal([]byte(`{n`), new(any))
	_, execErr := exec.LookPath("no-such-upstream-command")
	for _, c := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("calling %q: %w", "tools/call", io.EOF), "connection closed"},
		{fmt.Errorf("reading: %w", syntax), "not JSON"},
		{errors.New("invalid character 'n' looking for beginning of object key string"), "not JSON"},
		{errors.New("inbound JSON-RPC frame exceeded the configured maximum line length"), "over the line limit of 16 MiB"},
		{fmt.Errorf("calling %q: %w", "tools/list", errors.New("client is closing")), "connection closed"},
		{context.DeadlineExceeded, "within the timeout"},
		{execErr, "cannot be started"},
		{fmt.Errorf("calling: %w", &jsonrpc.Error{Code: -32603, Message: "db down password=hunter2"}), "JSON-RPC error -32603: db down password=[redacted]"},
		{errors.New("some: go: text"), "the connection to the upstream failed"},
	} {
		got := failure(c.err)
		if !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.err, got, c.want)
		}
		for _, goText := range []string{"calling", "invalid character", "EOF", "exec:", "hunter2", "frame"} {
			if strings.Contains(got, goText) {
				t.Errorf("%v: %q holds %q", c.err, got, goText)
			}
		}
	}
}
