package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os/exec"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// failure says in a sentence of the proxy's own what went wrong between the proxy and its
// upstream, for the log: the SDK's and Go's error texts ("calling \"tools/call\": EOF",
// "invalid character 'n' …") name the proxy's internals, not what the operator must look at.
// Only a JSON-RPC error's message, which is the upstream's own text, is kept (scrubbed).
func failure(err error) string {
	var (
		rpc    *jsonrpc.Error
		syntax *json.SyntaxError
		execE  *exec.Error
		netE   net.Error
	)
	switch {
	case errors.As(err, &rpc) && rpc.Code != codeRejected:
		return "the upstream answered JSON-RPC error " + strconv.FormatInt(rpc.Code, 10) + ": " + scrub(rpc.Message, maxUpstreamText)
	case errors.As(err, &execE):
		return "the upstream command cannot be started: it is not found or not executable"
	case errors.Is(err, context.DeadlineExceeded):
		return "the upstream did not answer within the timeout"
	case errors.Is(err, context.Canceled):
		return "the request to the upstream was cancelled"
	case errors.As(err, &syntax), strings.Contains(err.Error(), "invalid character"):
		return "the upstream sent a message that is not JSON, and its connection was dropped"
	case strings.Contains(err.Error(), "maximum line length"):
		return "the upstream sent a message over the line limit of " + strconv.Itoa(mcp.DefaultMaxLineLength>>20) + " MiB, and its connection was dropped"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, mcp.ErrConnectionClosed), strings.Contains(err.Error(), "client is closing"):
		return "the upstream's connection closed (the process exited, or the proxy closed it)"
	case errors.As(err, &netE):
		return "the upstream's URL cannot be reached"
	case errors.As(err, &rpc):
		return "the upstream's HTTP session failed"
	}
	return "the connection to the upstream failed"
}
