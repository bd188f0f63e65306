package mcpserve

import (
	"context"
	"net"
	"net/http"
	"time"
)

// ShutdownTimeout bounds how long Serve waits, once its context ends, for answers in flight and
// for the sessions' ends to be reported.
const ShutdownTimeout = 5 * time.Second

// ServeOptions are what a command adds to Serve. The zero value is usable.
type ServeOptions struct {
	// Listening is told the address Serve listens on (the port the system chose for ":0").
	Listening func(net.Addr)
	// Reported, when set, blocks until every ended session has been reported; Serve waits for
	// it after ending the sessions, within ShutdownTimeout.
	Reported func()
	// Log receives what went wrong during the shutdown; nil drops it.
	Log func(string)
}

// Serve serves h (whose MCP endpoint is mcp) over HTTP on addr until ctx ends: the graceful stop
// a command wants on SIGTERM. It then stops accepting, ends every session of mcp (which
// releases their GET streams, and reports them), waits for opts.Reported, and returns within
// ShutdownTimeout.
func Serve(ctx context.Context, addr string, h http.Handler, mcp *HTTPHandler, opts ServeOptions) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	if opts.Listening != nil {
		opts.Listening(ln.Addr())
	}
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	stopped := make(chan error, 1)
	go func() { stopped <- hs.Shutdown(shutdown) }() // closes the listener at once
	_ = mcp.Shutdown(shutdown)                       // ends the sessions, which releases their GET streams
	if opts.Reported != nil {
		reported := make(chan struct{})
		go func() { opts.Reported(); close(reported) }()
		select {
		case <-reported:
		case <-shutdown.Done():
			if opts.Log != nil {
				opts.Log("shutdown: some session reports were not written in time")
			}
		}
	}
	if err := <-stopped; err != nil {
		_ = hs.Close()
	}
	return nil
}
