package mcpserve

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	fixtures "coerceplayground/internal/fixture"

	"github.com/go-json-experiment/json/jsontext"
)

// FuzzParseMessages: any body either parses into messages that are each a JSON-RPC 2.0 request,
// notification or response, or is refused with -32700 exactly when it is not JSON and -32600
// otherwise; an id is echoed only when it is one a response may carry. The seeds are the bodies
// of testdata/http.tsv.
func FuzzParseMessages(f *testing.F) {
	rows, err := fixtures.Read("testdata/http.tsv", 7)
	if err != nil {
		f.Fatal(err)
	}
	for _, r := range rows {
		f.Add([]byte(r.Cols[3]))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		msgs, batch, perr := parseMessages(body)
		trimmed := strings.TrimLeft(string(body), " \t\r\n")
		if perr != nil {
			wantParse := trimmed != "" && !jsontext.Value(body).IsValid(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
			if (perr.Code == jsonrpcParseError) != wantParse || (perr.Code != jsonrpcParseError && perr.Code != jsonrpcInvalidRequest) {
				t.Fatalf("%q: code %d (%s)", body, perr.Code, perr.Message)
			}
			if perr.ID != nil && echoableID(perr.ID) == nil {
				t.Fatalf("%q: echoes id %s", body, perr.ID)
			}
			return
		}
		if len(msgs) == 0 || batch != strings.HasPrefix(trimmed, "[") || !json.Valid(body) {
			t.Fatalf("%q: %d messages, batch %v", body, len(msgs), batch)
		}
		for _, m := range msgs {
			isResponse := !m.HasMethod && m.ID != nil && (m.Result == nil) != (m.Error == nil)
			if !m.version || !(m.IsRequest() || m.IsNotification() || isResponse) || (m.ID != nil && echoableID(m.ID) == nil) {
				t.Fatalf("%q: accepted %+v", body, m)
			}
		}
	})
}

// FuzzAccepts: reading any Accept header never fails; */* admits everything, a q of 0 on the
// only range refuses it, and no header admits nothing.
func FuzzAccepts(f *testing.F) {
	for _, a := range []string{"application/json, text/event-stream", "*/*", "text/*;q=0.5", "text/event-stream;q=0", "", ";;,", "a/b;q=x"} {
		f.Add(a)
	}
	f.Fuzz(func(t *testing.T, accept string) {
		r := &http.Request{Header: http.Header{"Accept": {accept}}}
		got := accepts(r, "text", "event-stream")
		if accept == "*/*" && !got || accept == "" && got {
			t.Fatalf("%q: %v", accept, got)
		}
		r.Header.Set("Accept", "text/event-stream;q=0")
		if accepts(r, "text", "event-stream") {
			t.Fatal("q=0 admitted")
		}
	})
}

// FuzzParamsProblem: params pass only when they are absent (for a method that may go without)
// or a JSON object of the method's shape.
func FuzzParamsProblem(f *testing.F) {
	for _, p := range []string{``, `null`, `{}`, `{"name":"get_job","arguments":{"job_id":17}}`, `{"name":5}`, `[]`, `"x"`, `{"_meta":1}`, `{"level":"info"}`} {
		f.Add(uint8(0), []byte(p))
	}
	methods := append(slices.Clone(clientRequests), "foo/bar")
	f.Fuzz(func(t *testing.T, i uint8, params []byte) {
		method := methods[int(i)%len(methods)]
		if paramsProblem(method, params) != "" {
			return
		}
		absent := len(params) == 0 || string(params) == "null"
		var members map[string]json.RawMessage
		if absent && slices.Contains(paramsRequired, method) || !absent && json.Unmarshal(params, &members) != nil {
			t.Fatalf("%s %q passed", method, params)
		}
	})
}
