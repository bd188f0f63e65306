package page

// What a result element shows besides its code badge: the hint as plain text, the field, a short
// explanation of what might puzzle a student ([redacted], a cut got, an ok payload that says
// "failed"), and the observation laid out one member per line, so that the page never has to
// break a line inside a token.

import (
	"strings"
	"unicode/utf8"

	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

// Reading is a result as a student reads it.
type Reading struct {
	Hint, Field string
	// Notes explain the observation in short sentences, in the order they are shown.
	Notes []string
	// Layout is the observation JSON with one member per line (two-space indent); the element's
	// data-observation keeps the exact bytes.
	Layout string
}

// The explanations a Reading may carry.
const (
	noteRedacted = "[redacted] stands for a value coerce will not echo: the field is named like a credential, or the value looks like one (a key, a token). The model never sees it again, and neither does a log."
	noteCut      = "got is cut at 64 bytes and ends with …: enough to spot the mistake, never a whole pasted document."
)

// NoteBareStart begins the note on bare text (noteBare).
const NoteBareStart = "Typed without quotes, this is not JSON, so it was read as text: "

// noteBare explains an input read as bare text (lesson.AsText): what the page sent instead, so
// the hint about the value is no surprise. A long one is cut: the input is shown whole above.
func noteBare(sent string) string {
	if len(sent) > maxNoteSent {
		cut := maxNoteSent
		for cut > 0 && !utf8.RuneStart(sent[cut]) {
			cut--
		}
		sent = sent[:cut] + "…"
	}
	return NoteBareStart + "the page sent " + sent + ", the string a model that quoted it would send."
}

// maxNoteSent bounds the argument text noteBare quotes, in bytes.
const maxNoteSent = 120

// noteOK labels an ok row's payload: the tool's data, whose own words (a job's "status":"failed")
// describe the record, not the call.
func noteOK(tool, key string) string {
	s := "ok: the call worked. " + strings.TrimSpace(key+" below is the data "+tool+" returned")
	if key == "" {
		s = "ok: the call worked. Below is the data " + tool + " returned"
	}
	return s + "; its fields describe the record, not the call."
}

// noteOKStatus adds to noteOK when the data holds a status: that status is the record's.
const noteOKStatus = `Its "status" is the record's own state (a job that failed last night), not this call's: the call worked.`

// readResult reads a result's observation. An observation that is not a JSON object (it cannot happen:
// coerce writes them) is shown as it is.
func readResult(r lesson.Result) Reading {
	rd := Reading{Field: r.Field, Layout: indentJSON([]byte(r.Observation))}
	dec := jsontext.NewDecoder(strings.NewReader(r.Observation))
	if t, err := dec.ReadToken(); err != nil || t.Kind() != '{' {
		return rd
	}
	var payload string
	cut := false
	for dec.PeekKind() == '"' {
		k, err := dec.ReadToken()
		if err != nil {
			return rd
		}
		name := k.String() // a token is valid only until the next read
		val, err := dec.ReadValue()
		if err != nil {
			return rd
		}
		switch name {
		case "hint":
			rd.Hint = unquote(val)
		case "field":
			rd.Field = unquote(val)
		case "got":
			cut = val.Kind() == '"' && strings.HasSuffix(unquote(val), "…")
		case "ok", "error", "correlation_id", "retry_after":
		default:
			if payload == "" {
				payload = name
			}
		}
	}
	if r.Form == lesson.AsText {
		rd.Notes = append(rd.Notes, noteBare(r.Sent))
	}
	if r.Code == "ok" {
		rd.Notes = append(rd.Notes, noteOK(r.Tool, payload))
		if strings.Contains(r.Observation, `"status":`) {
			rd.Notes = append(rd.Notes, noteOKStatus)
		}
	}
	if strings.Contains(r.Observation, "[redacted]") {
		rd.Notes = append(rd.Notes, noteRedacted)
	}
	if cut {
		rd.Notes = append(rd.Notes, noteCut)
	}
	return rd
}

// unquote is a JSON string value's text; "" for any other value.
func unquote(v jsontext.Value) string {
	t, err := jsontext.NewDecoder(strings.NewReader(string(v))).ReadToken()
	if err != nil || t.Kind() != '"' {
		return ""
	}
	return t.String()
}
