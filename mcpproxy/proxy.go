package mcpproxy

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"sync"
	"time"

	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultTimeout is how long a forwarded call waits for the upstream unless Options says.
const DefaultTimeout = 30 * time.Second

// Options configure a Proxy. Upstream is required; the zero value of the rest is usable.
type Options struct {
	// Upstream reaches the guarded server (Command or HTTP).
	Upstream Dialer
	// Timeout bounds each forwarded call, and each start of the upstream; 0 means DefaultTimeout.
	Timeout time.Duration
	// Policy adds x-coerce per tool and names the tools passed through.
	Policy Policy
	// Permissions are what the caller holds, for the policy's permissions.
	Permissions []string
	// Log receives one JSON line per call and per upstream event; nil drops them.
	Log io.Writer
	// Metrics, when set, counts every call.
	Metrics *Metrics
	// NewID makes correlation ids; nil means 16 random hex digits.
	NewID func() string
}

// Proxy is an MCP server whose tools are the upstream's, each call checked by coerce first.
type Proxy struct {
	opts    Options
	server  *mcp.Server
	up      *upstream
	log     *logger
	granted func(string) bool

	mu         sync.RWMutex
	routes     map[string]route
	unmatched  []string // the policy's names that no upstream tool has, sorted
	left       string   // what the last listing left out past maxTools, "" for nothing
	listedOnce bool     // the upstream's tools have been listed at least once
	sessions   map[*mcp.ServerSession]*session
}

// New returns the proxy. Nothing is started until the first call, or Start.
func New(opts Options) *Proxy {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.NewID == nil {
		opts.NewID = randomID
	}
	p := &Proxy{opts: opts, routes: map[string]route{}, sessions: map[*mcp.ServerSession]*session{}}
	p.log = &logger{w: opts.Log, now: time.Now}
	perms := opts.Permissions
	p.granted = func(perm string) bool {
		for _, g := range perms {
			if g == perm {
				return true
			}
		}
		return false
	}
	p.server = mcpserve.NewServer(&mcp.Implementation{Name: "coerce-proxy", Title: "coerce proxy", Version: "v1"}, &mcp.ServerOptions{
		Instructions: "Every tool is checked by coerce before it runs. On isError, read the observation's error code and hint, " +
			"and follow _meta[\"coerce/decision\"], or the observation's next member once the budget is spent: stop, or handoff (a person takes over).",
	})
	p.server.AddReceivingMiddleware(p.middleware)
	p.up = &upstream{
		dial: opts.Upstream,
		client: mcp.NewClient(&mcp.Implementation{Name: "coerce-proxy", Version: "v1"}, &mcp.ClientOptions{
			ToolListChangedHandler: p.relist,
		}),
		timeout: opts.Timeout,
		log:     p.log,
		metrics: opts.Metrics,
		listed:  p.setTools,
	}
	return p
}

// Server is the downstream MCP server: connect it to a transport (stdio), or serve it with
// mcpserve.NewHTTPHandler.
func (p *Proxy) Server() *mcp.Server { return p.server }

// Start connects to the upstream and lists its tools, so the first tools/list has them.
// Failing is not fatal: the next call tries again, with a backoff.
func (p *Proxy) Start(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, p.opts.Timeout)
	defer cancel()
	_, err := p.up.session(ctx)
	return err
}

// Close stops the upstream.
func (p *Proxy) Close() { p.up.close() }

// RouteReport is what the proxy makes of one upstream tool.
type RouteReport struct {
	Tool string `json:"tool,omitempty"`
	// Route is "checked" (coerce checks its calls), "passed" (forwarded untouched), "refused"
	// (the policy's entry for it cannot be applied: every call is refused) or "unmatched" (a
	// name in the policy that no upstream tool has: a warning, the policy applies to nothing).
	Route string `json:"route"`
	// Reason says why a tool is passed through: the policy, the keyword coerce cannot honour,
	// or a definition that cannot be read; Keyword names the keyword.
	Reason  string `json:"reason,omitempty"`
	Keyword string `json:"keyword,omitempty"`
}

// Routes reports every upstream tool, by name: what -report prints.
func (p *Proxy) Routes() []RouteReport {
	p.mu.RLock()
	defer p.mu.RUnlock()
	var out []RouteReport
	for _, n := range toolNames(p.routes) {
		r := p.routes[n]
		switch {
		case r.policyErr != "":
			out = append(out, RouteReport{Tool: n, Route: "refused", Reason: r.policyErr})
		case r.check == nil:
			out = append(out, RouteReport{Tool: n, Route: "passed", Reason: r.passed, Keyword: r.keyword})
		default:
			out = append(out, RouteReport{Tool: n, Route: "checked"})
		}
	}
	for _, n := range p.unmatched {
		out = append(out, RouteReport{Tool: n, Route: "unmatched", Reason: unmatchedReason})
	}
	if p.left != "" {
		out = append(out, RouteReport{Route: "truncated", Reason: p.left})
	}
	return out
}

const unmatchedReason = "the policy names it, and the upstream lists no tool of that name: check its spelling"

// PolicyErrors says, one sentence a tool, which of the policy's entries cannot be applied to
// the upstream's tools as last listed. The command refuses to start on any; a tool whose
// entry fails only after a later listing has its calls refused.
func (p *Proxy) PolicyErrors() []string {
	p.mu.RLock()
	defer p.mu.RUnlock()
	var out []string
	for _, n := range toolNames(p.routes) {
		if e := p.routes[n].policyErr; e != "" {
			out = append(out, e)
		}
	}
	return out
}

// setTools makes the routes of the upstream's tools and lists them, changing only what
// changed: a restart that lists the same tools sends clients no list_changed. left is what
// the listing left out past maxTools, logged as tools_truncated.
func (p *Proxy) setTools(tools []*mcp.Tool, left string) {
	routes := map[string]route{}
	for _, t := range tools {
		if t == nil || !objectSchema(t.InputSchema) {
			if t != nil {
				p.log.event("tool_skipped", t.Name, "its inputSchema is not an object schema")
			}
			continue
		}
		routes[t.Name] = newRoute(t, p.opts.Policy, p.granted)
	}
	unmatched := p.opts.Policy.unmatched(routes)
	p.mu.Lock()
	old, oldUnmatched, oldLeft := p.routes, p.unmatched, p.left
	p.routes, p.unmatched, p.left, p.listedOnce = routes, unmatched, left, true
	p.mu.Unlock()
	if left != "" && left != oldLeft {
		p.log.event("tools_truncated", "", left)
	}
	for _, n := range unmatched {
		if !slices.Contains(oldUnmatched, n) {
			p.log.event("policy_unmatched", n, unmatchedReason)
		}
	}
	var gone []string
	for n := range old {
		if _, ok := routes[n]; !ok {
			gone = append(gone, n)
		}
	}
	if len(gone) > 0 {
		p.server.RemoveTools(gone...)
	}
	for n, r := range routes {
		o, ok := old[n]
		if !ok || !reflect.DeepEqual(o.listed, r.listed) {
			p.server.AddTool(r.listed, p.handler(n))
		}
		if r.policyErr != "" && (!ok || o.policyErr != r.policyErr) {
			p.log.event("policy_error", n, r.policyErr)
		}
		if r.check == nil && r.policyErr == "" && (!ok || o.passed != r.passed) {
			p.log.event("tool_passed_through", n, r.passed) // once, not at every listing
		}
	}
}

// relist lists the upstream's tools again when it says they changed, so a tool it adds is
// checked (and listed) without a restart.
func (p *Proxy) relist(ctx context.Context, req *mcp.ToolListChangedRequest) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), p.opts.Timeout)
	defer cancel()
	tools, left, err := listTools(ctx, req.Session)
	if err != nil {
		p.log.event("upstream_list_failed", "", failure(err))
		return
	}
	p.setTools(tools, left)
}

// objectSchema reports an inputSchema the SDK server accepts (it panics on any other).
func objectSchema(s any) bool {
	b, err := json.Marshal(s)
	if err != nil {
		return false
	}
	var m struct {
		Type any `json:"type"`
	}
	return json.Unmarshal(b, &m) == nil && m.Type == "object"
}

// middleware answers a tools/call of a tool that does not exist with not_found as a tool
// result naming the real tools, where the SDK would answer a protocol error the model never
// reads. It also tracks sessions, so each one's budget is dropped when it ends.
func (p *Proxy) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != "tools/call" && method != "tools/list" {
			return next(ctx, method, req)
		}
		p.ensureListed(ctx)
		ctr, ok := req.(*mcp.CallToolRequest)
		if !ok || ctr.Params == nil {
			return next(ctx, method, req)
		}
		p.mu.RLock()
		_, known := p.routes[ctr.Params.Name]
		p.mu.RUnlock()
		if known {
			return next(ctx, method, req)
		}
		return p.call(ctx, ctr.Session, ctr.Params.Name, ctr.Params.Arguments), nil
	}
}

// ensureListed connects to the upstream once if it never has, so the first tools/list or
// tools/call a client sends knows the upstream's tools. After that, a lost upstream keeps its
// last list until the next call restarts it.
func (p *Proxy) ensureListed(ctx context.Context) {
	p.mu.RLock()
	listed := p.listedOnce
	p.mu.RUnlock()
	if !listed {
		ctx, cancel := context.WithTimeout(ctx, p.opts.Timeout)
		defer cancel()
		_, _ = p.up.session(ctx) // a failure is logged; a call is then internal_error (call)
	}
}

// handler is the SDK's raw handler of tool name: the arguments reach call byte for byte.
func (p *Proxy) handler(name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return p.call(ctx, req.Session, name, req.Params.Arguments), nil
	}
}

// session returns ss's state, made on its first call and dropped when ss ends.
func (p *Proxy) session(ss *mcp.ServerSession) *session {
	p.mu.Lock()
	defer p.mu.Unlock()
	if st := p.sessions[ss]; st != nil {
		return st
	}
	id := ""
	if ss != nil {
		id = ss.ID()
	}
	if id == "" {
		id = "stdio"
	}
	st := newSession(id)
	if ss == nil {
		return st // not sent by the SDK's transports: a budget of its own
	}
	p.sessions[ss] = st
	go func() {
		_ = ss.Wait()
		p.mu.Lock()
		delete(p.sessions, ss)
		p.mu.Unlock()
	}()
	return st
}

// Sessions returns how many downstream sessions have state.
func (p *Proxy) Sessions() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return len(p.sessions)
}

func randomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
