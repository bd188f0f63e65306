package page

// Every run on the page goes through one Lab built from the State's permissions and switches,
// and every Lab shares one coerce.Metrics: the chart counts the whole session.

import (
	"coerceplayground/coerce"
	"coerceplayground/lesson"
)

// vendorTool is the tool name the vendor responses are counted under in the session's metrics.
const vendorTool = "vendor_api"

// settings are what every run uses besides the table.
type settings struct {
	chosen       bool // switches holds a choice (the zero Switches turns every coercion off)
	switches     lesson.Switches
	refundsWrite bool
	// ownGranted grants the table's own tool the permission its definition names.
	ownGranted bool
	metrics    *coerce.Metrics
	// planned counts the calls of the table's runs, also in metrics: rows someone chose to show
	// codes, which the chart's reading tells apart from the rest (lesson.Reading).
	planned *coerce.Metrics
}

// settingsChanged follows a change of the runs' switches or permissions: a new Lab, the panels
// told, and the last results marked stale (a row's code may differ now).
func (s *State) settingsChanged() {
	s.rebuildLab()
	s.emit(LabChanged)
	s.markStale(staleSettings)
}

// rebuildLab makes the Lab the runs use from the current permissions and switches.
func (s *State) rebuildLab() {
	if !s.set.chosen {
		s.set.switches, s.set.chosen = lesson.DefaultSwitches(), true
	}
	if s.set.metrics == nil {
		s.set.metrics, s.set.planned = &coerce.Metrics{}, &coerce.Metrics{}
	}
	s.lab = s.newLab(s.set.switches, s.set.metrics)
	s.declared = s.table.ToolDef
}

func (s *State) newLab(sw lesson.Switches, m *coerce.Metrics) *lesson.Lab {
	var perms []string
	if s.set.refundsWrite {
		perms = lesson.Permissions() // what the lesson's tools need: refunds.write
	}
	if d, ok := s.ownDef(); ok && d.Permission != "" && s.set.ownGranted {
		perms = append(perms, d.Permission)
	}
	l := lesson.NewLab(lesson.LabConfig{Switches: &sw, Permissions: perms, Metrics: m})
	_ = l.Declare(s.table.ToolDef) // the table's own tool, when it has one; it passed Check
	return l
}

// scratch is a Lab with the current settings that counts nowhere: for the codes a panel shows
// without a run of its own (the codes before a switch flip, a Try it row's current code).
func (s *State) scratch() *lesson.Lab { return s.newLab(s.set.switches, &coerce.Metrics{}) }

// freshLab is a Lab as a page opening the table would make it: the lesson's switches, no grants,
// counting nowhere. An answer key handed on is answered by it (answers).
func (s *State) freshLab() *lesson.Lab {
	l := lesson.NewLab(lesson.LabConfig{Metrics: &coerce.Metrics{}})
	_ = l.Declare(s.table.ToolDef) // the table's own tool, when it has one; it passed Check
	return l
}

// Switches are the coercion switches the runs use.
func (s *State) Switches() lesson.Switches { return s.set.switches }

// SetSwitches changes the coercion switches for the runs that follow; the last results are
// stale when they changed.
func (s *State) SetSwitches(sw lesson.Switches) {
	if s.set.chosen && s.set.switches == sw {
		return
	}
	s.set.switches, s.set.chosen = sw, true
	s.settingsChanged()
}

// RefundsWrite reports whether the runs hold lesson.RefundPermission.
func (s *State) RefundsWrite() bool { return s.set.refundsWrite }

// SetRefundsWrite grants or withdraws lesson.RefundPermission for the runs that follow; the last
// results are stale (a refund row's code may change).
func (s *State) SetRefundsWrite(granted bool) {
	if s.set.refundsWrite == granted {
		return
	}
	s.set.refundsWrite = granted
	s.settingsChanged()
}
