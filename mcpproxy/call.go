package mcpproxy

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/coerce/calllog"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The routes a call's answer can take, as the log and the metrics name them.
const (
	routeUpstream = "upstream" // checked, then forwarded
	routePass     = "pass"     // a pass-through tool, forwarded unchecked
	routeRefused  = "refused"  // answered by the proxy: the narrow map, an unknown tool, the policy
	routeBreaker  = "breaker"  // an identical call repeated once the budget is spent
)

// call is one tools/call: checked, forwarded or refused, answered, judged by the session's
// budget, logged and counted. It never returns a protocol error: every outcome is a result.
func (p *Proxy) call(ctx context.Context, ss *mcp.ServerSession, name string, raw json.RawMessage) *mcp.CallToolResult {
	start := time.Now()
	if len(raw) == 0 {
		raw = json.RawMessage("{}") // arguments are optional in tools/call: absent is none
	}
	st := p.session(ss)
	p.mu.RLock()
	r, known := p.routes[name]
	var names []string
	if !known {
		names = toolNames(p.routes)
	}
	listed := p.listedOnce
	p.mu.RUnlock()
	line := logLine{Line: calllog.Line{Session: st.id, Tool: name}}
	if !known {
		line.Tool = coerce.UnknownTool
	}
	key := callKey(line.Tool, raw)
	if t, v, ok := st.tripped(key); ok {
		line.Route = routeBreaker
		o := coerce.Outcome{Tool: line.Tool, Code: t.code, Field: t.field, Observation: withNext(t.observation, next(v))}
		return p.finish(o, v, nil, &line, start)
	}
	var (
		o   coerce.Outcome
		res *mcp.CallToolResult
	)
	switch {
	case !listed:
		// The upstream never started: no name can be judged unknown.
		line.Route = routeRefused
		e := &coerce.Error{Code: coerce.InternalError, Hint: "the tool server could not be started; try later and quote the correlation_id", CorrelationID: p.opts.NewID()}
		line.CorrelationID = e.CorrelationID
		o = coerce.Outcome{Tool: coerce.UnknownTool, Code: e.Code, Observation: e.Observation(answerCap)}
	case !known:
		line.Route = routeRefused
		e := coerce.NotFoundError("", "no such tool; the tools are "+strings.Join(names, ", ")+": call one of them by its exact name")
		o = coerce.Outcome{Tool: coerce.UnknownTool, Code: coerce.NotFound, Observation: e.Observation(answerCap)}
	case r.policyErr != "":
		// The operator's policy for the tool cannot be applied: refused, never forwarded
		// without the check it asked for.
		line.Route = routeRefused
		e := &coerce.Error{Code: coerce.InternalError, Hint: "the proxy's policy for this tool cannot be applied, so the tool is refused until an operator fixes it; quote the correlation_id", CorrelationID: p.opts.NewID()}
		line.CorrelationID = e.CorrelationID
		o = coerce.Outcome{Tool: name, Code: e.Code, Observation: e.Observation(answerCap)}
	case r.check == nil:
		line.Route = routePass
		o, res = p.forward(ctx, name, raw, &line)
	default:
		checked, trace := r.check.CallTraced(ctx, name, raw)
		line.Rules = calllog.RulesOf(trace)
		if checked.Code != coerce.OK {
			line.Route = routeRefused
			o = checked
			break
		}
		args, ok := arguments(checked.Observation)
		if !ok { // tooldef's handler answered something else: a bug, never a guess
			line.Route = routeRefused
			e := &coerce.Error{Code: coerce.InternalError, Hint: "the proxy could not read the checked arguments; report it with the correlation_id", CorrelationID: p.opts.NewID()}
			line.CorrelationID = e.CorrelationID
			o = coerce.Outcome{Tool: name, Code: e.Code, Observation: e.Observation(answerCap)}
			break
		}
		line.Route = routeUpstream
		o, res = p.forward(ctx, name, args, &line)
	}
	v := st.observe(o)
	if res == nil {
		if o.Code != coerce.OK {
			st.remember(key, trip{code: o.Code, field: o.Field, observation: o.Observation}) // without next: a repeat adds its own
		}
		o.Observation = withNext(o.Observation, next(v))
	}
	return p.finish(o, v, res, &line, start)
}

// logLine is what a call logs, filled in as the call goes.
type logLine struct {
	calllog.Line
	callExtra
}

// finish logs and counts the answer and returns it as a CallToolResult: the upstream's ok
// result as it came, or the observation.
func (p *Proxy) finish(o coerce.Outcome, v coerce.Verdict, res *mcp.CallToolResult, line *logLine, start time.Time) *mcp.CallToolResult {
	line.Time = time.Now().UTC()
	line.Code, line.Field = o.Code, o.Field
	line.Decision, line.Next = string(v.Decision), next(v)
	p.log.call(line.Line, line.callExtra)
	p.opts.Metrics.observe(capName(line.Tool), string(line.Code), line.Route, time.Since(start), line.Line.Upstream, line.Forwarded)
	if res != nil {
		return passedResult(res, o, v)
	}
	return ownResult(o, v)
}

// forward sends the call to the upstream and turns what comes back into an outcome: ok with
// the upstream's result, or an error observation (res nil) for an isError result, a JSON-RPC
// error, a lost connection or no answer within the timeout.
func (p *Proxy) forward(ctx context.Context, name string, args json.RawMessage, line *logLine) (coerce.Outcome, *mcp.CallToolResult) {
	ctx, cancel := context.WithTimeout(ctx, p.opts.Timeout)
	defer cancel()
	o := coerce.Outcome{Tool: name, HandlerCalled: true}
	cs, err := p.up.session(ctx)
	var res *mcp.CallToolResult
	if err == nil {
		t0 := time.Now()
		res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		line.Forwarded, line.Line.Upstream = true, time.Since(t0)
		if err != nil && !isProtocolError(err) && ctx.Err() == nil {
			p.up.drop(cs) // the connection failed under the call: the next call reconnects
		}
	}
	var e *coerce.Error
	switch {
	case err == nil && !res.IsError:
		p.up.answered()
		o.Code = coerce.OK
		return o, res
	case err == nil:
		p.up.answered()
		e, line.callExtra.Upstream = upstreamError(res, p.opts.NewID)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		e = coerce.NewError(coerce.Timeout, "", "the tool did not answer within "+p.opts.Timeout.String()+"; it may or may not have acted, so check before repeating a change")
	default:
		e = &coerce.Error{Code: coerce.InternalError, Hint: "the tool failed; try later and quote the correlation_id", CorrelationID: p.opts.NewID()}
		line.callExtra.Upstream = failure(err)
	}
	line.CorrelationID = e.CorrelationID
	o.Code, o.Field, o.Observation = e.Code, e.Field, e.Observation(answerCap)
	return o, nil
}

// isProtocolError reports a JSON-RPC error the upstream answered: the connection is fine. The
// SDK's transports wrap their own failures (an HTTP upstream gone) in a JSON-RPC error too,
// with the code codeRejected: those are the connection's.
func isProtocolError(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we) && we.Code != codeRejected
}

// codeRejected is the code of the SDK's "rejected by transport" (jsonrpc2.ErrRejected, which
// it does not export).
const codeRejected = -32005

// arguments returns the coerced arguments out of the checking tool's ok observation,
// {"ok":true,"arguments":{…}}: what tooldef's handler answers, and what the upstream receives.
func arguments(obs []byte) (json.RawMessage, bool) {
	var ok struct {
		Arguments json.RawMessage `json:"arguments"`
	}
	if json.Unmarshal(obs, &ok) != nil || len(ok.Arguments) == 0 || ok.Arguments[0] != '{' {
		return nil, false
	}
	return ok.Arguments, true
}
