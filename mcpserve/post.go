package mcpserve

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"slices"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Codes of the handler's refusals that JSON-RPC does not name: -32000 is the first code of the
// range JSON-RPC leaves to the server, for a request refused by the transport (its HTTP status
// says why); -32001 is "session not found", as the TypeScript SDK answers it.
const (
	codeRefused         = -32000
	codeSessionNotFound = -32001
)

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
	msgs, batch, perr := parseMessages(body)
	if perr != nil {
		writeError(w, http.StatusBadRequest, perr.ID, int(perr.Code), perr.Message, nil)
		return
	}
	sid := r.Header.Get(headerSession)
	if sid == "" {
		if batch || !msgs[0].IsRequest() || msgs[0].Method != "initialize" {
			writeError(w, http.StatusBadRequest, requestID(msgs[0]), jsonrpcInvalidRequest,
				"no Mcp-Session-Id: a session begins with initialize, and every later request carries the id it returned", nil)
			return
		}
		h.initialize(w, r, body, msgs[0])
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
	h.serveSDK(rec, r, body, msgs, batch, &t.standIns)
	rec.finish()
	if rec.status == http.StatusNotFound {
		h.sessions.forget(sid)
	}
}

// answeredHere answers what the SDK would answer wrongly: an initialize on a live session, and
// what checkRequest refuses (a method no client sends, params of the wrong shape) or drops (a
// notification nobody handles, 202).
func (h *HTTPHandler) answeredHere(w http.ResponseWriter, msgs []*Message, batch bool) bool {
	for _, m := range msgs {
		if m.IsRequest() && m.Method == "initialize" {
			writeError(w, http.StatusBadRequest, m.ID, int(errInitialized.Code), errInitialized.Message, nil)
			return true
		}
		pass, perr := checkRequest(m)
		switch {
		case perr != nil:
			status, id := http.StatusOK, perr.ID
			if batch { // one error for the batch: its other members are not run either
				status, id = http.StatusBadRequest, nil
			}
			writeError(w, status, id, int(perr.Code), perr.Message, nil)
			return true
		case !pass && !batch:
			w.WriteHeader(http.StatusAccepted)
			return true
		}
	}
	return false
}

// initialize admits a new session (closing the longest-idle one at the cap) and hands the
// initialize to the SDK, registering the session it makes before the answer leaves; when the
// SDK's answer is an error, the session it made is closed and its id never sent.
func (h *HTTPHandler) initialize(w http.ResponseWriter, r *http.Request, body []byte, m *Message) {
	if problem := paramsProblem("initialize", m.Params); problem != "" {
		// The SDK would make a session, answer code 0 with its decoder's text, and drop it.
		writeError(w, http.StatusBadRequest, m.ID, jsonrpcInvalidParams, "invalid params: "+problem, nil)
		return
	}
	var params mcp.InitializeParams
	_ = jsonv2.Unmarshal(m.Params, &params) // its shape was checked above
	if !h.sessions.admit() {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, m.ID, codeRefused, "no session free: every session is busy or the server is shutting down; retry later", nil)
		return
	}
	version := protocolVersions[0]
	if slices.Contains(protocolVersions, params.ProtocolVersion) {
		version = params.ProtocolVersion // what the SDK negotiates from the same list
	}
	held := &heldWriter{header: w.Header()}
	h.serveSDK(held, r, body, []*Message{m}, false, new(liveStandIns)) // no request of the session is in flight yet
	var t *tracked
	if id := w.Header().Get(headerSession); id != "" {
		if held.failed() {
			w.Header().Del(headerSession)
			h.closeSession(id) // the SDK made a session for an initialize it then failed
		} else {
			t = h.sessions.register(id, version) // before the answer that names it leaves
		}
	}
	held.sendTo(w)
	if t == nil {
		h.sessions.release()
		return
	}
	h.sessions.end(t)
}

// parseMessages reads a POST body: one message or (for 2025-03-26) a batch, each element read
// by ParseMessage. The error is the first problem found.
func parseMessages(body []byte) (msgs []*Message, batch bool, perr *ProtocolError) {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '[' {
		m, perr := ParseMessage(body)
		if perr != nil {
			return nil, false, perr
		}
		return []*Message{m}, false, nil
	}
	if perr := syntaxProblem(body); perr != nil {
		return nil, true, perr
	}
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(true))
	_, _ = dec.ReadToken() // the '[' of a valid body
	for dec.PeekKind() != ']' {
		elem, _ := dec.ReadValue()
		m, perr := ParseMessage(elem)
		if perr != nil {
			return nil, true, perr
		}
		msgs = append(msgs, m)
	}
	if len(msgs) == 0 {
		return nil, true, invalidRequest(nil, "the batch is empty")
	}
	return msgs, true, nil
}

// requestID is m's id when m is a request.
func requestID(m *Message) json.RawMessage {
	if m != nil && m.IsRequest() {
		return m.ID
	}
	return nil
}
