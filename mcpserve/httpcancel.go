package mcpserve

import (
	"encoding/json"
	"sync"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// liveStandIns are the stand-in ids (answers.go) of one HTTP session's requests in flight, by
// the id as the client wrote it. A notifications/cancelled names a request by the id it was
// sent with, in a POST of its own, and the SDK knows the request by its stand-in; left alone,
// the SDK would read a requestId of 1.5 as 1 and cancel another request. The zero value is
// ready to use.
type liveStandIns struct {
	mu        sync.Mutex
	byWritten map[string]json.RawMessage
}

// add records the stand-ins of a POST, remove forgets them once it is answered.
func (l *liveStandIns) add(ids standIns) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for standIn, written := range ids {
		if l.byWritten == nil {
			l.byWritten = map[string]json.RawMessage{}
		}
		l.byWritten[string(written)] = json.RawMessage(standIn)
	}
}

func (l *liveStandIns) remove(ids standIns) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for standIn, written := range ids {
		if string(l.byWritten[string(written)]) == standIn {
			delete(l.byWritten, string(written))
		}
	}
}

// retarget points each notifications/cancelled of msgs whose requestId the SDK would not read
// as written at the stand-in of the request sent with that id, or at none (nothing to cancel),
// and reports whether it changed a message.
func (l *liveStandIns) retarget(msgs []*Message, prefix string) bool {
	changed := false
	for _, m := range msgs {
		if !m.IsNotification() || m.Method != "notifications/cancelled" {
			continue
		}
		var p struct {
			RequestID jsontext.Value `json:"requestId"`
			Reason    string         `json:"reason,omitempty"`
		}
		if jsonv2.Unmarshal(m.Params, &p) != nil || p.RequestID == nil || sdkKeepsID(json.RawMessage(p.RequestID)) {
			continue // checkRequest has read the params; an id the SDK keeps finds its request
		}
		l.mu.Lock()
		standIn, ok := l.byWritten[string(p.RequestID)]
		l.mu.Unlock()
		if !ok {
			standIn, _ = jsontext.AppendQuote(nil, prefix+"none") // no request has it
		}
		p.RequestID = jsontext.Value(standIn)
		m.Params, _ = jsonv2.Marshal(p) // a valid value and a string
		changed = true
	}
	return changed
}
