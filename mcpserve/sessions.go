package mcpserve

import (
	"context"
	"sync"
	"time"
)

// sessions is the HTTP handler's account of its live sessions: how many there are (the cap),
// which are idle (no POST in flight) and since when (the idle timeout and the choice of which
// session to close when the cap is reached), and, on shutdown, when the last one has ended.
// The SDK keeps its own map of sessions; this one only decides when to end one, and ends it
// through the SDK's own DELETE.
type sessions struct {
	max   int
	idle  time.Duration // <= 0: never
	close func(id string)

	mu      sync.Mutex
	live    map[string]*tracked
	pending int    // initialize requests admitted whose session is not yet registered
	seq     uint64 // orders activity: a larger last is more recent
	closing bool
	drained chan struct{} // closed once closing and nothing is live or pending
}

// tracked is one live session.
type tracked struct {
	id      string
	version string // the negotiated protocol version
	refs    int    // POSTs in flight
	last    uint64 // seq at the end of its last POST
	gen     uint64 // which idle timer is current
	timer   *time.Timer

	standIns liveStandIns // of its requests in flight, for cancellations
}

func newSessions(max int, idle time.Duration, close func(string)) *sessions {
	return &sessions{max: max, idle: idle, close: close, live: map[string]*tracked{}, drained: make(chan struct{})}
}

// admit makes room for a new session: true when there is room now or the oldest idle session
// was closed to make it, false when the handler is shutting down or every session is busy.
// An admitted caller calls register or release exactly once.
func (s *sessions) admit() bool {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return false
	}
	var victim *tracked
	if len(s.live)+s.pending >= s.max {
		for _, t := range s.live {
			if t.refs == 0 && (victim == nil || t.last < victim.last) {
				victim = t
			}
		}
		if victim == nil {
			s.mu.Unlock()
			return false
		}
		s.dropLocked(victim)
	}
	s.pending++
	s.mu.Unlock()
	if victim != nil {
		s.close(victim.id)
	}
	return true
}

// register turns an admitted initialize into a live session, busy with that POST.
func (s *sessions) register(id, version string) *tracked {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending--
	t := &tracked{id: id, version: version, refs: 1}
	s.live[id] = t
	return t
}

// release gives back an admission that made no session (the initialize failed).
func (s *sessions) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pending--
	s.drainedLocked()
}

// begin marks a POST of session id in flight; nil when the session is not live.
func (s *sessions) begin(id string) *tracked {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.live[id]
	if t == nil {
		return nil
	}
	t.refs++
	t.gen++ // the running idle timer, if any, is stale now
	if t.timer != nil {
		t.timer.Stop()
	}
	return t
}

// lookup returns session id's state without marking activity (GET and DELETE).
func (s *sessions) lookup(id string) *tracked {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.live[id]
}

// end marks a POST of t done. The session's idle time starts when its last POST ends; when
// the handler is shutting down, that is when it closes.
func (s *sessions) end(t *tracked) {
	s.mu.Lock()
	t.refs--
	s.seq++
	t.last = s.seq
	if t.refs > 0 || s.live[t.id] != t {
		s.mu.Unlock()
		return
	}
	if s.closing {
		s.dropLocked(t)
		s.mu.Unlock()
		s.close(t.id)
		return
	}
	if s.idle > 0 {
		t.gen++
		gen := t.gen
		t.timer = time.AfterFunc(s.idle, func() { s.expire(t, gen) })
	}
	s.mu.Unlock()
}

// expire closes t if it is still the idle session whose timer fired.
func (s *sessions) expire(t *tracked, gen uint64) {
	s.mu.Lock()
	if s.live[t.id] != t || t.refs > 0 || t.gen != gen {
		s.mu.Unlock()
		return
	}
	s.dropLocked(t)
	s.mu.Unlock()
	s.close(t.id)
}

// forget drops session id after it ended on its own (a client's DELETE, the SDK's 404).
func (s *sessions) forget(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.live[id]; t != nil {
		s.dropLocked(t)
	}
}

// dropLocked removes t from the live set; s.mu is held.
func (s *sessions) dropLocked(t *tracked) {
	delete(s.live, t.id)
	t.gen++
	if t.timer != nil {
		t.timer.Stop()
	}
	s.drainedLocked()
}

func (s *sessions) drainedLocked() {
	if s.closing && len(s.live) == 0 && s.pending == 0 {
		select {
		case <-s.drained:
		default:
			close(s.drained)
		}
	}
}

// count is the number of live sessions.
func (s *sessions) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}

// shutdown admits no new session, closes the idle ones at once and each busy one when its last
// POST ends, and returns when none is left. When ctx ends first it closes the busy ones too
// and returns ctx's error.
func (s *sessions) shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	var idle []string
	for _, t := range s.live {
		if t.refs == 0 {
			idle = append(idle, t.id)
			s.dropLocked(t)
		}
	}
	s.drainedLocked()
	s.mu.Unlock()
	for _, id := range idle {
		s.close(id)
	}
	select {
	case <-s.drained:
		return nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	var busy []string
	for _, t := range s.live {
		busy = append(busy, t.id)
		s.dropLocked(t)
	}
	s.mu.Unlock()
	for _, id := range busy {
		go s.close(id) // its POST may hold the session; do not wait for it
	}
	return ctx.Err()
}
