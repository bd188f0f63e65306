package mcpserve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"sync"

	"coerceplayground/coerce"
	"coerceplayground/coerce/mcpwire"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options adjusts how tools are mounted. The zero value is usable.
type Options struct {
	// NewID makes the correlation id of an internal_error raised outside the dispatcher (a panic
	// in this package); nil means 16 random hex digits.
	NewID func() string
	// SessionEnd, when set, receives each session's report when the session closes: what its
	// conversation cost, for a log line or a dashboard.
	SessionEnd func(Report)
}

// Report is one session's totals.
type Report struct {
	// Session is the transport's session id ("" over stdio and in memory).
	Session string
	// Counts are the session's outcomes per (tool, code).
	Counts []coerce.Count
	// Last is the budget's last verdict; its Decision is "" when no tool was called.
	Last coerce.Verdict
}

// Server holds the per-session state of the tools mounted on one mcp.Server.
type Server struct {
	d     *coerce.Dispatcher
	newID func() string
	end   func(Report)

	mu       sync.Mutex
	sessions map[*mcp.ServerSession]*session
	reports  sync.WaitGroup // one per session whose end is not yet reported
}

// session is one conversation's budget and metrics. A conversation is sequential, but a client
// may send calls concurrently, so the budget is behind a lock.
type session struct {
	id      string
	mu      sync.Mutex
	budget  *coerce.Budget
	last    coerce.Verdict
	metrics coerce.Metrics
}

// Mount adds every tool of d to s (replacing tools of the same names) and returns the state that
// serves them. Every session is tracked from its first message, so each one that ends is
// reported, whether or not it called a tool.
func Mount(s *mcp.Server, d *coerce.Dispatcher, opts Options) *Server {
	m := &Server{d: d, newID: opts.NewID, end: opts.SessionEnd, sessions: map[*mcp.ServerSession]*session{}}
	if m.newID == nil {
		m.newID = randomID
	}
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if ss, ok := req.GetSession().(*mcp.ServerSession); ok && ss != nil {
				m.session(ss)
			}
			return next(ctx, method, req)
		}
	})
	for _, t := range d.Tools() {
		s.AddTool(&mcp.Tool{
			Name:        t.Name,
			Description: mcpwire.Description(t),
			InputSchema: json.RawMessage(mcpwire.InputSchema(t)),
		}, m.handler(t))
	}
	return m
}

// Counts returns the outcomes of the session ss so far, per (tool, code); nil for a session that
// called no tool or has ended.
func (m *Server) Counts(ss *mcp.ServerSession) []coerce.Count {
	m.mu.Lock()
	st := m.sessions[ss]
	m.mu.Unlock()
	if st == nil {
		return nil
	}
	return st.metrics.Snapshot()
}

// Wait blocks until every session has ended and been reported to
// SessionEnd: a command serving one stdio session calls it before exiting so the last report is
// not lost.
func (m *Server) Wait() { m.reports.Wait() }

// handler is t's raw SDK handler: the arguments go to the dispatcher byte for byte.
func (m *Server) handler(t coerce.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		st := m.session(req.Session)
		defer func() {
			if p := recover(); p != nil {
				e := &coerce.Error{Code: coerce.InternalError, Hint: "the tool failed; try later and quote the correlation_id", CorrelationID: m.newID()}
				o := coerce.Outcome{Tool: t.Name, Code: e.Code, Observation: e.Observation(t.Cap)}
				res, err = result(o, st.observe(o)), nil
			}
		}()
		raw := []byte(req.Params.Arguments)
		if len(raw) == 0 {
			raw = []byte("{}") // arguments are optional in tools/call: absent is no arguments
		}
		o := m.d.Call(ctx, t.Name, raw)
		return result(o, st.observe(o)), nil
	}
}

// result is the SDK's form of mcpwire.Result: the same members, built from the same functions.
// structuredContent stays the observation's bytes, so its key order is the dispatcher's.
func result(o coerce.Outcome, v coerce.Verdict) *mcp.CallToolResult {
	meta := mcp.Meta{}
	for _, kv := range mcpwire.Meta(o, v) {
		meta[kv.Key] = kv.Value
	}
	return &mcp.CallToolResult{
		Meta:              meta,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(o.Observation)}},
		StructuredContent: json.RawMessage(o.Observation),
		IsError:           mcpwire.IsError(o.Code),
	}
}

// observe feeds o to the session's budget and metrics.
func (st *session) observe(o coerce.Outcome) coerce.Verdict {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.metrics.Add(o.Tool, o.Code)
	st.last = st.budget.Observe(o)
	return st.last
}

// session returns ss's state, made on its first message and dropped (after SessionEnd) when ss
// closes. A request without a session (not sent by the SDK's transports) gets a budget of its
// own.
func (m *Server) session(ss *mcp.ServerSession) *session {
	if ss == nil {
		return &session{budget: coerce.NewBudget()}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if st := m.sessions[ss]; st != nil {
		return st
	}
	st := &session{id: ss.ID(), budget: coerce.NewBudget()}
	m.sessions[ss] = st
	m.reports.Add(1)
	go func() {
		defer m.reports.Done()
		_ = ss.Wait() // how the session ended does not change its report
		m.mu.Lock()
		delete(m.sessions, ss)
		m.mu.Unlock()
		if m.end != nil {
			st.mu.Lock()
			r := Report{Session: st.id, Counts: st.metrics.Snapshot(), Last: st.last}
			st.mu.Unlock()
			m.end(r)
		}
	}()
	return st
}

// randomID returns 16 random hex digits.
func randomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}
