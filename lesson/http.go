package lesson

import (
	"bytes"
	_ "embed"
	"errors"
	"strconv"
	"strings"
	"time"

	"coerceplayground/coerce"
	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

//go:embed http_rows.jsonl
var httpRowsFile string

// ClassroomNow is the clock the HTTP table runs on, so a Retry-After date gives the same
// retry_after on every machine and every day.
func ClassroomNow() time.Time { return time.Unix(1772442000, 0).UTC() }

// HTTPRow is a vendor response and the code its normalization must give.
type HTTPRow struct {
	Status int
	// Headers are "Name: value" lines.
	Headers []string
	Body    string
	// Deadline marks our own client giving up (Status is then ignored).
	Deadline bool
	Want     coerce.Code
	Note     string
}

// HTTPRows returns the lesson's vendor responses: an HTML 404, 429 with Retry-After in seconds
// and as a date, 504, a client deadline, a 500 with a Python traceback, and more.
func HTTPRows() []HTTPRow {
	rows, err := ParseHTTPRows(httpRowsFile)
	if err != nil {
		panic("lesson: http_rows.jsonl: " + err.Error()) // caught by the tests
	}
	return rows
}

// ParseHTTPRows reads JSON lines of {"status", "headers", "body", "deadline", "want", "note"};
// blank lines are skipped. A bad line is a *ParseError naming it.
func ParseHTTPRows(text string) ([]HTTPRow, error) {
	var rows []HTTPRow
	for n, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		r, msg := parseHTTPRow([]byte(line))
		if msg != "" {
			return nil, &ParseError{n + 1, msg}
		}
		if len(rows) == MaxRows {
			return nil, &ParseError{n + 1, "at most " + strconv.Itoa(MaxRows) + " rows"}
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// httpMsg is what is wrong with a row, carried out of a jsontree.Members callback.
type httpMsg string

func (m httpMsg) Error() string { return string(m) }

func parseHTTPRow(line []byte) (HTTPRow, string) {
	var r HTTPRow
	dec := jsontext.NewDecoder(bytes.NewReader(line))
	err := jsontree.Members(dec, func(key string) error { return r.member(dec, key) })
	var msg httpMsg
	switch {
	case errors.As(err, &msg):
		return r, string(msg)
	case errors.Is(err, jsontree.ErrNotObject):
		return r, "a row is one JSON object"
	case err != nil:
		return r, "the row is not valid JSON"
	case !jsontree.AtEnd(dec):
		return r, "one row per line"
	case !r.Deadline && r.Status == 0:
		return r, `a row needs a "status" or "deadline": true`
	case r.Want != "" && !isCode(r.Want):
		return r, "unknown code " + Quote(string(r.Want)) + "; codes are " + codeList()
	}
	return r, ""
}

// member reads the value of the row's member key.
func (r *HTTPRow) member(dec *jsontext.Decoder, key string) error {
	v, err := dec.ReadToken()
	if err != nil {
		return err
	}
	switch key {
	case "status":
		n, err := strconv.Atoi(v.String())
		if v.Kind() != '0' || err != nil || n < 100 || n > 599 {
			return httpMsg(`"status" is a number from 100 to 599`)
		}
		r.Status = n
	case "deadline":
		if v.Kind() != 't' && v.Kind() != 'f' {
			return httpMsg(`"deadline" is true or false`)
		}
		r.Deadline = v.Kind() == 't'
	case "body", "want", "note":
		if v.Kind() != '"' {
			return httpMsg(`"` + key + `" is a string`)
		}
		switch key {
		case "body":
			r.Body = v.String()
		case "want":
			r.Want = coerce.Code(v.String())
		default:
			r.Note = v.String()
		}
	case "headers":
		if v.Kind() != '[' {
			return httpMsg(`"headers" is a list of "Name: value" strings`)
		}
		for dec.PeekKind() != ']' {
			h, ok := jsontree.String(dec)
			if !ok || !strings.Contains(h, ":") {
				return httpMsg(`"headers" is a list of "Name: value" strings`)
			}
			r.Headers = append(r.Headers, h)
		}
		_, err := dec.ReadToken()
		return err
	default:
		return httpMsg("unknown key " + strconv.Quote(key) + "; keys are status, headers, body, deadline, want, note")
	}
	return nil
}

// FormatHTTPRows writes rows in the format ParseHTTPRows reads.
func FormatHTTPRows(rows []HTTPRow) string {
	var b []byte
	for _, r := range rows {
		b = append(b, '{')
		if r.Deadline {
			b = append(b, `"deadline":true`...)
		} else {
			b = append(b, `"status":`...)
			b = strconv.AppendInt(b, int64(r.Status), 10)
		}
		if len(r.Headers) > 0 {
			b = append(b, `,"headers":[`...)
			for i, h := range r.Headers {
				if i > 0 {
					b = append(b, ',')
				}
				b, _ = jsontext.AppendQuote(b, h)
			}
			b = append(b, ']')
		}
		for _, kv := range [][2]string{{"body", r.Body}, {"want", string(r.Want)}, {"note", r.Note}} {
			if kv[1] != "" || kv[0] == "body" && !r.Deadline {
				b = append(b, `,"`+kv[0]+`":`...)
				b, _ = jsontext.AppendQuote(b, kv[1])
			}
		}
		b = append(b, "}\n"...)
	}
	return string(b)
}

// Label is a one-line summary of the response for a results list: "429 · Retry-After: 30".
func (r HTTPRow) Label() string {
	if r.Deadline {
		return "client deadline"
	}
	s := strconv.Itoa(r.Status)
	for _, h := range r.Headers {
		s += " · " + coerce.Cut(h, 48)
	}
	return s
}

// RunHTTP normalizes each response on the classroom clock. Code is "ok" for 2xx, whose
// observation is the ok shape a tool would build (the body itself is never passed through).
// Trace is the normalizer's explanation (coerce.HTTPNormalizer.NormalizeTraced): the status and
// its code, where retry_after or the correlation_id came from, that the body stayed out.
func RunHTTP(rows []HTTPRow, newID func() string) []Result {
	n := coerce.HTTPNormalizer{Now: ClassroomNow, NewID: newID}
	out := make([]Result, len(rows))
	for i, r := range rows {
		resp := coerce.HTTPResponse{Status: r.Status, Body: []byte(r.Body), DeadlineExceeded: r.Deadline}
		for _, h := range r.Headers {
			name, value, _ := strings.Cut(h, ":")
			resp.Header = append(resp.Header, [2]string{name, value})
		}
		res := Result{Tool: "vendor_api", Input: r.Label(), Want: r.Want, Note: r.Note}
		e, why := n.NormalizeTraced(resp)
		res.Trace = why
		if e != nil {
			res.Code, res.Observation = e.Code, string(e.Observation(coerce.DefaultCap))
		} else {
			res.Code, res.Observation = coerce.OK, `{"ok":true,"status":`+strconv.Itoa(r.Status)+`}`
		}
		res.Pass = res.Want != "" && res.Want == res.Code
		out[i] = res
	}
	return out
}
