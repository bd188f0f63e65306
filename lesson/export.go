package lesson

import "strings"

// The prefixes of the comment lines FormatTableResults writes after each row. ParseTable skips
// every comment after the first row, so a table exported with its results imports as the table.
const (
	// ResultPrefix starts a row's result: its code, its mark (Result.Mark: pass, fail or
	// unpredicted) and the observation JSON, exactly as the page's data-observation holds it.
	ResultPrefix = "# result: "
	// TracePrefix starts a row's Why: the steps of its call as a JSON array, exactly as
	// data-trace holds them (docs/trace.md).
	TracePrefix = "# trace: "
)

// resultsNote ends an export with results, so a reader of the file knows what the lines are.
const resultsNote = "# The \"# result:\" and \"# trace:\" lines under each row are the last Run's code, mark, observation and Why steps. Import skips them."

// Mark is how an export and the page's data-pass read a result: "pass" when the code is the
// expected one, "fail" when it is not, "unpredicted" when the row expects none.
func (r Result) Mark() string {
	switch {
	case r.Want == "":
		return "unpredicted"
	case r.Pass:
		return "pass"
	}
	return "fail"
}

// FormatTableResults writes t as FormatTable does, each row followed by its result in res (same
// order, same length) as two comment lines: ResultPrefix + code, mark and observation, and
// TracePrefix + the trace as JSON. A note after the last row says what the lines are. With res of
// another length (results of another table), it is FormatTable(t). ParseTable reads it back as
// t: the results are comments.
func FormatTableResults(t Table, res []Result) string {
	if len(res) != len(t.Rows) || len(res) == 0 {
		return FormatTable(t)
	}
	text := formatTable(t, func(i int, b *strings.Builder) {
		r := res[i]
		b.WriteString(ResultPrefix + string(r.Code) + " " + r.Mark() + " " + r.Observation + "\n")
		b.WriteString(TracePrefix)
		b.Write(r.Trace.JSON())
		b.WriteByte('\n')
	})
	return text + resultsNote + "\n"
}
