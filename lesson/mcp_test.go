package lesson

import (
	"strings"
	"testing"
)

// TestLabMCP: each classroom row has an MCP exchange whose request carries the row's arguments
// and whose response holds its observation, isError exactly for error codes; a row that is not
// JSON has none. cmd/lesson-mcp's tests hold it to the server's answers.
func TestLabMCP(t *testing.T) {
	lab := NewLab(LabConfig{})
	for _, r := range Classroom().Rows {
		res := lab.RunRow("", r)
		ex := lab.MCP(res)
		if !strings.Contains(string(ex.Request), `"name":"get_job","arguments":`+string(lab.ArgumentsFor("", r.Input))) {
			t.Errorf("%s: request %s", r.Input, ex.Request)
		}
		if !strings.Contains(string(ex.Response), `"structuredContent":`+res.Observation) ||
			strings.Contains(string(ex.Response), `"isError":true`) != (res.Code != "ok") ||
			!strings.Contains(string(ex.Response), `"coerce/code":"`+string(res.Code)+`"`) {
			t.Errorf("%s: response %s", r.Input, ex.Response)
		}
	}
	if ex := lab.MCP(lab.RunOne(`{'job_id': 17}`)); ex.Request != nil || ex.Response != nil {
		t.Errorf("broken JSON has an exchange: %s", ex.Request)
	}
}
