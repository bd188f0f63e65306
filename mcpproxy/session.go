package mcpproxy

import (
	"crypto/sha256"
	"sync"

	"coerceplayground/coerce"
)

// session is one downstream conversation: its budget, and the breaker's memory of the calls
// that failed. A client may send calls concurrently, so it is behind a lock.
type session struct {
	id string

	mu     sync.Mutex
	budget *coerce.Budget
	last   coerce.Verdict
	spent  bool              // the budget has said stop or hand off
	failed map[[32]byte]trip // the calls that ended in an error, by tool and argument bytes
}

// trip is what the breaker answers for a call repeated once the budget is spent: the code and
// observation the first one got.
type trip struct {
	code        coerce.Code
	field       string
	observation []byte
}

// maxFailedCalls bounds the breaker's memory per session; past it, new failures are not
// remembered (the budget has long said stop by then).
const maxFailedCalls = 256

func newSession(id string) *session {
	return &session{id: id, budget: coerce.NewBudget(), failed: map[[32]byte]trip{}}
}

// callKey names a call by its tool and its argument bytes exactly as sent.
func callKey(tool string, raw []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(raw)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// tripped returns the earlier answer of an identical call, when the budget is spent and that
// call failed: the breaker refuses it without the upstream.
func (s *session) tripped(key [32]byte) (trip, coerce.Verdict, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.failed[key]
	return t, s.last, ok && s.spent
}

// observe feeds o to the budget and returns its verdict.
func (s *session) observe(o coerce.Outcome) coerce.Verdict {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.budget.Observe(o)
	s.last = v
	s.spent = s.spent || next(v) != ""
	return v
}

// next is the observation's next member for verdict v: "stop" or "handoff" once the budget is
// spent, "" while the loop may go on.
func next(v coerce.Verdict) string {
	if v.Decision == coerce.Stop || v.Decision == coerce.Handoff {
		return string(v.Decision)
	}
	return ""
}

// remember keeps a failed call's answer for the breaker.
func (s *session) remember(key [32]byte, t trip) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.failed) < maxFailedCalls {
		s.failed[key] = t
	}
}
