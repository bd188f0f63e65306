package page

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// Answer carries out a request from an allowed origin.
//
// Error codes: bad_message (the data is not an object with a string type),
// unknown_type, bad_rows (setTable's rows are missing or one cannot be run;
// the message names the row), bad_tooldef (setTable's tooldef cannot be read;
// the message names the line and keyword), not_run (getResults before any run),
// run_failed.
func (s *State) Answer(req embed.Request) embed.Reply {
	fail := func(code, msg string) embed.Reply {
		return embed.Reply{Type: embed.ReplyError, Code: code, Message: msg}
	}
	switch req.Type {
	case "":
		return fail("bad_message", "a message is an object with a string type: setTable, run or getResults")
	case "setTable":
		if req.RowsErr != "" {
			return fail("bad_rows", req.RowsErr)
		}
		if req.QuestionErr != "" {
			return fail("bad_question", req.QuestionErr)
		}
		if msg := lesson.QuestionProblem(req.Question); msg != "" {
			return fail("bad_question", msg)
		}
		t := lesson.Table{Tool: s.table.Tool, ToolDef: s.table.ToolDef, Question: req.Question, Rows: req.Rows}
		if req.Tool != "" && req.Tool != t.Tool {
			t.Tool, t.ToolDef = req.Tool, ""
		}
		if req.ToolDef != "" {
			d, err := pickToolDef(req.ToolDef, req.Tool)
			if err != nil {
				return fail("bad_tooldef", err.Error())
			}
			t = t.WithToolDef(d)
		}
		if len(t.Rows) > lesson.MaxRows {
			return fail("bad_rows", "a table holds at most "+strconv.Itoa(lesson.MaxRows)+" rows")
		}
		if err := t.Check(); err != nil {
			// Check counts rows from 1, as lines; a host sent an array, so name its index.
			var pe *lesson.ParseError
			if errors.As(err, &pe) && pe.Line > 0 {
				return fail("bad_rows", "rows["+strconv.Itoa(pe.Line-1)+"]: "+pe.Msg)
			}
			return fail("bad_rows", err.Error())
		}
		if t.ToolDef == "" && !slices.Contains(lesson.ToolNames(), t.ToolName()) {
			return fail("bad_rows", "tool "+strconv.Quote(t.Tool)+" is not one of "+strings.Join(lesson.ToolNames(), ", "))
		}
		s.Load(t)
		return embed.Reply{Type: embed.ReplyTable, Rows: len(t.Rows)}
	case "run":
		if err := s.Run(); err != nil {
			return fail("run_failed", err.Error())
		}
		return embed.Reply{Type: embed.ReplyResults}
	case "getResults":
		if s.results == nil {
			return fail("not_run", "no results yet: send run, or wait until the learner presses Run")
		}
		return embed.Reply{Type: embed.ReplyResults}
	}
	return fail("unknown_type", "unknown message type "+strconv.Quote(req.Type)+"; the types are setTable, run and getResults")
}

// Results are the last run's rows and summary, for a results reply.
func (s *State) resultsReply() ([]embed.ResultRow, embed.ResultsSummary) {
	rows := make([]embed.ResultRow, len(s.results))
	for i, r := range s.results {
		rows[i] = embed.ResultRow{Input: r.Input, Want: r.Want, Code: r.Code, Observation: r.Observation, Pass: r.Pass, Trace: string(r.Trace.JSON())}
	}
	sum := lesson.Summarize(s.results)
	return rows, embed.ResultsSummary{
		Tool: s.Tool(), Rows: len(rows), Passed: sum.Passed, Failed: sum.Failed,
		Unpredicted: sum.Unpredicted, Stale: s.Stale(), Codes: sum.Counts,
	}
}

// Message is the reply to req as it is posted to the host: an error ({type, code, message,
// request}), the table's size after setTable ({type, rows}) or the results ({type, request,
// rows, summary}; resultsMessage). The app adds the request's id.
func (s *State) Message(req embed.Request, rep embed.Reply) map[string]any {
	switch rep.Type {
	case embed.ReplyError:
		return map[string]any{"type": rep.Type, "code": rep.Code, "message": rep.Message, "request": req.Type}
	case embed.ReplyTable:
		return map[string]any{"type": rep.Type, "rows": rep.Rows}
	}
	return s.resultsMessage(req.Type)
}

// resultsMessage is the coerce-playground:results message for the last run, in answer to
// request ("run" also when the learner pressed Run): each row's input, want, code, observation
// pass and trace, and the summary.
func (s *State) resultsMessage(request string) map[string]any {
	rows, sum := s.resultsReply()
	list := make([]any, len(rows))
	for i, r := range rows {
		list[i] = map[string]any{"input": r.Input, "want": string(r.Want), "code": string(r.Code), "observation": r.Observation, "pass": r.Pass,
			"trace": traceMessage(s.results[i].Trace)}
	}
	codes := map[string]any{}
	for _, c := range sum.Codes {
		codes[string(c.Code)] = c.N
	}
	return map[string]any{
		"type":    embed.ReplyResults,
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
	m := s.resultsMessage("")
	m["type"] = embed.ReplyRan
	delete(m, "request")
	return m
}
