package mcpserve

import (
	"bytes"
	"cmp"
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// writeError answers a JSON-RPC error response in a JSON body with the HTTP status. The
// response carries the request's id byte for byte when there is one, and null otherwise, as
// JSON-RPC asks of an error that answers no particular request; data, when not nil, is
// marshalled as the error's data.
func writeError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string, data any) {
	var raw json.RawMessage
	if data != nil {
		raw, _ = json.Marshal(data) // every caller passes a plain struct of strings
	}
	body := errorResponse(id, int64(code), msg, raw)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body) // a client that went away cannot be told
}

// accepts reports whether r's Accept header admits the media type typ/sub: listed, or matched by
// typ/* or */*, with a q above 0 (RFC 9110, 12.5.1). The specification requires the header, so
// a request without one is refused rather than taken to accept anything.
func accepts(r *http.Request, typ, sub string) bool {
	best, bestQ := -1, 0.0 // specificity of the most specific match, and its q
	for _, value := range r.Header.Values("Accept") {
		for _, item := range strings.Split(value, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(item))
			if err != nil {
				continue
			}
			t, s, _ := strings.Cut(mt, "/")
			spec := -1
			switch {
			case t == typ && s == sub:
				spec = 2
			case t == typ && s == "*":
				spec = 1
			case t == "*" && s == "*":
				spec = 0
			}
			if spec <= best {
				continue
			}
			q := 1.0
			if v, ok := params["q"]; ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
			best, bestQ = spec, q
		}
	}
	return best >= 0 && bestQ > 0
}

// heldWriter holds an initialize's answer (its status and body; its headers are the real
// writer's, not yet sent) until the SDK has returned, so the handler sees the answer before
// anything leaves: a failed initialize must not hand out the session id the SDK set.
type heldWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *heldWriter) Header() http.Header { return w.header }

func (w *heldWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}

func (w *heldWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(b)
}

// Flush holds on: nothing leaves before the SDK returns.
func (w *heldWriter) Flush() {}

// failed reports an answer that is no result: an HTTP error status, or a JSON-RPC error in the
// JSON body or the first SSE event.
func (w *heldWriter) failed() bool {
	data := w.body.Bytes()
	if strings.HasPrefix(w.header.Get("Content-Type"), "text/event-stream") {
		start, end, ok := eventData(data)
		if !ok {
			return true
		}
		data = data[start:end]
	}
	m, perr := ParseMessage(data)
	return w.status >= 300 || perr != nil || m.Result == nil
}

// sendTo writes the held answer to w.
func (w *heldWriter) sendTo(rw http.ResponseWriter) {
	rw.WriteHeader(cmp.Or(w.status, http.StatusOK))
	_, _ = rw.Write(w.body.Bytes()) // a client that went away cannot be told
}
