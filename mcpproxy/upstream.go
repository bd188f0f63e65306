package mcpproxy

import (
	"context"
	"errors"
	"io"
	"os/exec"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Dialer makes a new transport to the upstream, once per start: an exec.Cmd runs once, so a
// restart needs a new one.
type Dialer func() mcp.Transport

// Command dials an upstream that is a command speaking MCP over stdio. Its stderr goes to
// stderr (the proxy wraps it in its log lines); closing it closes its stdin and, after a grace
// period, terminates it.
func Command(name string, args []string, stderr io.Writer) Dialer {
	return func() mcp.Transport {
		cmd := exec.Command(name, args...)
		cmd.Stderr = stderr
		return &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}
	}
}

// HTTP dials an upstream served over Streamable HTTP at url.
func HTTP(url string) Dialer {
	return func() mcp.Transport { return &mcp.StreamableClientTransport{Endpoint: url, MaxRetries: 1} }
}

// errRestarting is the failure of a call that arrives while the upstream's restart is backed
// off for longer than the call may wait.
var errRestarting = errors.New("the upstream is down and its restart is backed off")

// upstream is the one connection to the guarded server, shared by every downstream session. It
// connects on first use and again on the first call after the connection is lost, waiting
// backoff(failures) between attempts.
type upstream struct {
	dial    Dialer
	client  *mcp.Client
	timeout time.Duration
	log     *logger
	metrics *Metrics
	// listed receives the upstream's tools after each connect, before any call is sent, and
	// what was left out past maxTools.
	listed func(tools []*mcp.Tool, left string)

	mu         sync.Mutex
	cs         *mcp.ClientSession
	failures   int           // connections lost or refused since the last answered call
	notBefore  time.Time     // no new attempt before this
	connecting chan struct{} // closed when the attempt in progress ends; nil when none is
	closed     bool          // the proxy is stopping: an end of the connection is not an exit
}

// backoff is the wait before attempt n+1 after n failures in a row: none after the first (an
// upstream that exited once is restarted on the next call), then 250 ms doubling to 30 s.
func backoff(failures int) time.Duration {
	if failures <= 1 {
		return 0
	}
	d := 250 * time.Millisecond << min(failures-2, 7)
	return min(d, 30*time.Second)
}

// session returns the live connection, connecting first when there is none. One attempt runs
// at a time; calls that arrive meanwhile wait for it.
func (u *upstream) session(ctx context.Context) (*mcp.ClientSession, error) {
	for {
		u.mu.Lock()
		if u.cs != nil {
			cs := u.cs
			u.mu.Unlock()
			return cs, nil
		}
		if ch := u.connecting; ch != nil {
			u.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		wait := time.Until(u.notBefore)
		ch := make(chan struct{})
		u.connecting = ch
		u.mu.Unlock()
		cs, err := u.connect(ctx, wait)
		u.mu.Lock()
		u.connecting = nil
		close(ch)
		if err != nil {
			u.failures++
			u.notBefore = time.Now().Add(backoff(u.failures))
		} else {
			u.cs = cs
		}
		u.mu.Unlock()
		if err != nil {
			return nil, err
		}
		go u.watch(cs)
		return cs, nil
	}
}

// connect waits out the backoff (if the call can afford it), starts the upstream and lists its
// tools.
func (u *upstream) connect(ctx context.Context, wait time.Duration) (*mcp.ClientSession, error) {
	if wait > 0 {
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return nil, errRestarting
		}
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	// The connection outlives the call that made it: only the wait for it is the call's.
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), u.timeout)
	defer cancel()
	cs, err := u.client.Connect(cctx, u.dial(), nil)
	if err != nil {
		u.log.event("upstream_start_failed", "", failure(err))
		return nil, err
	}
	tools, left, err := listTools(cctx, cs)
	if err != nil {
		_ = cs.Close()
		u.log.event("upstream_list_failed", "", failure(err))
		return nil, err
	}
	u.metrics.started()
	u.log.event("upstream_started", "", "")
	if u.listed != nil {
		u.listed(tools, left)
	}
	return cs, nil
}

// maxTools bounds how many tools the proxy takes from one listing, so an upstream paging
// forever, or listing a million tools, cannot hold it.
const maxTools = 1000

// listTools lists the upstream's tools, following nextCursor, up to maxTools. left says what
// was left out past the cap ("" when nothing was), for the log and -report.
func listTools(ctx context.Context, cs *mcp.ClientSession) (tools []*mcp.Tool, left string, err error) {
	params := &mcp.ListToolsParams{}
	for {
		res, err := cs.ListTools(ctx, params)
		if err != nil {
			return nil, "", err
		}
		tools = append(tools, res.Tools...)
		switch {
		case len(tools) > maxTools:
			left = strconv.Itoa(len(tools)-maxTools) + " tools past the first " + strconv.Itoa(maxTools) + " were left out"
			if res.NextCursor != "" {
				left += ", and the upstream's further pages were not read"
			}
			return tools[:maxTools], left, nil
		case res.NextCursor == "":
			return tools, "", nil
		case len(tools) == maxTools:
			return tools, "the upstream lists more than " + strconv.Itoa(maxTools) + " tools: its pages past the first " + strconv.Itoa(maxTools) + " tools were not read", nil
		}
		params = &mcp.ListToolsParams{Cursor: res.NextCursor}
	}
}

// watch forgets cs when its connection ends (the process exited, the HTTP session is gone), so
// the next call starts a new one.
func (u *upstream) watch(cs *mcp.ClientSession) {
	err := cs.Wait()
	u.mu.Lock()
	lost := u.cs == cs
	if lost {
		u.cs = nil
		u.failures++
		u.notBefore = time.Now().Add(backoff(u.failures))
	}
	closed := u.closed
	u.mu.Unlock()
	// A connection dropped after a call failed on it (drop) is an exit too: a command that
	// crashes under a call is seen by the call first.
	if !closed {
		text := "the connection closed"
		if err != nil {
			text = failure(err)
		}
		u.log.event("upstream_exited", "", text)
	}
}

// drop closes cs after a call failed on its connection, so the next call reconnects.
func (u *upstream) drop(cs *mcp.ClientSession) {
	u.mu.Lock()
	if u.cs == cs {
		u.cs = nil
		u.failures++
		u.notBefore = time.Now().Add(backoff(u.failures))
	}
	u.mu.Unlock()
	go cs.Close()
}

// answered resets the backoff: the upstream works.
func (u *upstream) answered() {
	u.mu.Lock()
	u.failures = 0
	u.mu.Unlock()
}

// close ends the connection, stopping a command upstream.
func (u *upstream) close() {
	u.mu.Lock()
	cs := u.cs
	u.cs, u.closed = nil, true
	u.mu.Unlock()
	if cs != nil {
		_ = cs.Close()
	}
}
