// Command lesson-mcp serves the lesson's tools (get_job, get_user, refund) over the Model Context
// Protocol, with coerce between tools/call and each handler (package mcpserve).
//
//	go run ./cmd/lesson-mcp                              # stdio: for an MCP client that starts it
//	go run ./cmd/lesson-mcp -http 127.0.0.1:8931         # Streamable HTTP at http://127.0.0.1:8931/mcp
//	go run ./cmd/lesson-mcp -grant refunds.write         # refund no longer answers denied
//
// stdout belongs to the protocol over stdio, so every log line goes to stderr: one per error
// outcome (code and field, never the input) and one per session when it ends (its counts and the
// budget's last decision). docs/mcp.md shows a client configuration and a session.
package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"coerceplayground/mcpserve"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	httpAddr := flag.String("http", "", "serve Streamable HTTP on this address (at /mcp) instead of stdio")
	grant := flag.String("grant", "", "comma-separated permissions the caller holds, such as "+lesson.RefundPermission)
	boolStrings := flag.Bool("bool-strings", false, `let refund's dry_run take the strings "true" and "false"`)
	tools := registerToolFlag()
	limits := mcpserve.HTTPOptions{}
	flag.IntVar(&limits.MaxSessions, "max-sessions", mcpserve.DefaultMaxSessions, "with -http: the most live sessions; past it the one idle longest is closed")
	flag.DurationVar(&limits.IdleTimeout, "idle-timeout", mcpserve.DefaultIdleTimeout, "with -http: close a session after this long without a request (0: never)")
	flag.Parse()
	if limits.IdleTimeout == 0 {
		limits.IdleTimeout = -1 // HTTPOptions reads 0 as its default; on the command line 0 means never
	}
	logger := log.New(os.Stderr, "lesson-mcp: ", log.LstdFlags)

	cfg := config{Permissions: splitList(*grant), BoolStrings: *boolStrings, Log: logger.Println}
	if len(*tools) > 0 {
		d, err := declaredDispatcher(*tools, cfg.Permissions, logger.Println)
		if err != nil {
			logger.Fatal(err)
		}
		cfg.Declared = d
	}
	srv, mount := newServer(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *httpAddr == "" {
		if err := serveStdio(ctx, srv, mount); err != nil {
			logger.Fatal(err)
		}
		return
	}
	if err := serveHTTP(ctx, *httpAddr, newHTTPHandler(srv, limits), mount, logger); err != nil {
		logger.Fatal(err)
	}
}

// serveHTTP serves Streamable HTTP on addr until ctx ends, logging the URL (with the port the
// system chose when addr ends in :0). Then it stops accepting, ends every session (each logs
// its line) and returns within mcpserve.ShutdownTimeout.
func serveHTTP(ctx context.Context, addr string, h *httpHandler, mount *mcpserve.Server, logger *log.Logger) error {
	return mcpserve.Serve(ctx, addr, h, h.mcp, mcpserve.ServeOptions{
		Listening: func(a net.Addr) { logger.Printf("serving MCP (Streamable HTTP) at http://%s/mcp", a) },
		Reported:  mount.Wait,
		Log:       func(s string) { logger.Print(s) },
	})
}

// config is what the flags set.
type config struct {
	Permissions []string
	BoolStrings bool
	// NewID makes correlation ids; nil means random.
	NewID func() string
	// Log receives the log lines; nil drops them.
	Log func(...any)
	// Declared, when set, serves tools declared as data (-tool) instead of the lesson's.
	Declared *coerce.Dispatcher
}

// serveStdio serves one session on stdin and stdout until the client closes stdin or ctx ends,
// then waits for the session's report.
func serveStdio(ctx context.Context, srv *mcp.Server, mount *mcpserve.Server) error {
	ss, err := srv.Connect(ctx, mcpserve.StdioTransport(), nil)
	if err != nil {
		return err
	}
	go func() {
		<-ctx.Done()
		ss.Close()
	}()
	err = ss.Wait()
	mount.Wait()
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// newServer returns the MCP server with the lesson's tools mounted, as the page runs them: the
// default coercion switches, the permissions granted, refund's dry_run strings as asked.
func newServer(cfg config) (*mcp.Server, *mcpserve.Server) {
	logf := cfg.Log
	if logf == nil {
		logf = func(...any) {}
	}
	sw := lesson.DefaultSwitches()
	sw.BoolStrings = cfg.BoolStrings
	d := lesson.NewDispatcher(lesson.LabConfig{Switches: &sw, Permissions: cfg.Permissions, NewID: cfg.NewID,
		Log: func(l coerce.LogLine) { logf(l.String()) }})
	if cfg.Declared != nil {
		d = cfg.Declared
	}
	s := mcpserve.NewServer(&mcp.Implementation{Name: "coerce-lesson", Title: "coerce playground: the lesson's tools", Version: "v1"}, &mcp.ServerOptions{
		Instructions: "Tools of the coerce lesson. Every answer is a tool result: on isError, read the observation's error code and hint, " +
			"and follow _meta[\"coerce/decision\"]: retry (fix what the hint names, once), stop, or handoff (a person takes over).",
	})
	m := mcpserve.Mount(s, d, mcpserve.Options{NewID: cfg.NewID, SessionEnd: func(r mcpserve.Report) { logf(reportLine(r)) }})
	return s, m
}

// httpHandler serves the MCP handler at /mcp.
type httpHandler struct {
	*http.ServeMux
	mcp *mcpserve.HTTPHandler
}

// newHTTPHandler serves s over Streamable HTTP at /mcp with the limits given (mcpserve's
// defaults for zero values): sessions capped, idle ones closed, other sites' pages refused.
func newHTTPHandler(s *mcp.Server, limits mcpserve.HTTPOptions) *httpHandler {
	h := &httpHandler{ServeMux: http.NewServeMux(), mcp: mcpserve.NewHTTPHandler(s, limits)}
	h.Handle("/mcp", h.mcp)
	return h
}

// reportLine is a session's log line: "session abc ended: get_job ok=2 invalid_args=1; last decision retry".
func reportLine(r mcpserve.Report) string {
	id := r.Session
	if id == "" {
		id = "(stdio)"
	}
	var b strings.Builder
	b.WriteString("session " + id + " ended:")
	tool := ""
	for _, c := range r.Counts {
		if c.Tool != tool {
			tool = c.Tool
			b.WriteString(" " + tool)
		}
		b.WriteString(" " + string(c.Code) + "=" + strconv.Itoa(c.N))
	}
	if len(r.Counts) == 0 {
		b.WriteString(" no tool calls")
	}
	if r.Last.Decision != "" {
		b.WriteString("; last decision " + string(r.Last.Decision))
	}
	return b.String()
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
