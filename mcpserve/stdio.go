package mcpserve

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strconv"
	"sync"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An IOTransport serves MCP over a byte stream, one JSON-RPC message a line: the stdio
// transport ([StdioTransport]), or any pipe. It replaces the SDK's stdio transport, which ends
// the session on the first line it cannot decode and reads keys case-insensitively in places.
// Before the SDK sees a line:
//
//   - a [LineReader] frames it, with a cap (a longer line is -32600 and skipped);
//   - [ParseMessage] reads it (-32700 for text that is not JSON, -32600 for JSON that is no
//     JSON-RPC 2.0 message, batches included), and the server's own checks answer a method no
//     client sends (-32601) and params of the wrong shape (-32602, naming the member);
//   - the transport answers those errors itself and reads the next line: one bad line never
//     ends the session.
//
// Ids travel to the SDK as numbers of the transport's own and come back as the client wrote
// them, byte for byte (the SDK would turn 1.5 into 1). Errors the SDK answers are given a code
// (never 0), capped, and stripped of Go's own text. When the input ends, every request already
// read is answered before the session ends (within DrainTimeout).
type IOTransport struct {
	Reader io.ReadCloser
	Writer io.WriteCloser
	// MaxLineBytes caps one line; 0 means DefaultMaxLineBytes.
	MaxLineBytes int
	// DrainTimeout bounds how long the requests read before the input ended may take to be
	// answered; after it the session ends and the handlers still running are cancelled. 0
	// means DefaultDrainTimeout.
	DrainTimeout time.Duration
}

// DefaultDrainTimeout is how long an IOTransport waits, once its input has ended, for the
// answers to the requests already read: a handler that never returns cannot keep the process
// alive.
const DefaultDrainTimeout = 10 * time.Second

// StdioTransport is an [IOTransport] on the process's stdin and stdout. Closing the session
// closes stdin, never stdout.
func StdioTransport() *IOTransport {
	return &IOTransport{Reader: os.Stdin, Writer: nopCloser{os.Stdout}}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// Connect starts reading t.Reader; it is called once, by the SDK's Server.Connect.
func (t *IOTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &ioConn{
		maxLine:  t.MaxLineBytes,
		drainFor: cmp.Or(t.DrainTimeout, DefaultDrainTimeout),
		in:       make(chan line),
		closed:   make(chan struct{}),
		r:        t.Reader,
		w:        t.Writer,
		calls:    map[int64]json.RawMessage{},
		byRaw:    map[string]int64{},
		outgoing: map[jsonrpc.ID]bool{},
		changed:  make(chan struct{}),
	}
	if c.maxLine <= 0 {
		c.maxLine = DefaultMaxLineBytes
	}
	go c.readLines(NewLineReader(t.Reader, c.maxLine))
	return c, nil
}

// line is one line read, or the error that ended or skipped one.
type line struct {
	b   []byte
	err error
}

// ioConn is the mcp.Connection of an IOTransport.
type ioConn struct {
	maxLine   int
	drainFor  time.Duration
	in        chan line
	closed    chan struct{}
	closeOnce sync.Once
	r         io.Closer

	wmu sync.Mutex
	w   io.WriteCloser

	mu       sync.Mutex
	next     int64                     // the last id given to the SDK
	calls    map[int64]json.RawMessage // id given to the SDK -> the id as the client wrote it, until answered
	byRaw    map[string]int64          // the id as written -> the id given, for notifications/cancelled
	outgoing map[jsonrpc.ID]bool       // the server's requests to the client not yet answered
	changed  chan struct{}             // closed (and replaced) whenever calls or outgoing shrink
	ended    error                     // what ended the input (io.EOF), once it has
	sawInit  bool                      // an initialize has gone to the SDK
	drainEnd <-chan time.Time          // when the drain gives up, from its first call
}

// readLines feeds c.in until the input ends or the connection closes.
func (c *ioConn) readLines(lr *LineReader) {
	for {
		b, err := lr.Next()
		select {
		case c.in <- line{bytes.Clone(b), err}:
		case <-c.closed:
			return
		}
		if err != nil && !errors.Is(err, ErrLineTooLong) {
			return
		}
	}
}

func (c *ioConn) SessionID() string { return "" }

// Read returns the next message for the SDK, answering bad lines itself. Once the input has
// ended it returns the answers the client can no longer send (an error for each request the
// server made of it), then waits until every request read has been answered, and only then
// reports the end: the SDK stops writing answers as soon as Read fails.
func (c *ioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		c.mu.Lock()
		ended := c.ended
		c.mu.Unlock()
		if ended != nil {
			return c.drain(ctx, ended)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case l := <-c.in:
			switch {
			case errors.Is(l.err, ErrLineTooLong):
				_ = c.writeLine(invalidRequest(nil, "the line is over the cap of "+strconv.Itoa(c.maxLine)+" bytes").Response())
			case l.err != nil:
				c.mu.Lock()
				c.ended = l.err
				c.mu.Unlock()
			default:
				if msg := c.accept(l.b); msg != nil {
					return msg, nil
				}
			}
		}
	}
}

// accept turns one line into the message the SDK reads, or answers or drops it (nil).
func (c *ioConn) accept(b []byte) jsonrpc.Message {
	if isBlank(b) {
		return nil // a blank line between messages
	}
	m, perr := ParseMessage(b)
	pass := false
	if perr == nil {
		pass, perr = checkRequest(m)
	}
	switch {
	case perr != nil:
		_ = c.writeLine(perr.Response()) // a broken output ends the session on the SDK's next write
		return nil
	case !pass:
		return nil
	case m.IsRequest() && !c.initializing(m.Method):
		_ = c.writeLine(invalidRequest(m.ID, "the session is not initialized: its first request is initialize").Response())
		return nil
	case m.IsNotification() && m.Method == "notifications/cancelled":
		if m.Params = c.cancelledParams(m.Params); m.Params == nil {
			return nil // no request in flight was sent with that id: nothing to cancel
		}
	}
	return c.toSDK(m)
}

// initializing reports whether a request of method may go to the SDK: once an initialize has,
// any; before, initialize and ping only (the SDK would answer others with code 0). The first
// initialize passed on counts even before it is answered, as the SDK handles it before the
// requests after it.
func (c *ioConn) initializing(method string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sawInit = c.sawInit || method == "initialize"
	return c.sawInit || method == "ping"
}

// toSDK is m as the SDK reads it, a request's id replaced by one of the transport's own.
func (c *ioConn) toSDK(m *Message) jsonrpc.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case m.IsRequest():
		c.next++
		c.calls[c.next] = m.ID
		c.byRaw[string(m.ID)] = c.next
		return &jsonrpc.Request{ID: intID(c.next), Method: m.Method, Params: m.Params}
	case m.IsNotification():
		return &jsonrpc.Request{Method: m.Method, Params: m.Params}
	}
	id, ok := c.outgoingID(m.ID)
	if !ok {
		return nil // an answer to no request of the server's: nobody waits for it
	}
	delete(c.outgoing, id)
	resp := &jsonrpc.Response{ID: id, Result: m.Result}
	if m.Error != nil {
		resp.Error = clientWireError(m.Error)
	}
	return resp
}

// outgoingID is the id of the server's request the client's raw id answers.
func (c *ioConn) outgoingID(raw json.RawMessage) (jsonrpc.ID, bool) {
	var id jsonrpc.ID
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		id = intID(n)
	} else if jsontext.Value(raw).Kind() == '"' {
		id, _ = jsonrpc.MakeID(unquote(raw)) // a string is an id
	}
	return id, c.outgoing[id]
}

// cancelledParams rewrites the requestId of a notifications/cancelled to the id the SDK knows
// the request by; nil when no request in flight was sent with that id.
func (c *ioConn) cancelledParams(params json.RawMessage) json.RawMessage {
	var p struct {
		RequestID jsontext.Value `json:"requestId"`
		Reason    string         `json:"reason,omitempty"`
	}
	if jsonv2.Unmarshal(params, &p) != nil {
		return nil // checkRequest passed it, so this does not happen
	}
	c.mu.Lock()
	id, ok := c.byRaw[string(p.RequestID)]
	c.mu.Unlock()
	if !ok {
		return nil
	}
	out, _ := jsonv2.Marshal(struct {
		RequestID int64  `json:"requestId"`
		Reason    string `json:"reason,omitempty"`
	}{id, p.Reason})
	return out
}

// Write sends the SDK's message: an answer with the id the client wrote, a request of the
// server's as the SDK encodes it.
func (c *ioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	switch msg := msg.(type) {
	case *jsonrpc.Response:
		raw, ok := c.answered(msg.ID)
		if !ok { // not a request the transport passed on: the SDK's own id, its error made safe too
			raw = sdkIDBytes(msg.ID)
		}
		return c.writeLine(responseLine(raw, msg))
	case *jsonrpc.Request:
		if msg.IsCall() {
			c.mu.Lock()
			c.outgoing[msg.ID] = true
			c.mu.Unlock()
		}
	}
	b, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	return c.writeLine(b)
}

// answered forgets the request the SDK answers, returning the id the client wrote.
func (c *ioConn) answered(id jsonrpc.ID) (json.RawMessage, bool) {
	n, ok := id.Raw().(int64)
	if !ok {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	raw, ok := c.calls[n]
	if ok {
		delete(c.calls, n)
		if c.byRaw[string(raw)] == n {
			delete(c.byRaw, string(raw))
		}
		c.signal()
	}
	return raw, ok
}

// signal wakes a drain waiting for calls or outgoing to shrink; c.mu is held.
func (c *ioConn) signal() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// drain runs once the input has ended: an error answer for each request of the server's (the
// client can no longer answer), then, when every request read has been answered, the end.
func (c *ioConn) drain(ctx context.Context, ended error) (jsonrpc.Message, error) {
	c.mu.Lock()
	if c.drainEnd == nil {
		c.drainEnd = time.After(c.drainFor)
	}
	deadline := c.drainEnd
	c.mu.Unlock()
	for {
		c.mu.Lock()
		for id := range c.outgoing {
			delete(c.outgoing, id)
			c.mu.Unlock()
			return &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpcInternalError, Message: "the client closed its input before it answered"}}, nil
		}
		pending, changed := len(c.calls), c.changed
		c.mu.Unlock()
		if pending == 0 {
			return nil, ended
		}
		select {
		case <-changed:
		case <-deadline: // the SDK cancels the handlers still running
			return nil, ended
		case <-c.closed:
			return nil, ended
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// writeLine writes b and a newline in one write, whole.
func (c *ioConn) writeLine(b []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.w.Write(append(b, '\n'))
	return err
}

// Close stops reading and closes both streams; the SDK calls it once the session is over.
func (c *ioConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.closed)
		err = errors.Join(c.r.Close(), c.w.Close())
	})
	return err
}
