package mcpserve

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestClientError: an error the SDK answers with reaches the client with a code (-32603 for one
// that has none, where the SDK sends 0), without Go's own text, its message capped and its data
// dropped when large; the response is valid JSON with the id as given.
func TestClientError(t *testing.T) {
	big := strings.Repeat("é", 2<<20)
	for _, c := range []struct {
		name     string
		err      error
		code     int64
		msg      string // the whole message, or a prefix ending in "…"
		withData bool
	}{
		{"no code", errors.New("method \"tools/list\" is invalid during session initialization"), -32603, `method "tools/list" is invalid during session initialization`, false},
		{"Go text, no code", errors.New(`handling 'initialize': unmarshaling "{}" into a *mcp.initializeParamsV2: json: cannot unmarshal`), -32603, "internal error", false},
		{"Go text, a wrapped code", fmt.Errorf("%w: unmarshaling into a *mcp.CallToolParamsRaw", &jsonrpc.Error{Code: -32602, Message: "invalid params"}), -32602, "invalid params: the params do not have the shape the method takes", false},
		{"a code of the SDK's", &jsonrpc.Error{Code: -32002, Message: "Resource not found", Data: []byte(`{"uri":"x"}`)}, -32002, "Resource not found", true},
		{"large data dropped", &jsonrpc.Error{Code: -32002, Message: "Resource not found", Data: []byte(`{"uri":"` + big + `"}`)}, -32002, "Resource not found", false},
		{"a 4 MB message", &jsonrpc.Error{Code: -32602, Message: "unknown prompt " + big}, -32602, "unknown prompt éé…", false},
	} {
		code, msg, data := clientError(c.err)
		line := errorResponse([]byte(`"a\u0041"`), code, msg, data)
		if code != c.code || (data != nil) != c.withData || !jsontext.Value(line).IsValid() || len(line) > 1024 ||
			!strings.HasPrefix(string(line), `{"jsonrpc":"2.0","id":"a\u0041","error":{"code":`) {
			t.Errorf("%s: code %d, data %v: %.300s (%d bytes)", c.name, code, data != nil, line, len(line))
		}
		want, prefix := strings.CutSuffix(c.msg, "…")
		if got := capped(msg); prefix && (!strings.HasPrefix(got, want) || !strings.HasSuffix(got, "… (truncated)")) || !prefix && got != want {
			t.Errorf("%s: message %.120q, want %.120q", c.name, got, c.msg)
		}
	}
}

// TestPlainTextRefusalShowsNoGo: a plain-text refusal of the SDK's that shows Go's own text is
// rewritten into a JSON-RPC error whose message is the HTTP status's text; one that does not
// keeps its words, capped.
func TestPlainTextRefusalShowsNoGo(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"malformed payload: json: cannot unmarshal number into Go struct field mcp.CallToolParamsRaw.name", "Bad Request"},
		{"stream already open", "stream already open"},
		{strings.Repeat("x", 1<<20), strings.Repeat("x", maxMessageBytes-len("… (truncated)")) + "… (truncated)"},
	} {
		rec := httptest.NewRecorder()
		w := &statusWriter{ResponseWriter: rec}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(c.text))
		w.finish()
		var got struct {
			Error struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := jsonv2.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusBadRequest || got.Error.Code != codeRefused || got.Error.Message != c.want {
			t.Errorf("%.60q: %d %.200s", c.text, rec.Code, rec.Body.String())
		}
	}
}
