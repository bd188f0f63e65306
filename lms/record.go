package lms

import (
	"strconv"
	"strings"
)

// Names are a version's API functions and data-model elements.
type Names struct {
	API                                        string // the window property holding the API object
	Initialize, Get, Set, Commit, Finish       string
	LastError, ErrorString                     string
	Entry, Suspend, Mastery, Exit, SessionTime string
	Status                                     string // 1.2's lesson_status, 2004's completion_status
	Score                                      string // the score's prefix: raw, min, max (and scaled) follow
	Response, Wrong, Type                      string // an interaction's response element, a wrong result, its type
}

// NamesOf are v's names.
func NamesOf(v Version) Names {
	if v == SCORM2004 {
		return Names{
			API: "API_1484_11", Initialize: "Initialize", Get: "GetValue", Set: "SetValue", Commit: "Commit",
			Finish: "Terminate", LastError: "GetLastError", ErrorString: "GetErrorString",
			Entry: "cmi.entry", Suspend: "cmi.suspend_data", Mastery: "cmi.scaled_passing_score",
			Exit: "cmi.exit", SessionTime: "cmi.session_time", Status: "cmi.completion_status",
			Score: "cmi.score.", Response: "learner_response", Wrong: "incorrect", Type: "choice",
		}
	}
	return Names{
		API: "API", Initialize: "LMSInitialize", Get: "LMSGetValue", Set: "LMSSetValue", Commit: "LMSCommit",
		Finish: "LMSFinish", LastError: "LMSGetLastError", ErrorString: "LMSGetErrorString",
		Entry: "cmi.core.entry", Suspend: "cmi.suspend_data", Mastery: "cmi.student_data.mastery_score",
		Exit: "cmi.core.exit", SessionTime: "cmi.core.session_time", Status: "cmi.core.lesson_status",
		// 1.2's choice responses are single characters; a code is a word, so the row is fill-in.
		Score: "cmi.core.score.", Response: "student_response", Wrong: "wrong", Type: "fill-in",
	}
}

// Set is one SetValue call.
type Set struct{ Element, Value string }

// Record is the sets of one run, in order: per row (the first MaxInteractions) its id, type,
// response (when predicted), correct response and result; then the score, the status, the
// resume data and exit = suspend. The caller then commits. mastery is what the LMS gave
// ("" for none).
func Record(v Version, id string, rows []Row, mastery string) []Set {
	n := NamesOf(v)
	var out []Set
	set := func(e, val string) { out = append(out, Set{e, val}) }
	for i, r := range rows {
		if i == MaxInteractions || !r.Shown {
			break // indices stay contiguous: an LMS refuses a gap (201)
		}
		p := "cmi.interactions." + strconv.Itoa(i) + "."
		set(p+"id", RowID(v, id, i))
		set(p+"type", n.Type)
		if r.Predicted != "" {
			set(p+n.Response, string(r.Predicted))
		}
		set(p+"correct_responses.0.pattern", string(r.Got))
		set(p+"result", result(n, r))
	}
	sc := Tally(rows)
	if v == SCORM2004 {
		set(n.Score+"scaled", sc.Scaled())
	}
	set(n.Score+"raw", strconv.Itoa(sc.Percent()))
	set(n.Score+"min", "0")
	set(n.Score+"max", "100")
	for _, s := range status(v, sc, mastery) {
		set(s.Element, s.Value)
	}
	set(n.Suspend, EncodeResume(id, rows))
	set(n.Exit, "suspend")
	return out
}

func result(n Names, r Row) string {
	switch {
	case r.Predicted == "":
		return "neutral"
	case r.Right():
		return "correct"
	}
	return n.Wrong
}

// status is the completion (and, with a mastery, success) of a run. 1.2 has one status:
// passed or failed replace completed once every row's result has been shown.
func status(v Version, sc Score, mastery string) []Set {
	n := NamesOf(v)
	completion := "incomplete"
	if sc.Complete() {
		completion = "completed"
	}
	pass, has := passed(v, sc, mastery)
	if v == SCORM12 {
		if has && sc.Complete() {
			completion = passFail(pass)
		}
		return []Set{{n.Status, completion}}
	}
	out := []Set{{"cmi.progress_measure", sc.Progress()}, {n.Status, completion}}
	if has && sc.Complete() {
		out = append(out, Set{"cmi.success_status", passFail(pass)})
	}
	return out
}

func passFail(pass bool) string {
	if pass {
		return "passed"
	}
	return "failed"
}

// passed compares the score with the mastery; has is false when the LMS gave none (or one
// that is not a number in its range).
func passed(v Version, sc Score, mastery string) (pass, has bool) {
	m, ok := decimal(strings.TrimSpace(mastery))
	if !ok {
		return false, false
	}
	if v == SCORM12 {
		if m < 0 || m > 100 {
			return false, false
		}
		return float64(sc.Percent()) >= m, true
	}
	if m < -1 || m > 1 || sc.Rows == 0 {
		return false, false
	}
	return float64(sc.Right)/float64(sc.Rows) >= m, true
}

// SessionTime is the session_time value for ms milliseconds: 1.2's HHHH:MM:SS.SS (hours capped
// at 9999), 2004's ISO 8601 duration (PT95.25S).
func SessionTime(v Version, ms int64) string {
	if ms < 0 {
		ms = 0
	}
	cs := ms / 10
	if v == SCORM2004 {
		return Duration(ms)
	}
	h, m, s := cs/360000, cs/6000%60, cs/100%60
	if h > 9999 {
		h, m, s, cs = 9999, 59, 59, 99
	}
	return pad(h, 2) + ":" + pad(m, 2) + ":" + pad(s, 2) + "." + pad(cs%100, 2)
}

// Duration is an ISO 8601 duration of ms milliseconds in seconds with hundredths: PT95.25S,
// which both 2004's timeinterval and xAPI's duration accept.
func Duration(ms int64) string {
	if ms < 0 {
		ms = 0
	}
	cs := ms / 10
	return "PT" + strconv.FormatInt(cs/100, 10) + "." + pad(cs%100, 2) + "S"
}

func pad(n int64, w int) string {
	s := strconv.FormatInt(n, 10)
	for len(s) < w {
		s = "0" + s
	}
	return s
}
