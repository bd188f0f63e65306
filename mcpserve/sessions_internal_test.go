package mcpserve

import (
	"testing"
	"time"
)

// TestBusySessionNeverExpires: the idle timer runs only while no POST of the session is in
// flight, and a timer that fired after the session became busy again closes nothing.
func TestBusySessionNeverExpires(t *testing.T) {
	closed := make(chan string, 4)
	s := newSessions(10, time.Nanosecond, func(id string) { closed <- id })
	if !s.admit() {
		t.Fatal("no room in an empty set")
	}
	tr := s.register("a", "2025-11-25") // busy with its initialize
	if tr.timer != nil {
		t.Fatal("a timer runs while the initialize is in flight")
	}
	s.begin("a")
	s.end(tr) // one POST still in flight
	if tr.timer != nil {
		t.Fatal("a timer runs while a POST is in flight")
	}
	s.end(tr) // idle now: the 1 ns timer starts
	select {
	case id := <-closed:
		if id != "a" {
			t.Fatalf("closed %q", id)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the idle session was never closed")
	}

	// An hour's timeout: only the stale expiries called by hand can fire in this part.
	s = newSessions(10, time.Hour, func(id string) { closed <- id })
	s.admit()
	tr = s.register("b", "2025-11-25")
	stale := tr.gen
	s.begin("b") // busy again before the timer's turn
	s.expire(tr, stale)
	if s.lookup("b") == nil || len(closed) != 0 {
		t.Fatal("a stale timer closed a busy session")
	}
	s.end(tr)
	s.end(tr)
	s.expire(tr, stale) // idle, but this timer is not the current one
	if s.lookup("b") == nil {
		t.Fatal("a stale timer closed the session")
	}
	s.expire(tr, tr.gen) // the current timer firing: now it closes
	if s.lookup("b") != nil || <-closed != "b" {
		t.Fatal("the current timer did not close the idle session")
	}
}
