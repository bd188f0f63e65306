package coerce

import (
	"slices"
	"strings"
	"sync"
)

// Metrics counts outcomes per (tool, code). Count codes, not exceptions: a spike of invalid_args
// means the schema or the prompt changed; a spike of not_found means the data went away.
type Metrics struct {
	mu     sync.Mutex
	counts map[metricKey]int
}

type metricKey struct {
	tool string
	code Code
}

// Count is one (tool, code) total.
type Count struct {
	Tool string
	Code Code
	N    int
}

// Add counts one outcome.
func (m *Metrics) Add(tool string, code Code) {
	m.mu.Lock()
	if m.counts == nil {
		m.counts = map[metricKey]int{}
	}
	m.counts[metricKey{tool, code}]++
	m.mu.Unlock()
}

// Snapshot returns the totals sorted by tool, then by code in catalog order ("ok" first).
func (m *Metrics) Snapshot() []Count {
	m.mu.Lock()
	out := make([]Count, 0, len(m.counts))
	for k, n := range m.counts {
		out = append(out, Count{Tool: k.tool, Code: k.code, N: n})
	}
	m.mu.Unlock()
	slices.SortFunc(out, func(a, b Count) int {
		if c := strings.Compare(a.Tool, b.Tool); c != 0 {
			return c
		}
		return codeRank(a.Code) - codeRank(b.Code)
	})
	return out
}

// Reset forgets all counts.
func (m *Metrics) Reset() {
	m.mu.Lock()
	m.counts = nil
	m.mu.Unlock()
}

func codeRank(c Code) int {
	if c == OK {
		return 0
	}
	for i, e := range catalog {
		if e.Code == c {
			return i + 1
		}
	}
	return 100
}
