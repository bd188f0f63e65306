package mcpserve

import (
	"encoding/json"
	"mime"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Codes of the handler's refusals that JSON-RPC does not name: -32000 is the first code of the
// range JSON-RPC leaves to the server, for a request refused by the transport (its HTTP status
// says why); -32001 is "session not found", as the TypeScript SDK answers it.
const (
	codeRefused         = -32000
	codeSessionNotFound = -32001
)

// message is one JSON-RPC message of a POST body, as far as the handler reads it.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

func (m *message) isRequest() bool      { return m.Method != nil && m.ID != nil }
func (m *message) isNotification() bool { return m.Method != nil && m.ID == nil }

// servePOST checks a POST's headers and messages, then hands it to the SDK.
func (h *HTTPHandler) servePOST(w http.ResponseWriter, r *http.Request) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, nil, codeRefused, "Content-Type must be application/json", nil)
		return
	}
	if !accepts(r, "application", "json") || !accepts(r, "text", "event-stream") {
		writeError(w, http.StatusNotAcceptable, nil, codeRefused, "Accept must list both application/json and text/event-stream", nil)
		return
	}
	body, ok := h.readBody(w, r)
	if !ok {
		return
	}
	msgs, batch, id, code, problem := parseMessages(body)
	if problem != "" {
		writeError(w, http.StatusBadRequest, id, code, problem, nil)
		return
	}
	sid := r.Header.Get(headerSession)
	if sid == "" {
		if batch || !msgs[0].isRequest() || *msgs[0].Method != "initialize" {
			writeError(w, http.StatusBadRequest, requestID(msgs[0]), jsonrpcInvalidRequest,
				"no Mcp-Session-Id: a session begins with initialize, and every later request carries the id it returned", nil)
			return
		}
		h.initialize(w, r, msgs[0])
		return
	}
	t := h.sessions.begin(sid)
	if t == nil {
		writeError(w, http.StatusNotFound, requestID(msgs[0]), codeSessionNotFound, "session not found: it ended or never existed; send initialize without Mcp-Session-Id", nil)
		return
	}
	defer h.sessions.end(t)
	if r.Header.Get(headerProtocol) == "" {
		// The specification lets a server rely on the version negotiated at initialize when
		// the header is absent; the SDK would assume 2025-03-26.
		r.Header.Set(headerProtocol, t.version)
	}
	if batch && r.Header.Get(headerProtocol) >= "2025-06-18" {
		writeError(w, http.StatusBadRequest, nil, jsonrpcInvalidRequest, "a batch is not allowed from protocol version 2025-06-18 on: send one message per POST", nil)
		return
	}
	if h.answeredHere(w, msgs, batch) {
		return
	}
	rec := &statusWriter{ResponseWriter: w}
	h.sdk.ServeHTTP(rec, r)
	rec.finish()
	if rec.status == http.StatusNotFound {
		h.sessions.forget(sid)
	}
}

// answeredHere answers what the SDK would answer wrongly: an initialize on a live session, a
// method no client sends (-32601), params of the wrong type (-32602, without the SDK's Go type
// names), a notification nobody handles (202, dropped).
func (h *HTTPHandler) answeredHere(w http.ResponseWriter, msgs []*message, batch bool) bool {
	for _, m := range msgs {
		switch {
		case m.isRequest() && *m.Method == "initialize":
			writeError(w, http.StatusBadRequest, m.ID, int(errInitialized.Code), errInitialized.Message, nil)
			return true
		case m.isRequest() && !slices.Contains(clientRequests, *m.Method):
			status, id := http.StatusOK, m.ID
			if batch { // one error for the batch: its other members are not run either
				status, id = http.StatusBadRequest, nil
			}
			writeError(w, status, id, jsonrpcMethodNotFound, "method "+strconv.Quote(*m.Method)+" is not one this server answers", nil)
			return true
		case m.isRequest():
			if problem := paramsProblem(*m.Method, m.Params); problem != "" {
				status, id := http.StatusOK, m.ID
				if batch {
					status, id = http.StatusBadRequest, nil
				}
				writeError(w, status, id, jsonrpcInvalidParams, problem, nil)
				return true
			}
		case m.isNotification() && !slices.Contains(clientNotifications, *m.Method) && !batch:
			w.WriteHeader(http.StatusAccepted)
			return true
		}
	}
	return false
}

// initialize admits a new session (closing the longest-idle one at the cap) and hands the
// initialize to the SDK, registering the session it makes before the answer leaves.
func (h *HTTPHandler) initialize(w http.ResponseWriter, r *http.Request, m *message) {
	if problem := paramsProblem("initialize", m.Params); problem != "" {
		// The SDK would make a session, answer code 0 with its decoder's text, and drop it.
		writeError(w, http.StatusBadRequest, m.ID, jsonrpcInvalidParams, problem, nil)
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(m.Params, &params) // its shape was checked above
	if !h.sessions.admit() {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, m.ID, codeRefused, "no session free: every session is busy or the server is shutting down; retry later", nil)
		return
	}
	version := protocolVersions[0]
	if slices.Contains(protocolVersions, params.ProtocolVersion) {
		version = params.ProtocolVersion // what the SDK negotiates from the same list
	}
	iw := &initWriter{ResponseWriter: w}
	iw.onHeader = func() {
		if id := w.Header().Get(headerSession); id != "" {
			iw.t = h.sessions.register(id, version)
		}
	}
	h.sdk.ServeHTTP(iw, r)
	if iw.t == nil {
		h.sessions.release()
		return
	}
	h.sessions.end(iw.t)
}

// parseMessages reads a POST body: one message or (for 2025-03-26) a batch. On a problem it
// returns the JSON-RPC code, the id to answer with when known, and what is wrong.
func parseMessages(body []byte) (msgs []*message, batch bool, id json.RawMessage, code int, problem string) {
	trimmed := strings.TrimLeft(string(body), " \t\r\n")
	if trimmed == "" {
		return nil, false, nil, jsonrpcInvalidRequest, "the body is empty: a POST carries one JSON-RPC message"
	}
	var raws []json.RawMessage
	if trimmed[0] == '[' {
		batch = true
		if err := json.Unmarshal(body, &raws); err != nil {
			return nil, true, nil, jsonrpcParseError, "the body is not JSON"
		}
		if len(raws) == 0 {
			return nil, true, nil, jsonrpcInvalidRequest, "the batch is empty"
		}
	} else {
		raws = []json.RawMessage{body}
	}
	for _, raw := range raws {
		m := new(message)
		if err := json.Unmarshal(raw, m); err != nil {
			if !json.Valid(raw) {
				return nil, batch, nil, jsonrpcParseError, "the body is not JSON"
			}
			return nil, batch, nil, jsonrpcInvalidRequest, "a message must be a JSON-RPC 2.0 object"
		}
		if p := m.problem(); p != "" {
			return nil, batch, requestID(m), jsonrpcInvalidRequest, p
		}
		msgs = append(msgs, m)
	}
	return msgs, batch, nil, 0, ""
}

// problem says what makes m no JSON-RPC 2.0 message, or "".
func (m *message) problem() string {
	switch {
	case m.JSONRPC != "2.0":
		return `"jsonrpc" must be "2.0"`
	case m.ID != nil && !validID(m.ID):
		return `"id" must be a string or a number`
	case m.Method == nil && (m.ID == nil || (m.Result == nil) == (m.Error == nil)):
		return "a message is a request or notification (with a method) or a response (with an id and a result or an error)"
	}
	return ""
}

func validID(id json.RawMessage) bool {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}

// requestID is m's id when m is a request whose id can be echoed.
func requestID(m *message) json.RawMessage {
	if m != nil && m.Method != nil && m.ID != nil && validID(m.ID) {
		return m.ID
	}
	return nil
}
