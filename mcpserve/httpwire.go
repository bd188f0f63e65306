package mcpserve

import (
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

// initWriter calls onHeader just before the status line of an initialize's answer is written,
// when the SDK has set Mcp-Session-Id but the client cannot yet use it.
type initWriter struct {
	http.ResponseWriter
	onHeader func()
	wrote    bool
	t        *tracked
}

func (w *initWriter) WriteHeader(code int) {
	if !w.wrote {
		w.wrote = true
		w.onHeader()
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *initWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Flush lets the SDK's SSE events out as they are written.
func (w *initWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *initWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
