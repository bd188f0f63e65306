package web

import (
	"net/http"
	"time"
)

// The timeouts of [NewServer]. A classroom shares one slow link, so the write
// timeout is sized for the largest file, app.wasm, sent uncompressed (a client
// that accepts neither br nor gzip) at [SlowLink]; a test checks it against
// the app.wasm of the build.
const (
	// ReadHeaderTimeout bounds how long a client may take to send its
	// request headers (a slow-loris client holds a connection otherwise).
	ReadHeaderTimeout = 10 * time.Second
	// ReadTimeout bounds the whole request; the site takes no bodies.
	ReadTimeout = 30 * time.Second
	// WriteTimeout bounds one response, from the end of its headers. app.wasm's
	// packed data segments (build/webbuild) made it larger raw, smaller served.
	WriteTimeout = 7 * time.Minute
	// IdleTimeout closes a keep-alive connection that sends no next request.
	IdleTimeout = 60 * time.Second
	// MaxHeaderBytes is the largest request header block accepted; the
	// page's requests send well under 2 KiB.
	MaxHeaderBytes = 64 << 10
	// SlowLink is the slowest link, in bits per second, on which app.wasm
	// still arrives uncompressed within WriteTimeout.
	SlowLink = 128_000
)

// NewServer is an http.Server for h with the timeouts above, so a stalled or
// idle client cannot hold a connection forever. serve.go uses it.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}
