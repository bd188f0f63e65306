package page

// The lesson-depth panels ("Beyond one call"): the tool picker and the refunds.write switch,
// the coercion switches with their before → after, the loop, the vendor responses, the
// session's code counts and predict-mode scoring.
//
// Every run on the page goes through one Lab built from the State's permissions and switches,
// and every Lab shares one coerce.Metrics: the chart counts the whole session.

import (
	"strconv"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// VendorTool is the tool name the vendor responses are counted under in the session's metrics.
const VendorTool = "vendor_api"

type depth struct {
	set          bool // switches holds a choice (the zero Switches turns every coercion off)
	switches     lesson.Switches
	refundsWrite bool
	metrics      *coerce.Metrics
}

// rebuildLab makes the Lab the runs use from the current permissions and switches.
func (s *State) rebuildLab() {
	if !s.depth.set {
		s.depth.switches, s.depth.set = lesson.DefaultSwitches(), true
	}
	if s.depth.metrics == nil {
		s.depth.metrics = &coerce.Metrics{}
	}
	s.lab = s.newLab(s.depth.switches, s.depth.metrics)
}

func (s *State) newLab(sw lesson.Switches, m *coerce.Metrics) *lesson.Lab {
	var perms []string
	if s.depth.refundsWrite {
		perms = lesson.Permissions() // what the lesson's tools need: refunds.write
	}
	return lesson.NewLab(lesson.LabConfig{Switches: &sw, Permissions: perms, Metrics: m})
}

// Switches are the coercion switches the runs use.
func (s *State) Switches() lesson.Switches { return s.depth.switches }

// SetSwitches changes the coercion switches for the runs that follow.
func (s *State) SetSwitches(sw lesson.Switches) {
	s.depth.switches, s.depth.set = sw, true
	s.rebuildLab()
}

// RefundsWrite reports whether the runs hold lesson.RefundPermission.
func (s *State) RefundsWrite() bool { return s.depth.refundsWrite }

// SetRefundsWrite grants or withdraws lesson.RefundPermission for the runs that follow.
func (s *State) SetRefundsWrite(granted bool) {
	s.depth.refundsWrite = granted
	s.rebuildLab()
}

// Totals are the session's counts per code, every code included.
func (s *State) Totals() []lesson.CodeCount { return lesson.CodeTotals(s.depth.metrics.Snapshot()) }

// ResetCounts sets the session's counts back to zero.
func (s *State) ResetCounts() { s.depth.metrics.Reset() }

// SetTool makes the table's rows call tool; it reports false for a tool the lesson does not
// have. get_job is stored as "" so a get_job table's link stays as it was before tools existed.
func (s *State) SetTool(tool string) bool {
	if !isTool(tool) {
		return false
	}
	if tool == lesson.DefaultTool {
		tool = ""
	}
	if s.Table.Tool != tool {
		s.Table.Tool = tool
		s.changed()
	}
	return true
}

func isTool(name string) bool {
	for _, t := range lesson.ToolNames() {
		if t == name {
			return true
		}
	}
	return false
}

// RunLoop plays a script through the runtime's retry budget with the page's permissions and
// switches. A panic in the lesson comes back as an error.
func (s *State) RunLoop(sc lesson.Script) (steps []lesson.Step, err error) {
	defer func() {
		if p := recover(); p != nil {
			steps, err = nil, panicError(p)
		}
	}()
	if l, ok := s.lab.(interface {
		RunLoop(lesson.Script) []lesson.Step
	}); ok {
		return l.RunLoop(sc), nil
	}
	return s.newLab(s.depth.switches, s.depth.metrics).RunLoop(sc), nil
}

// LoopSummary is the sentence read out after a loop: how it ended and how many calls the
// runtime kept the model from making.
func LoopSummary(steps []lesson.Step) string {
	sent, last := 0, lesson.Step{}
	for _, st := range steps {
		if st.Sent {
			sent++
			last = st
		}
	}
	if sent == 0 {
		return "The script has no calls. Write one call per line: the tool, a space, the raw input."
	}
	var b strings.Builder
	switch last.Decision {
	case coerce.Stop, coerce.Handoff:
		b.WriteString("The runtime ended the loop after " + plural(sent, "call", "calls") + ": " + string(last.Decision) + ".")
	case coerce.Retry:
		b.WriteString("The script ran out after " + plural(sent, "call", "calls") + " while the runtime still allowed a retry.")
	default:
		b.WriteString("All " + plural(sent, "call", "calls") + " sent; the last decision is " + string(last.Decision) + ".")
	}
	if n := len(steps) - sent; n > 0 {
		b.WriteString(" " + plural(n, "call was", "calls were") + " not sent.")
	}
	return b.String()
}

// LineError is how a panel shows a *lesson.ParseError: "Line 3: …".
func LineError(err error) string {
	if pe, ok := err.(*lesson.ParseError); ok && pe.Line > 0 {
		return "Line " + strconv.Itoa(pe.Line) + ": " + pe.Msg + "."
	}
	return err.Error()
}

// HTTPDraft is a vendor response as its editor holds it: text fields, checked or not.
type HTTPDraft struct {
	Status, Headers, Body string
	Deadline              bool
	Want, Note            string
}

// DraftOf is the editor's view of a response.
func DraftOf(r lesson.HTTPRow) HTTPDraft {
	d := HTTPDraft{Headers: strings.Join(r.Headers, "\n"), Body: r.Body, Deadline: r.Deadline, Want: r.Want, Note: r.Note}
	if r.Status != 0 {
		d.Status = strconv.Itoa(r.Status)
	}
	return d
}

// HTTPDrafts is DraftOf for each row.
func HTTPDrafts(rows []lesson.HTTPRow) []HTTPDraft {
	out := make([]HTTPDraft, len(rows))
	for i, r := range rows {
		out[i] = DraftOf(r)
	}
	return out
}

// Row checks a draft and returns the response it describes. The error says which field is
// wrong and what it should hold; the caller adds the row number.
func (d HTTPDraft) Row() (lesson.HTTPRow, error) {
	r := lesson.HTTPRow{Body: d.Body, Deadline: d.Deadline, Want: d.Want, Note: d.Note}
	if st := strings.TrimSpace(d.Status); st != "" || !d.Deadline {
		n, err := strconv.Atoi(st)
		if err != nil || n < 100 || n > 599 {
			return r, msgError("the status is a number from 100 to 599, such as 429 (or tick “deadline passed”)")
		}
		r.Status = n
	}
	for _, line := range strings.Split(d.Headers, "\n") {
		line = strings.TrimSpace(strings.TrimRight(line, "\r"))
		if line == "" {
			continue
		}
		if name, _, ok := strings.Cut(line, ":"); !ok || strings.TrimSpace(name) == "" {
			return r, msgError("each header line is “Name: value”, such as Retry-After: 30")
		}
		r.Headers = append(r.Headers, line)
	}
	if len(r.Body) > lesson.MaxInputBytes*4 {
		return r, msgError("the body is over " + strconv.Itoa(lesson.MaxInputBytes*4) + " bytes")
	}
	return r, nil
}

// HTTPRowsOf checks every draft; the error names the first bad row ("Row 2: …").
func HTTPRowsOf(drafts []HTTPDraft) ([]lesson.HTTPRow, error) {
	if len(drafts) > lesson.MaxRows {
		return nil, msgError("at most " + strconv.Itoa(lesson.MaxRows) + " responses")
	}
	rows := make([]lesson.HTTPRow, len(drafts))
	for i, d := range drafts {
		r, err := d.Row()
		if err != nil {
			return nil, msgError("Row " + strconv.Itoa(i+1) + ": " + err.Error() + ".")
		}
		rows[i] = r
	}
	return rows, nil
}

// RunHTTP normalizes vendor responses on the classroom clock and counts their codes in the
// session's metrics.
func (s *State) RunHTTP(rows []lesson.HTTPRow) (res []lesson.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, panicError(p)
		}
	}()
	res = lesson.RunHTTP(rows, nil)
	for _, r := range res {
		s.depth.metrics.Add(VendorTool, coerce.Code(r.Code))
	}
	return res, nil
}

// FindHTTPRow is the first row a Try it target names: a status such as "429", or "deadline".
func FindHTTPRow(rows []lesson.HTTPRow, target string) int {
	for i, r := range rows {
		if r.Deadline && target == "deadline" || !r.Deadline && strconv.Itoa(r.Status) == target {
			return i
		}
	}
	return -1
}

// SwitchLabel is how the page names a switch (lesson.SwitchNames).
func SwitchLabel(name string) string {
	switch name {
	case "trim":
		return "trimming"
	case "digit_strings":
		return "digit strings → int"
	case "bool_strings":
		return `"true"/"false" → bool on refund's dry_run`
	}
	return name
}

// WithSwitch returns sw with the named switch set; ok is false for an unknown name.
func WithSwitch(sw lesson.Switches, name string, on bool) (lesson.Switches, bool) {
	return sw.With(name, on)
}

// SwitchOn reports whether the named switch is on in sw.
func SwitchOn(sw lesson.Switches, name string) bool { return sw.On(name) }

// Change is a table row whose code a switch changed.
type Change struct {
	Row           int // index in the table
	Input         string
	Before, After string
}

// Flip is what flipping a switch did to the table.
type Flip struct {
	Switch  string
	On      bool
	Changes []Change
	// Message is the sentence read out: what changed, or that nothing did and why.
	Message string
}

// FlipSwitch sets the named switch and re-runs the table. The table's codes from before the
// flip come from a scratch Lab (not counted in the session's metrics); the run after it is
// the page's run, counted like any other, and becomes s.Results.
func (s *State) FlipSwitch(name string, on bool) (f Flip, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicError(p)
		}
	}()
	after, ok := WithSwitch(s.depth.switches, name, on)
	if !ok {
		return Flip{}, msgError("no switch " + strconv.Quote(name))
	}
	before := s.newLab(s.depth.switches, &coerce.Metrics{}).Run(s.Table)
	s.SetSwitches(after)
	if err := s.Run(); err != nil {
		return Flip{}, err
	}
	f = Flip{Switch: name, On: on}
	for i, r := range s.Results {
		if i < len(before) && before[i].Code != r.Code {
			f.Changes = append(f.Changes, Change{Row: i, Input: r.Input, Before: before[i].Code, After: r.Code})
		}
	}
	f.Message = flipMessage(f, s.Tool())
	return f, nil
}

func flipMessage(f Flip, tool string) string {
	state := "off"
	if f.On {
		state = "on"
	}
	head := "Turned " + SwitchLabel(f.Switch) + " " + state + ": "
	if n := len(f.Changes); n > 0 {
		return head + plural(n, "row", "rows") + " of this table changed code. Add each as a fixture, so the table pins the new behaviour."
	}
	msg := head + "nothing changed on this table."
	switch {
	case f.Switch == "bool_strings" && tool != "refund":
		msg += " This switch only affects refund's dry_run; the table calls " + tool + "."
	case f.Switch == "bool_strings":
		msg += ` Add a row such as {"job_id": 17, "amount_cents": 500, "dry_run": "true"} (with refunds.write granted) to see it.`
	case f.Switch == "trim":
		msg += ` No row has spaces around a value; add one such as " 17 ".`
	case f.Switch == "digit_strings":
		msg += ` No row sends digits in a string; add one such as "17".`
	}
	return msg
}

// AddFixture appends the changed row with its new code as the expected one: the lesson's rule
// that each new coercion comes with a fixture that used to be rejected. It returns the new
// row's index, the index of an equal row already in the table, or -1 when the table is full.
func (s *State) AddFixture(c Change, f Flip) int {
	for i, r := range s.Table.Rows {
		if i != c.Row && r.Input == c.Input && r.Want == c.After {
			return i
		}
	}
	if !s.CanAdd() {
		return -1
	}
	state := "off"
	if f.On {
		state = "on"
	}
	s.Table.Rows = append(s.Table.Rows, lesson.Row{Input: c.Input, Want: c.After,
		Note: "fixture: with " + SwitchLabel(f.Switch) + " " + state + " it gives " + c.After + " (was " + c.Before + ")"})
	s.changed()
	return len(s.Table.Rows) - 1
}

// EnsureRow makes the table hold a row calling tool with input, for a Try it target: an equal
// row already there is reused; a table of the same tool gets the row appended (want: its code
// now); otherwise the table is replaced by that one row (replaced is true, for an Undo).
func (s *State) EnsureRow(tool, input string) (row int, replaced bool) {
	if tool == "" {
		tool = lesson.DefaultTool
	}
	cur := s.newLab(s.depth.switches, &coerce.Metrics{}).RunRow(tool, lesson.Row{Input: input})
	r := lesson.Row{Input: input, Want: cur.Code}
	p, ok := placeRow(s.Table, tool, r)
	if !ok { // a full table of the same tool
		p = Placed{Table: oneRowTable(tool, r), Row: 0, Added: true, Switched: true}
	}
	if p.Added {
		s.Replace(p.Table)
	}
	return p.Row, p.Switched
}

// Score is how a learner's predictions did.
type Score struct {
	Right, Predicted, Unpredicted int
	Wrong                         []Miss
}

// Miss is a wrong prediction: the row (from 1), what the learner expected and what came.
type Miss struct {
	Row       int
	Input     string
	Want, Got string
}

// ScorePredictions compares each prediction with the code that came back.
func ScorePredictions(results []lesson.Result) Score {
	var sc Score
	for i, r := range results {
		switch {
		case r.Want == "":
			sc.Unpredicted++
		case r.Want == r.Code:
			sc.Right++
			sc.Predicted++
		default:
			sc.Predicted++
			sc.Wrong = append(sc.Wrong, Miss{Row: i + 1, Input: r.Input, Want: r.Want, Got: r.Code})
		}
	}
	return sc
}

// Sentence reads a score out: "4 of 6 predictions right." and what is missing.
func (sc Score) Sentence() string {
	if sc.Predicted == 0 {
		return "No predictions yet: choose the code you expect in each row's Expected code, then press Run."
	}
	s := strconv.Itoa(sc.Right) + " of " + plural(sc.Predicted, "prediction", "predictions") + " right."
	if sc.Right == sc.Predicted {
		s += " Every prediction matched."
	}
	if sc.Unpredicted > 0 {
		s += " " + plural(sc.Unpredicted, "row has", "rows have") + " no prediction."
	}
	return s
}

// StartPredict puts the table in predict mode with its expected codes cleared, as a learner
// opening a predict-mode link gets it.
func StartPredict(t lesson.Table) lesson.Table {
	t.Mode = lesson.PredictMode
	t, _ = ForLearner(t)
	return t
}

// SetMode sets the table's mode ("" or lesson.PredictMode) without touching its rows.
func (s *State) SetMode(mode string) {
	if s.Table.Mode != mode {
		s.Table.Mode = mode
		s.changed()
	}
}

// PredictLink is a link to the table in predict mode: whoever opens it gets the rows with the
// expected codes cleared, to predict before Run.
func PredictLink(href string, t lesson.Table) string {
	t.Mode = lesson.PredictMode
	return ShareLink(href, t)
}

// msgError is an error that is only its message, for the panels to show.
type msgError string

func (e msgError) Error() string { return string(e) }
