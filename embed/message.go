package embed

import (
	"strconv"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// The message types of the postMessage API: MsgPrefix and a request type (setTable, run,
// getResults) from the host, or one of these from the frame.
const (
	MsgPrefix    = "coerce-playground:"
	ReplyHeight  = MsgPrefix + "height"
	ReplyResults = MsgPrefix + "results"
	ReplyTable   = MsgPrefix + "table"
	ReplyError   = MsgPrefix + "error"
	// ReplyRan is not a reply: it tells the host that the learner ran the
	// table in the frame (Run or Ctrl+Enter), with the same rows and summary
	// as ReplyResults. A host's own run request is answered once, by its
	// ReplyResults with the request's id.
	ReplyRan = MsgPrefix + "ran"
	// ReplyScroll asks the host page to scroll so that the frame's own offset "top" (CSS
	// pixels from the top of the frame's page) is at the top of the window, after making the
	// frame "height" high: after Run the score and the first wrong row come into view even when
	// the frame is taller than the window. host.js obeys it (docs/embedding.md).
	ReplyScroll = MsgPrefix + "scroll"
)

// Request is one message from the host page, read from MessageEvent.data.
type Request struct {
	Type string
	// Rows are setTable's rows; RowsErr says why they could not be read.
	Rows    []lesson.Row
	RowsErr string
	// Tool is setTable's optional tool ("" keeps the current one).
	Tool string
	// ToolDef is setTable's optional own tool: the text of a tool definition or of a tools/list
	// result (then Tool picks one of its tools), docs/own-tool.md.
	ToolDef string
	// Question is setTable's optional own question; without one the page builds the question
	// from the new rows (an old question was about the old ones). QuestionErr says why the
	// member could not be read.
	Question, QuestionErr string
}

// Reply is the answer to a request. Type is ReplyResults, ReplyTable or
// ReplyError; an error carries Code (stable, snake_case) and Message.
type Reply struct {
	Type          string
	Code, Message string
	Rows          int
}

// ResultRow is one row of a results reply.
type ResultRow struct {
	Input       string
	Want, Code  coerce.Code
	Observation string
	Pass        bool
	// Trace is the call's Why as a JSON array (coerce.Trace.JSON), as data-trace holds it.
	Trace string
}

// ResultsSummary is the summary of a results reply.
type ResultsSummary struct {
	Tool                 string
	Rows, Passed, Failed int
	Unpredicted          int
	Stale                bool
	Codes                []lesson.CodeCount
}

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

// ReadRequest reads a message from the host page: {type, rows: [{input, want, note}], tool,
// tooldef, question}.
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
	switch d := data.Get("tooldef"); d.Kind() {
	case "string":
		req.ToolDef = d.String()
	case "undefined":
	default:
		req.RowsErr = "tooldef is the definition's JSON text, a string: send JSON.stringify(definition)"
		return req
	}
	switch q := data.Get("question"); q.Kind() {
	case "string":
		req.Question = q.String()
	case "undefined":
	default:
		req.QuestionErr = "question is the table's question, one line of text: a string"
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
	var want string
	for _, f := range [...]struct {
		name string
		dst  *string
		need bool
	}{{"input", &row.Input, true}, {"want", &want, false}, {"note", &row.Note, false}} {
		switch v := r.Get(f.name); {
		case v.Kind() == "string":
			*f.dst = v.String()
		case v.Kind() == "undefined" && !f.need:
		default:
			return row, at + "." + f.name + " is not a string"
		}
	}
	row.Want = coerce.Code(want)
	return row, ""
}

// HeightMessages are what an embed posts to its parent when its height changed: the page's own
// message and the LTI one that Canvas honours.
func HeightMessages(h int) []map[string]any {
	return heightMessages(h)
}

// ScrollMessage asks the host to show the frame's offset top (ReplyScroll), the frame being h
// high.
func ScrollMessage(top, h int) map[string]any {
	return map[string]any{"type": ReplyScroll, "top": max(top, 0), "height": h}
}

func heightMessages(h int) []map[string]any {
	return []map[string]any{{"type": ReplyHeight, "height": h}, {"subject": "lti.frameResize", "height": h}}
}
