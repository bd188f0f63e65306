package mcpserve

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The limits of an [HTTPHandler] when its options leave them zero.
const (
	DefaultMaxSessions = 1000
	DefaultIdleTimeout = 30 * time.Minute
)

// HTTPOptions are the limits of an [HTTPHandler]. The zero value is usable.
type HTTPOptions struct {
	// MaxSessions caps the live sessions; 0 means DefaultMaxSessions. At the cap, a new session
	// closes the session idle the longest (no POST in flight); when every session is busy, the
	// initialize gets 503 with Retry-After.
	MaxSessions int
	// IdleTimeout closes a session that has had no POST in flight for this long; 0 means
	// DefaultIdleTimeout, a negative value never.
	IdleTimeout time.Duration
	// MaxBodyBytes caps a POST body (413 beyond it); 0 means the SDK's default, 4 MiB.
	MaxBodyBytes int64
}

// HTTPHandler serves an SDK server over Streamable HTTP (the 2025-11-25 transport), answering as
// the specification says where the SDK's StreamableHTTPHandler, which it wraps, does not:
//
//   - a request whose Origin is another site's is 403 for every method, GET included (Go's
//     CrossOriginProtection, which the SDK's documentation suggests, lets GET through);
//   - a POST without Mcp-Session-Id other than initialize is 400, and an initialize on a
//     session is -32600;
//   - a request for a method no client may send is -32601 in a JSON-RPC response, and an
//     unknown notification is accepted and dropped (the SDK answers both with plain-text 400);
//   - an MCP-Protocol-Version the server does not negotiate is 400 with -32022 and the list of
//     [ProtocolVersions];
//   - a GET or POST whose Accept does not admit what the server sends is 406;
//   - sessions are capped, idle ones close, and Shutdown ends every session.
//
// Every refusal it makes is a JSON-RPC error response in a JSON body.
type HTTPHandler struct {
	sdk       http.Handler
	idPrefix  string       // of the stand-in ids (answers.go): the handler's own
	idSeq     atomic.Int64 // the last stand-in id's number
	sessions  *sessions
	maxBody   int64
	originCop *http.CrossOriginProtection
}

// NewHTTPHandler returns the handler serving s; s should come from [NewServer], so that the
// versions it negotiates are the ones the header check accepts.
func NewHTTPHandler(s *mcp.Server, opts HTTPOptions) *HTTPHandler {
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.IdleTimeout == 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = mcp.DefaultMaxRequestBodyBytes
	}
	h := &HTTPHandler{
		sdk: mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s },
			&mcp.StreamableHTTPOptions{MaxRequestBodyBytes: opts.MaxBodyBytes}),
		idPrefix:  "mcpserve-" + randomID() + "-",
		maxBody:   opts.MaxBodyBytes,
		originCop: http.NewCrossOriginProtection(),
	}
	h.sessions = newSessions(opts.MaxSessions, opts.IdleTimeout, h.closeSession)
	return h
}

// Sessions returns the number of live sessions.
func (h *HTTPHandler) Sessions() int { return h.sessions.count() }

// Shutdown ends every session (each gets its end-of-session report) and admits no new one:
// idle sessions at once, busy ones when their POST is answered, all of them when ctx ends.
// Call it beside http.Server.Shutdown, whose wait it shortens: a session's end releases its
// open GET stream.
func (h *HTTPHandler) Shutdown(ctx context.Context) error { return h.sessions.shutdown(ctx) }

// serveSDK hands a POST whose messages were read as msgs to the SDK, with a stand-in for each
// id the SDK would not write back as sent (recorded in the session's live stand-ins while the
// POST is in flight, for cancellations), and its answers rewritten (answerWriter).
func (h *HTTPHandler) serveSDK(w http.ResponseWriter, r *http.Request, body []byte, msgs []*Message, batch bool, live *liveStandIns) {
	retargeted := live.retarget(msgs, h.idPrefix)
	body, ids := withStandIns(body, msgs, batch, retargeted, h.idPrefix, func() int64 { return h.idSeq.Add(1) })
	live.add(ids)
	defer live.remove(ids)
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
	h.sdk.ServeHTTP(&answerWriter{ResponseWriter: w, ids: ids}, r)
}

// closeSession ends session id through the SDK's own DELETE, so the SDK drops it and its
// ServerSession ends as when a client deletes it.
func (h *HTTPHandler) closeSession(id string) {
	req, _ := http.NewRequest(http.MethodDelete, "/", nil) // a constant URL: never fails
	req.Header.Set(headerSession, id)
	h.sdk.ServeHTTP(discard{}, req)
}

const (
	headerSession  = "Mcp-Session-Id"
	headerProtocol = "Mcp-Protocol-Version"
)

func (h *HTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if reboundHost(r) {
		writeError(w, http.StatusForbidden, nil, codeRefused, "Host "+strconv.Quote(r.Host)+" is not this loopback server's: refused (DNS rebinding)", nil)
		return
	}
	// The check CrossOriginProtection makes of a POST, made of every method: the
	// specification's Origin rule covers all incoming connections.
	asPost := *r
	asPost.Method = http.MethodPost
	if err := h.originCop.Check(&asPost); err != nil {
		writeError(w, http.StatusForbidden, nil, codeRefused, "a request from another site's page is refused (Origin or Sec-Fetch-Site)", nil)
		return
	}
	if v := r.Header.Get(headerProtocol); v != "" && !slices.Contains(protocolVersions, v) {
		writeError(w, http.StatusBadRequest, nil, mcp.CodeUnsupportedProtocolVersion, "protocol version "+strconv.Quote(v)+" is not supported",
			mcp.UnsupportedProtocolVersionData{Supported: ProtocolVersions(), Requested: v})
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.servePOST(w, r)
	case http.MethodGet:
		if !accepts(r, "text", "event-stream") {
			writeError(w, http.StatusNotAcceptable, nil, codeRefused, "a GET opens an SSE stream: Accept must list text/event-stream", nil)
			return
		}
		if h.sessionFor(w, r) != nil {
			rec := &statusWriter{ResponseWriter: w}
			h.sdk.ServeHTTP(rec, r)
			rec.finish()
		}
	case http.MethodDelete:
		if t := h.sessionFor(w, r); t != nil {
			rec := &statusWriter{ResponseWriter: w}
			h.sdk.ServeHTTP(rec, r)
			rec.finish()
			if rec.status == http.StatusNoContent || rec.status == http.StatusNotFound {
				h.sessions.forget(t.id)
			}
		}
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		writeError(w, http.StatusMethodNotAllowed, nil, codeRefused, "method "+r.Method+" is not served: use POST, GET or DELETE", nil)
	}
}

// sessionFor returns the live session a GET or DELETE names, or answers 400 (none named) or
// 404 (not live) and returns nil.
func (h *HTTPHandler) sessionFor(w http.ResponseWriter, r *http.Request) *tracked {
	id := r.Header.Get(headerSession)
	if id == "" {
		writeError(w, http.StatusBadRequest, nil, codeRefused, r.Method+" needs the Mcp-Session-Id header that initialize returned", nil)
		return nil
	}
	t := h.sessions.lookup(id)
	if t == nil {
		writeError(w, http.StatusNotFound, nil, codeSessionNotFound, "session not found: it ended or never existed; send initialize without Mcp-Session-Id", nil)
	}
	return t
}

// reboundHost reports a request that reached a loopback address under a Host that is not a
// loopback name: a page of another site whose name was made to resolve here.
func reboundHost(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	return ok && local != nil && isLoopback(local.String()) && !isLoopback(r.Host)
}

func isLoopback(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if len(host) > 1 && host[0] == '[' && host[len(host)-1] == ']' {
		host = host[1 : len(host)-1]
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// readBody reads a POST body up to the cap; false when it answered 413 or 400.
func (h *HTTPHandler) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.maxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		writeError(w, http.StatusRequestEntityTooLarge, nil, codeRefused, "the body is over "+strconv.FormatInt(tooBig.Limit, 10)+" bytes", nil)
		return nil, false
	case err != nil:
		writeError(w, http.StatusBadRequest, nil, codeRefused, "the body could not be read", nil)
		return nil, false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, true
}

// discard is the response writer of the handler's own DELETEs.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}

// statusWriter records the status the SDK answered, and turns the SDK's plain-text refusals
// that the handler does not answer first (a second GET stream of a session, a Last-Event-ID
// without an event store, a session closing under a request) into JSON-RPC errors: finish
// writes the held text (capped, or the status's own text if it shows Go's) as the message of a
// -32000 error.
type statusWriter struct {
	http.ResponseWriter
	status int
	held   *bytes.Buffer // the plain-text body of a refusal, while it is rewritten
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status != 0 {
		return
	}
	w.status = code
	if code >= 400 && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.held = new(bytes.Buffer)
		return
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.held != nil {
		return w.held.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

// finish writes a held refusal as JSON; call it once the SDK has returned.
func (w *statusWriter) finish() {
	if w.held == nil {
		return
	}
	msg := strings.TrimSpace(w.held.String())
	if msg == "" || showsGoText(msg) {
		msg = http.StatusText(w.status)
	}
	writeError(w.ResponseWriter, w.status, nil, codeRefused, msg, nil)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
