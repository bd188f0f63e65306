package calllog

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// Error is why one line of a log cannot be read: its line number and a sentence.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Msg }

// ErrNotACall is a line that is not a call but an event of the proxy's (it has an "event"
// member and no code): Read skips it.
var ErrNotACall = errors.New("the line is an event, not a call")

// Read reads every line of data, in order. A line that cannot be read is an *Error with its
// line number, and the lines after it are still read; blank lines and event lines are skipped. It is linear in
// data: each line is read once, and line numbers are counted as it goes.
func Read(data []byte) ([]Line, []*Error) {
	if len(data) > MaxBytes {
		return nil, []*Error{{1, "the log is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(MaxBytes)}}
	}
	var lines []Line
	var errs []*Error
	for n := 1; len(data) > 0; n++ {
		text := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		l, err := Parse(text)
		if errors.Is(err, ErrNotACall) {
			continue
		}
		if err != nil {
			errs = append(errs, &Error{n, err.Error()})
			continue
		}
		lines = append(lines, l)
	}
	return lines, errs
}

// Parse reads one line. Members it does not know are skipped, so a newer proxy's lines still
// read; a name that differs from a known one only in case is refused, and jsontext refuses a
// repeated name, so no second spelling can stand in for a member.
func Parse(text []byte) (Line, error) {
	var l Line
	var seen uint16
	dec := jsontext.NewDecoder(bytes.NewReader(text))
	err := jsontree.Members(dec, func(name string) error {
		bit, err := l.member(dec, name)
		seen |= bit
		return err
	})
	switch {
	case errors.Is(err, jsontree.ErrNotObject):
		return l, errors.New("the line is not a JSON object")
	case errors.Is(err, jsontree.ErrSyntax):
		return l, errors.New("the line is not valid JSON (a repeated member name is refused too)")
	case err != nil:
		return l, err
	case !jsontree.AtEnd(dec):
		return l, errors.New("the line has more after its JSON object")
	}
	if seen&bitEvent != 0 && seen&bitCode == 0 {
		return l, ErrNotACall
	}
	for _, m := range []struct {
		bit  uint16
		name string
	}{{bitTime, "time"}, {bitSession, "session"}, {bitTool, "tool"}, {bitCode, "code"}} {
		if seen&m.bit == 0 {
			return l, errors.New("the line has no " + m.name)
		}
	}
	return l, nil
}

// The members a line may hold, one bit each, to find a missing one.
const (
	bitTime uint16 = 1 << iota
	bitSession
	bitTool
	bitField
	bitCode
	bitRules
	bitMore
	bitUpstream
	bitEvent
)

// member reads the value of one member into l and returns the member's bit.
func (l *Line) member(dec *jsontext.Decoder, name string) (uint16, error) {
	var ok bool
	switch name {
	case "time":
		var s string
		if s, ok = jsontree.String(dec); ok {
			t, err := time.Parse(time.RFC3339Nano, s)
			y := t.UTC().Year()
			l.Time, ok = t, err == nil && y >= 1 && y <= 9999
		}
		return bitTime, wrong(ok, "time", "a time in RFC 3339, in the years 1 to 9999 in UTC")
	case "session":
		l.Session, ok = jsontree.String(dec)
		return bitSession, wrong(ok, "session", "a string")
	case "tool":
		l.Tool, ok = jsontree.String(dec)
		return bitTool, wrong(ok, "tool", "a string")
	case "field":
		l.Field, ok = jsontree.String(dec)
		return bitField, wrong(ok, "field", "a string")
	case "code":
		var s string
		s, ok = jsontree.String(dec)
		l.Code = coerce.Code(s)
		if _, known := coerce.Lookup(l.Code); ok && !known && l.Code != coerce.OK {
			return bitCode, errors.New("the code " + quoted(s) + " is not ok or a code of the catalog")
		}
		return bitCode, wrong(ok, "code", "a string")
	case "rules":
		return bitRules, l.readRules(dec)
	case "rules_more":
		l.RulesMore, ok = count(dec)
		return bitMore, wrong(ok, "rules_more", "a count")
	case "event":
		return bitEvent, dec.SkipValue()
	case "upstream_ms":
		var ms float64
		ms, ok = number(dec)
		l.Forwarded, l.Upstream = true, millis(ms)
		return bitUpstream, wrong(ok, "upstream_ms", "a number of milliseconds, 0 or more")
	}
	for _, known := range []string{"time", "session", "tool", "field", "code", "rules", "rules_more", "upstream_ms"} {
		if strings.EqualFold(name, known) {
			return 0, errors.New("the member " + quoted(name) + " differs from " + quoted(known) + " only in case")
		}
	}
	return 0, dec.SkipValue()
}

// readRules reads the rules array: objects with a field and a rule, both strings.
func (l *Line) readRules(dec *jsontext.Decoder) error {
	bad := errors.New("rules must be an array of objects with a field and a rule")
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '[' {
		return bad
	}
	for dec.PeekKind() != ']' {
		var a Applied
		var seen uint16
		err := jsontree.Members(dec, func(name string) error {
			var ok bool
			switch name {
			case "field":
				a.Field, ok = jsontree.String(dec)
				seen |= 1
			case "rule":
				a.Rule, ok = jsontree.String(dec)
				seen |= 2
			default:
				return bad
			}
			return wrong(ok, name, "a string")
		})
		if err != nil || seen != 3 {
			return bad
		}
		l.Rules = append(l.Rules, a)
	}
	_, err := dec.ReadToken()
	return err
}

// wrong is the error for a member whose value is not what it must be, or nil when ok.
func wrong(ok bool, name, want string) error {
	if ok {
		return nil
	}
	return errors.New(name + " must be " + want)
}

// count reads a whole number 0 or more.
func count(dec *jsontext.Decoder) (int, bool) {
	v, err := dec.ReadValue()
	if err != nil || v.Kind() != '0' {
		return 0, false
	}
	n, err := strconv.Atoi(string(v))
	return n, err == nil && n >= 0
}

// number reads a JSON number 0 or more.
func number(dec *jsontext.Decoder) (float64, bool) {
	v, err := dec.ReadValue()
	if err != nil || v.Kind() != '0' {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(v), 64)
	return f, err == nil && f >= 0 && f < 1e12
}

// quoted is a name taken from the line, quoted and cut for a message.
func quoted(s string) string {
	return strconv.Quote(coerce.Cut(s, 64))
}
