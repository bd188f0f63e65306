package e2e

// A classroom link, emulated at the test server rather than in the browser: DevTools' network
// emulation of the page's target does not slow the service worker's own fetches (its install
// fetches the page's files beside the page), so a first visit would look faster than it is.
// Pacing at the server slows every request the same, whoever makes it, and one pace shared by
// all connections is one link, as a classroom's students share theirs.

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// The classroom link: 10 Mbit/s down, 40 ms round trip.
const (
	linkBytesPerSecond = 10_000_000 / 8
	linkRoundTrip      = 40 * time.Millisecond
	linkChunk          = 16 << 10 // bytes written per paced step
)

// link is one shared downlink: each chunk written through it reserves its transmission time
// on one timeline, so connections in parallel share the rate instead of each getting it.
type link struct {
	mu   sync.Mutex
	free time.Time // when the link has sent everything reserved so far
}

// linkBurst is how far the link's timeline may lag behind the clock: a writer that wakes late
// (a loaded machine oversleeps) may catch up by one chunk instead of losing the link's time.
const linkBurst = linkChunk * time.Second / linkBytesPerSecond

// reserve books n bytes on the link and returns when they have been sent.
func (l *link) reserve(n int) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if earliest := now.Add(-linkBurst); l.free.Before(earliest) {
		l.free = earliest
	}
	l.free = l.free.Add(time.Duration(n) * time.Second / linkBytesPerSecond)
	return l.free
}

// classroomLink serves h as if over the link: each response's headers leave a round trip after
// the request came in (the request's way up and the first byte's way down), and its body at the
// link's shared rate.
func classroomLink(h http.Handler) http.Handler {
	l := &link{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(linkRoundTrip)
		h.ServeHTTP(&pacedWriter{ResponseWriter: w, link: l}, r)
	})
}

// pacedWriter writes a body in chunks, each once the link has had time to send it.
type pacedWriter struct {
	http.ResponseWriter
	link *link
}

func (p *pacedWriter) Write(b []byte) (int, error) {
	written := 0
	for len(b) > 0 {
		n := min(len(b), linkChunk)
		time.Sleep(time.Until(p.link.reserve(n)))
		m, err := p.ResponseWriter.Write(b[:n])
		written += m
		if err != nil {
			return written, err
		}
		if f, ok := p.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		b = b[n:]
	}
	return written, nil
}

// Two bodies downloaded at once through one link take at least the time their bytes need at the
// link's rate, plus a round trip: the link is shared, not given to each connection. (A lower
// bound only: a loaded machine makes it slower, never faster.)
func TestClassroomLinkIsShared(t *testing.T) {
	const size = linkBytesPerSecond / 8 // 125 ms of the link each
	body := bytes.Repeat([]byte("x"), size)
	srv := httptest.NewServer(classroomLink(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(body)
	})))
	defer srv.Close()
	start := time.Now()
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			resp, err := http.Get(srv.URL)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			if n, err := io.Copy(io.Discard, resp.Body); err != nil || n != size {
				t.Errorf("read %d bytes (%v), want %d", n, err, size)
			}
		})
	}
	wg.Wait()
	want := linkRoundTrip + 2*size*time.Second/linkBytesPerSecond - linkBurst
	if took := time.Since(start); took < want {
		t.Errorf("two %d-byte bodies at once took %v through the link, want at least %v", size, took, want)
	}
}
