package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"coerceplayground/mcpproxy"
	"coerceplayground/mcpserve"
)

// runProxy is `coerce proxy`: coerce in front of an MCP server (docs/proxy.md).
//
//	coerce proxy [flags] -- COMMAND [ARGS…]     # the upstream is a command, over stdio
//	coerce proxy [flags] -upstream URL          # the upstream is served over Streamable HTTP
func runProxy(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// The call log, the upstream's stderr lines and the command's own events are written from
	// different goroutines: one lock keeps each line whole.
	stderr = &lockedWriter{w: stderr}
	fs := flag.NewFlagSet("coerce proxy", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parseFlags says what is wrong, in a sentence of its own
	upstreamURL := fs.String("upstream", "", "the upstream's Streamable HTTP URL, instead of a command after --")
	httpAddr := fs.String("http", "", "serve Streamable HTTP on this address (/mcp, and /metrics) instead of stdio")
	policyFile := fs.String("policy", "", "a policy file: x-coerce per tool, and the tools passed through")
	report := fs.Bool("report", false, "list what the proxy makes of each upstream tool (checked, or passed through and why) and exit")
	timeout := fs.Duration("timeout", mcpproxy.DefaultTimeout, "how long a forwarded call waits for the upstream")
	var grants listFlag
	fs.Var(&grants, "grant", "a permission the caller holds, for the policy's permissions (repeatable)")
	limits := mcpserve.HTTPOptions{}
	fs.IntVar(&limits.MaxSessions, "max-sessions", mcpserve.DefaultMaxSessions, "with -http: the most live sessions; past it the one idle longest is closed")
	fs.DurationVar(&limits.IdleTimeout, "idle-timeout", mcpserve.DefaultIdleTimeout, "with -http: close a session after this long without a request (0: never)")
	if status, ok := parseFlags(fs, args, stderr); !ok {
		return status
	}
	fail := func(msg string) int {
		io.WriteString(stderr, "coerce proxy: "+msg+"\n")
		return 2
	}
	if limits.IdleTimeout == 0 {
		limits.IdleTimeout = -1 // HTTPOptions reads 0 as its default; on the command line 0 means never
	}
	var dial mcpproxy.Dialer
	switch {
	case *upstreamURL != "" && fs.NArg() > 0:
		return fail("give the upstream either as -upstream URL or as a command after --, not both.")
	case *upstreamURL != "":
		dial = mcpproxy.HTTP(*upstreamURL)
	case fs.NArg() > 0:
		dial = mcpproxy.Command(fs.Arg(0), fs.Args()[1:], mcpproxy.StderrLines(stderr))
	default:
		return fail("give the upstream: coerce proxy [flags] -- COMMAND [ARGS…], or -upstream URL.")
	}
	opts := mcpproxy.Options{Upstream: dial, Timeout: *timeout, Permissions: grants, Log: stderr}
	if *policyFile != "" {
		b, err := os.ReadFile(*policyFile)
		if err != nil {
			return fail("the policy file cannot be read: " + errors.Unwrap(err).Error() + ".")
		}
		if opts.Policy, err = mcpproxy.ReadPolicy(b); err != nil {
			return fail(quote(*policyFile) + ": " + err.Error() + ".")
		}
	}
	if *httpAddr != "" {
		opts.Metrics = mcpproxy.NewMetrics()
	}
	p := mcpproxy.New(opts)
	defer p.Close()
	if *report {
		return proxyReport(ctx, p, stdout, fail)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	_ = p.Start(ctx) // a failure is logged; the first call tries again
	if errs := p.PolicyErrors(); len(errs) > 0 {
		return fail(errs[0] + ".")
	}
	if *httpAddr == "" {
		return serveProxyStdio(ctx, p, stdin, stdout, fail)
	}
	mcpH := mcpserve.NewHTTPHandler(p.Server(), limits)
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpH)
	mux.Handle("/metrics", opts.Metrics.Handler())
	err := mcpserve.Serve(ctx, *httpAddr, mux, mcpH, mcpserve.ServeOptions{
		Listening: func(a net.Addr) { logEvent(stderr, "listening", "http://"+a.String()+"/mcp") },
		Log:       func(s string) { logEvent(stderr, "shutdown", s) },
	})
	if err != nil {
		return fail(err.Error())
	}
	return 0
}

// serveProxyStdio serves one session on stdin and stdout until the client closes stdin or ctx
// ends.
func serveProxyStdio(ctx context.Context, p *mcpproxy.Proxy, stdin io.Reader, stdout io.Writer, fail func(string) int) int {
	// mcpserve's transport, not the SDK's: a line that is not JSON-RPC is answered, never the
	// end of the session.
	ss, err := p.Server().Connect(ctx, &mcpserve.IOTransport{Reader: io.NopCloser(stdin), Writer: nopWriteCloser{stdout}}, nil)
	if err != nil {
		return fail(err.Error())
	}
	go func() {
		<-ctx.Done()
		ss.Close()
	}()
	_ = ss.Wait()
	return 0
}

// proxyReport prints one JSON line per upstream tool: checked, or passed through and why.
func proxyReport(ctx context.Context, p *mcpproxy.Proxy, stdout io.Writer, fail func(string) int) int {
	if err := p.Start(ctx); err != nil {
		return fail("the upstream could not be started and listed: " + err.Error())
	}
	for _, t := range p.Routes() {
		b, _ := json.Marshal(t)
		stdout.Write(append(b, '\n'))
	}
	if errs := p.PolicyErrors(); len(errs) > 0 {
		return fail(errs[0] + ".")
	}
	return 0
}

// logEvent writes one of the command's own events as the proxy's log lines are written.
func logEvent(w io.Writer, event, text string) {
	b, _ := json.Marshal(mcpproxy.EventLine{Time: time.Now().UTC(), Event: event, Text: text})
	w.Write(append(b, '\n'))
}

// lockedWriter serializes the writes of the goroutines that share w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
