package page

import (
	"strconv"

	"coerceplayground/lesson"
)

// Data is what ReadRequest needs of a MessageEvent's data: a JavaScript value. wasm/app
// implements it over syscall/js, reading each property so that a hostile getter cannot end the
// program; the tests implement it over decoded JSON.
type Data interface {
	// Kind is "object", "array", "string", "number", "boolean", "null", "undefined" or
	// "other" (a function, a symbol).
	Kind() string
	// Get is the property key of an object.
	Get(key string) Data
	// Len and Index read an array.
	Len() int
	Index(i int) Data
	// String is a string's value.
	String() string
}

// ReadRequest reads a message from the host page: {type, rows: [{input, want, note}], tool}.
// Anything that is not an object with a string type is a Request with no type (Answer replies
// bad_message); setTable's rows that cannot be read are named in RowsErr.
func ReadRequest(data Data) Request {
	var req Request
	if data.Kind() != "object" {
		return req
	}
	if t := data.Get("type"); t.Kind() == "string" {
		req.Type = t.String()
	}
	if req.Type != "setTable" {
		return req
	}
	if t := data.Get("tool"); t.Kind() == "string" {
		req.Tool = t.String()
	}
	rows := data.Get("rows")
	if rows.Kind() != "array" {
		req.RowsErr = "rows is not an array of {input, want, note}"
		return req
	}
	if rows.Len() > lesson.MaxRows {
		req.RowsErr = "a table holds at most " + strconv.Itoa(lesson.MaxRows) + " rows"
		return req
	}
	for i := 0; i < rows.Len(); i++ {
		row, err := readRow(rows.Index(i), "rows["+strconv.Itoa(i)+"]")
		if err != "" {
			req.RowsErr = err
			return req
		}
		req.Rows = append(req.Rows, row)
	}
	return req
}

// readRow reads one of setTable's rows; the error names it by at ("rows[2]").
func readRow(r Data, at string) (lesson.Row, string) {
	var row lesson.Row
	if r.Kind() != "object" {
		return row, at + " is not an object {input, want, note}"
	}
	for _, f := range [...]struct {
		name string
		dst  *string
		need bool
	}{{"input", &row.Input, true}, {"want", &row.Want, false}, {"note", &row.Note, false}} {
		switch v := r.Get(f.name); {
		case v.Kind() == "string":
			*f.dst = v.String()
		case v.Kind() == "undefined" && !f.need:
		default:
			return row, at + "." + f.name + " is not a string"
		}
	}
	return row, ""
}

// Message is the reply to req as it is posted to the host: an error ({type, code, message,
// request}), the table's size after setTable ({type, rows}) or the results ({type, request,
// rows, summary}; ResultsMessage). The app adds the request's id.
func (s *State) Message(req Request, rep Reply) map[string]any {
	switch rep.Type {
	case ReplyError:
		return map[string]any{"type": rep.Type, "code": rep.Code, "message": rep.Message, "request": req.Type}
	case ReplyTable:
		return map[string]any{"type": rep.Type, "rows": rep.Rows}
	}
	return s.ResultsMessage(req.Type)
}

// ResultsMessage is the coerce-playground:results message for the last run, in answer to
// request ("run" also when the learner pressed Run): each row's input, want, code, observation
// pass and trace, and the summary.
func (s *State) ResultsMessage(request string) map[string]any {
	rows, sum := s.ResultsReply()
	list := make([]any, len(rows))
	for i, r := range rows {
		list[i] = map[string]any{"input": r.Input, "want": r.Want, "code": r.Code, "observation": r.Observation, "pass": r.Pass,
			"trace": traceMessage(s.results[i].Trace)}
	}
	codes := map[string]any{}
	for _, c := range sum.Codes {
		codes[c.Code] = c.N
	}
	return map[string]any{
		"type":    ReplyResults,
		"request": request,
		"rows":    list,
		"summary": map[string]any{
			"tool": sum.Tool, "rows": sum.Rows, "passed": sum.Passed, "failed": sum.Failed,
			"unpredicted": sum.Unpredicted, "stale": sum.Stale, "codes": codes,
		},
	}
}

// RanMessage is the coerce-playground:ran message that tells the host about a run the learner
// started: the results message without a request.
func (s *State) RanMessage() map[string]any {
	m := s.ResultsMessage("")
	m["type"] = ReplyRan
	delete(m, "request")
	return m
}

// HeightMessages are what an embed posts to its parent when its height changed: the page's own
// message and the LTI one that Canvas honours.
func HeightMessages(h int) []map[string]any {
	return []map[string]any{{"type": ReplyHeight, "height": h}, {"subject": "lti.frameResize", "height": h}}
}
