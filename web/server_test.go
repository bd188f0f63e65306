package web

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The write timeout covers app.wasm of this build sent uncompressed on the
// slow link; the figure is the one docs/deployment.md states.
func TestWriteTimeoutCoversAppWasmOnASlowLink(t *testing.T) {
	info, err := os.Stat(filepath.Join("app.wasm"))
	if err != nil {
		t.Skip("web/app.wasm is not built (make build); the e2e tests build it")
	}
	need := time.Duration(float64(info.Size()*8) / SlowLink * float64(time.Second))
	t.Logf("app.wasm %d bytes takes %s at %d bit/s; WriteTimeout is %s", info.Size(), need.Round(time.Second), SlowLink, WriteTimeout)
	if need >= WriteTimeout {
		t.Errorf("app.wasm (%d bytes) needs %s at %d bit/s, over WriteTimeout %s", info.Size(), need, SlowLink, WriteTimeout)
	}
	srv := NewServer(http.NotFoundHandler())
	if srv.WriteTimeout != WriteTimeout || srv.ReadHeaderTimeout != ReadHeaderTimeout || srv.IdleTimeout != IdleTimeout ||
		srv.ReadTimeout != ReadTimeout || srv.MaxHeaderBytes != MaxHeaderBytes {
		t.Errorf("NewServer does not set the documented limits: %+v", srv)
	}
}

// An idle keep-alive connection is closed by the server after IdleTimeout
// (shortened here), and a client that never finishes its headers is cut off
// after ReadHeaderTimeout.
//
// Each limit is shortened on a server of its own: with both at 200 ms on one server, the first
// request's headers had to arrive within 200 ms of the accept, which a client goroutine that a
// loaded machine does not schedule in time misses (a 408 where the test wants a 200).
func TestServerClosesIdleAndSlowConnections(t *testing.T) {
	start := func(short func(*http.Server)) *httptest.Server {
		srv := NewServer(New(site()))
		short(srv)
		ts := httptest.NewUnstartedServer(srv.Handler)
		ts.Config = srv
		ts.Start()
		t.Cleanup(ts.Close)
		return ts
	}
	idle := start(func(s *http.Server) { s.IdleTimeout = 200 * time.Millisecond })
	slowHeaders := start(func(s *http.Server) { s.ReadHeaderTimeout = 200 * time.Millisecond })

	conn, err := net.Dial("tcp", idle.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Close {
		t.Fatalf("first answer %d, close %v: want a kept-alive 200", res.StatusCode, res.Close)
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Errorf("the idle connection was not closed by the server: %v", err)
	}

	slow, err := net.Dial("tcp", slowHeaders.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "GET / HTTP/1.1\r\nHost: x\r\n") // never ends its headers
	slow.SetReadDeadline(time.Now().Add(5 * time.Second))
	rest, err := io.ReadAll(slow)
	if err != nil {
		t.Errorf("the slow client was not cut off: %v", err)
	}
	if len(rest) > 0 && !strings.HasPrefix(string(rest), "HTTP/1.1 408") {
		t.Errorf("the slow client got %q", rest)
	}
}

// One range of an uncompressed file is served as 206; several ranges, and
// any range of a compressed sibling, get the whole file as 200.
func TestRangeRequestsAreLimited(t *testing.T) {
	h := New(site())
	wasm := "\x00asm\x01\x00\x00\x00 the module"
	tests := []struct {
		name, rng, accept string
		code              int
		body, encoding    string
	}{
		{"one range", "bytes=0-3", "", 206, wasm[:4], ""},
		{"suffix range", "bytes=-6", "", 206, wasm[len(wasm)-6:], ""},
		{"two ranges", "bytes=0-1,4-5", "", 200, wasm, ""},
		{"many overlapping ranges", "bytes=0-,0-,0-,0-,0-", "", 200, wasm, ""},
		{"range of the brotli sibling", "bytes=0-1", "br", 200, "BR-WASM", "br"},
		{"range of the gzip sibling", "bytes=2-", "gzip", 200, "GZ-WASM", "gzip"},
		{"unsatisfiable single range", "bytes=900-", "", 416, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/app.wasm", nil)
			req.Header.Set("Range", tt.rng)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			got := body(t, res)
			if res.StatusCode != tt.code {
				t.Fatalf("status %d, want %d (%q)", res.StatusCode, tt.code, got)
			}
			if tt.code != 416 && got != tt.body {
				t.Errorf("body %q, want %q", got, tt.body)
			}
			if e := res.Header.Get("Content-Encoding"); e != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", e, tt.encoding)
			}
			if strings.HasPrefix(res.Header.Get("Content-Type"), "multipart/") {
				t.Errorf("a multipart answer: %s", res.Header.Get("Content-Type"))
			}
			if req.Header.Get("Range") != tt.rng {
				t.Errorf("the handler changed the caller's request")
			}
		})
	}
}
