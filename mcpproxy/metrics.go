package mcpproxy

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the proxy's Prometheus metrics, on a registry of their own (no global state):
// calls and their latency by tool and code, and the upstream's restarts. Tool labels are the
// upstream's tool names, or coerce.UnknownTool for a name the model made up, so a model cannot
// grow the label set.
type Metrics struct {
	reg      *prometheus.Registry
	calls    *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	upstream *prometheus.HistogramVec
	restarts prometheus.Counter
}

// NewMetrics returns the proxy's metrics on a new registry.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "coerce_proxy_calls_total",
			Help: "tools/call requests answered, by tool, code (ok or the catalog's) and route (upstream, refused, breaker, pass).",
		}, []string{"tool", "code", "route"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "coerce_proxy_call_seconds",
			Help:    "Time from a tools/call reaching the proxy to its answer, by tool and code.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}, []string{"tool", "code"}),
		upstream: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "coerce_proxy_upstream_seconds",
			Help:    "Time the upstream took to answer a forwarded call, by tool and code.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}, []string{"tool", "code"}),
		restarts: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "coerce_proxy_upstream_starts_total",
			Help: "Times the upstream was connected: the first start and every restart.",
		}),
	}
	m.reg.MustRegister(m.calls, m.latency, m.upstream, m.restarts)
	return m
}

// Handler serves the metrics in Prometheus' text format, for /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// observe counts one answered call. upstream is zero when the upstream was not called.
func (m *Metrics) observe(tool, code, route string, total, upstream time.Duration, called bool) {
	if m == nil {
		return
	}
	m.calls.WithLabelValues(tool, code, route).Inc()
	m.latency.WithLabelValues(tool, code).Observe(total.Seconds())
	if called {
		m.upstream.WithLabelValues(tool, code).Observe(upstream.Seconds())
	}
}

func (m *Metrics) started() {
	if m != nil {
		m.restarts.Inc()
	}
}
