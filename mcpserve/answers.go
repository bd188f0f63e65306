package mcpserve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// The SDK reads an id into a Go value and writes that value back: 1.5 comes back as 1, a
// 30-digit number as -9223372036854775808, "\u0041" as "A". An id it would change is handed to it
// as a stand-in of the handler's own, and the answer carries the id as the client wrote it.

// sdkKeepsID reports whether the SDK writes id back byte for byte: an integer of at most 15
// digits (exact as the float64 the SDK decodes it into), or a string without escapes or the two
// characters Go's encoder escapes unasked (U+2028, U+2029).
func sdkKeepsID(id json.RawMessage) bool {
	if jsontext.Value(id).Kind() == '"' {
		return !bytes.ContainsAny(id, "\\\u2028\u2029")
	}
	return plainInt.Match(id)
}

var plainInt = regexp.MustCompile(`^(0|-?[1-9][0-9]{0,14})$`)

// standIns maps the stand-in ids of one POST, as the SDK writes them, to the ids as written.
type standIns map[string]json.RawMessage

// withStandIns returns body with a stand-in for each request id the SDK would not write back,
// and the stand-ins (nil when there is none). The body is written again from msgs when a
// stand-in was given or rewritten is set; otherwise it is returned as it is. prefix makes the
// stand-ins the handler's own: a client cannot send one.
func withStandIns(body []byte, msgs []*Message, batch, rewritten bool, prefix string, next func() int64) ([]byte, standIns) {
	var ids standIns
	for _, m := range msgs {
		if m.IsRequest() && !sdkKeepsID(m.ID) {
			if ids == nil {
				ids = standIns{}
			}
			standIn, _ := jsontext.AppendQuote(nil, prefix+strconv.FormatInt(next(), 10))
			ids[string(standIn)] = m.ID
			m.ID = standIn
		}
	}
	if ids == nil && !rewritten {
		return body, nil
	}
	var b []byte
	for i, m := range msgs {
		if i > 0 {
			b = append(b, ',')
		}
		b = m.appendTo(b)
	}
	if batch {
		b = append(append([]byte{'['}, b...), ']')
	}
	return b, ids
}

// appendTo appends m as one JSON object, its members as read.
func (m *Message) appendTo(b []byte) []byte {
	b = append(b, `{"jsonrpc":"2.0"`...)
	member := func(name string, v json.RawMessage) {
		if v != nil {
			b = append(append(append(b, `,"`...), name...), `":`...)
			b = append(b, v...)
		}
	}
	member("id", m.ID)
	if m.HasMethod {
		b = append(b, `,"method":`...)
		b, _ = jsontext.AppendQuote(b, m.Method) // read from valid JSON: valid UTF-8
	}
	member("params", m.Params)
	member("result", m.Result)
	member("error", m.Error)
	return append(b, '}')
}

// answerWriter passes the SDK's answers to one POST on, rewriting each JSON-RPC response in
// them: the id the client wrote in place of a stand-in, and the error made safe to show
// (clientError: a code never 0, a capped message without Go's own text). The SDK writes each
// message (a JSON body, or one SSE event) in one Write.
type answerWriter struct {
	http.ResponseWriter
	ids standIns
}

func (w *answerWriter) Write(b []byte) (int, error) {
	out := b
	switch ct := w.Header().Get("Content-Type"); {
	case strings.HasPrefix(ct, "application/json"):
		out = rewriteAnswers(b, w.ids)
	case strings.HasPrefix(ct, "text/event-stream"):
		out = rewriteEvent(b, w.ids)
	}
	if _, err := w.ResponseWriter.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

// Flush lets the SDK's SSE events out as they are written.
func (w *answerWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *answerWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// eventData finds the data of one SSE event as the SDK writes it (a single "data: " line):
// ev[start:end].
func eventData(ev []byte) (start, end int, ok bool) {
	if !bytes.HasPrefix(ev, []byte("data: ")) {
		start = bytes.Index(ev, []byte("\ndata: ")) + 1
		if start == 0 {
			return 0, 0, false
		}
	}
	start += len("data: ")
	end = start + bytes.IndexByte(ev[start:], '\n')
	if end < start {
		end = len(ev)
	}
	return start, end, true
}

// rewriteEvent rewrites the data line of one SSE event.
func rewriteEvent(ev []byte, ids standIns) []byte {
	start, end, ok := eventData(ev)
	if !ok {
		return ev
	}
	data := rewriteAnswers(ev[start:end], ids)
	return append(append(append(make([]byte, 0, len(ev)), ev[:start]...), data...), ev[end:]...)
}

// rewriteAnswers rewrites a message or a batch of them; what is not a response passes as it is.
func rewriteAnswers(b []byte, ids standIns) []byte {
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) == 0 || trimmed[0] != '[' {
		return rewriteAnswer(b, ids)
	}
	dec := jsontext.NewDecoder(bytes.NewReader(trimmed), jsontext.AllowDuplicateNames(true))
	if _, err := dec.ReadToken(); err != nil {
		return b
	}
	out := []byte{'['}
	for dec.PeekKind() != ']' {
		v, err := dec.ReadValue()
		if err != nil {
			return b
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, rewriteAnswer(v, ids)...)
	}
	return append(out, ']')
}

// rewriteAnswer rewrites one response: its id as written, its error made safe to show.
func rewriteAnswer(b []byte, ids standIns) []byte {
	m, perr := ParseMessage(b)
	if perr != nil || m.HasMethod {
		return b
	}
	id := m.ID
	if written, ok := ids[string(id)]; ok {
		id = written
	}
	if m.Error != nil {
		code, msg, data := clientError(clientWireError(m.Error))
		return errorResponse(id, code, msg, data)
	}
	return resultResponse(id, m.Result)
}
