package page

// The tools panel: which tool the table's rows call, and whether the runs hold refunds.write.

import (
	"slices"

	"coerceplayground/lesson"
)

// SetTool makes the table's rows call tool; it reports false for a tool the lesson does not
// have. get_job is stored as "" so a get_job table's link stays as it was before tools existed.
func (s *State) SetTool(tool string) bool {
	if own := s.OwnTool(); own != "" && tool == own {
		return true
	}
	if !isTool(tool) {
		return false
	}
	if s.table.ToolDef != "" { // back to a lesson tool: the table's own tool goes
		next := s.table
		next.ToolDef, next.Tool = "", ""
		s.table = next
		s.declare()
		s.changed(SetupChanged)
	}
	if tool == lesson.DefaultTool {
		tool = ""
	}
	if s.table.Tool != tool {
		next := s.table
		next.Tool = tool
		if lesson.SizeProblem(next) != "" { // a longer tool name on a table at its size limit
			return false
		}
		s.table.Tool = tool
		s.changed(SetupChanged)
	}
	return true
}

func isTool(name string) bool { return slices.Contains(lesson.ToolNames(), name) }

// ToolNote is what the tools panel says after the reader picked tool.
func ToolNote(tool string) string {
	return "The input table and “Try your own” now call " + tool + ". Its schema and catalog are beside the table."
}

// RefundsNote is what the tools panel says after refunds.write was granted or withdrawn.
func RefundsNote(granted bool) string {
	if granted {
		return "refunds.write granted: refund now checks its arguments and runs. Every run from now on uses it."
	}
	return "refunds.write withdrawn: refund answers denied with required_permission, and the loop stops at once. Every run from now on uses it."
}
