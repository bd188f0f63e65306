package mcpproxy

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/coerce/calllog"
)

// callExtra is what the proxy's log line of a call holds beyond coerce/calllog's Line (which
// coerce report reads), written after its members on the same line: who answered, the
// budget's verdict, and for an internal_error its correlation id with what the upstream said.
type callExtra struct {
	// Route says who answered: "upstream" (the call was forwarded), "refused" (the proxy
	// answered: the narrow map, an unknown tool, the policy), "breaker" (a repeat refused),
	// "pass" (a pass-through tool, forwarded unchecked).
	Route    string `json:"route"`
	Decision string `json:"decision,omitempty"`
	Next     string `json:"next,omitempty"`
	// CorrelationID and Upstream tie an internal_error to what the upstream said, scrubbed and
	// cut to maxUpstreamText bytes.
	CorrelationID string `json:"correlation_id,omitempty"`
	Upstream      string `json:"upstream,omitempty"`
}

// EventLine is a log line about the upstream rather than a call: started, exited, restarted,
// a tool passed through, a line of its stderr.
type EventLine struct {
	Time  time.Time `json:"time"`
	Event string    `json:"event"`
	Tool  string    `json:"tool,omitempty"`
	Text  string    `json:"text,omitempty"`
}

// logger writes log lines to w, one JSON object a line, whole lines only even when calls end
// at once.
type logger struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
}

// write encodes v on one line. A line that cannot be encoded is not written: a log line is
// never worth a failed call.
func (l *logger) write(v any) {
	if l == nil || l.w == nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.w.Write(append(b, '\n'))
}

// call logs one call: calllog's line, then the proxy's own members. Never the arguments.
func (l *logger) call(line calllog.Line, x callExtra) {
	if l == nil || l.w == nil {
		return
	}
	b := line.AppendJSON(make([]byte, 0, 256))
	extra, err := json.Marshal(x)
	if err == nil && len(b) >= 2 && string(b[len(b)-2:]) == "}\n" && len(extra) > 2 {
		b = append(append(b[:len(b)-2], ','), extra[1:]...)
		b = append(b, '\n')
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = l.w.Write(b)
}

// event logs an upstream event; text is scrubbed and capped.
func (l *logger) event(event, tool, text string) {
	l.write(EventLine{Time: l.now().UTC(), Event: event, Tool: capName(tool), Text: scrub(text, maxUpstreamText)})
}

// capName cuts a name that came from outside (a tool name) for a log line or a label.
func capName(s string) string { return coerce.Cut(s, 128) }

// StderrLines returns a writer for an upstream command's stderr that writes each of its lines
// to w as an EventLine ("upstream_stderr", the line scrubbed and capped), so the proxy's log
// stays one JSON object a line. A line longer than maxStderrLine is written in pieces.
func StderrLines(w io.Writer) io.Writer {
	return &stderrLines{log: &logger{w: w, now: time.Now}}
}

const maxStderrLine = 4096

type stderrLines struct {
	log *logger
	mu  sync.Mutex
	buf []byte
}

func (s *stderrLines) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(b)
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			s.buf = append(s.buf, b...)
			if len(s.buf) >= maxStderrLine {
				s.flush()
			}
			break
		}
		s.buf = append(s.buf, b[:i]...)
		s.flush()
		b = b[i+1:]
	}
	return n, nil
}

func (s *stderrLines) flush() {
	if len(bytes.TrimSpace(s.buf)) > 0 {
		s.log.event("upstream_stderr", "", string(s.buf))
	}
	s.buf = s.buf[:0]
}
