// Package exercise grades a student's own get_job, a Go program, against the lesson's.
//
// Vocabulary:
//   - The program is the student's: a main package that reads one argument object per line on
//     standard input and writes one observation per line on standard output (Starter is where
//     it starts, Solution a reference that passes).
//   - A row is one row of a get_job table with what the lesson's own dispatcher answers for it:
//     the argument text the program is given (Args), its code, field and observation.
//   - A verdict is one row graded: the program's observation for that row (its line of output,
//     in row order), the code and field read from it, and whether they agree with the lesson's.
//     A row the program answered ok where the lesson refuses is the dangerous kind: a loose
//     validator let through what a tool must not run on.
package exercise

import (
	_ "embed"
	"errors"
	"io"
	"strings"

	"coerceplayground/coerce"
	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

var (
	// Starter is the file the exercise page opens with: it compiles, and fails the table until
	// the student writes the rule and the lookup.
	//
	//go:embed starter.go.txt
	Starter string
	// Solution is a reference program that passes every row of every get_job table.
	//
	//go:embed solution.go.txt
	Solution string
)

// MaxEcho caps every piece of the program's output a verdict repeats.
const MaxEcho = 600

// The codes a verdict carries besides the catalog's.
const (
	// NoObservation: the program wrote no line for the row.
	NoObservation = "none"
	// NotObservation: the row's line is not a JSON object with "ok": true or an "error" code.
	NotObservation = "not_json"
)

// ErrOtherTool is Rows' error for a table whose rows are not for get_job.
var ErrOtherTool = errors.New("this exercise writes get_job; the table is for another tool")

// Row is one row of the table with the lesson's answer.
type Row struct {
	Input       string      `json:"input"`
	Args        string      `json:"args"`
	Code        coerce.Code `json:"code"`
	Field       string      `json:"field"`
	Observation string      `json:"observation"`
}

// Rows runs t through the lesson's own dispatcher. A table with its own tool, or for a tool other
// than get_job, is refused with ErrOtherTool.
func Rows(t lesson.Table) ([]Row, error) {
	if t.ToolDef != "" || (t.Tool != "" && t.Tool != lesson.DefaultTool) {
		return nil, ErrOtherTool
	}
	lab := lesson.NewLab(lesson.LabConfig{NewID: func() string { return "exercise" }})
	out := make([]Row, len(t.Rows))
	for i, r := range t.Rows {
		res := lab.RunRow(lesson.DefaultTool, lesson.Row{Input: r.Input})
		out[i] = Row{Input: r.Input, Args: oneLine(string(lab.ArgumentsFor(lesson.DefaultTool, r.Input))),
			Code: res.Code, Field: res.Field, Observation: res.Observation}
	}
	return out, nil
}

// oneLine keeps an argument text on one line of standard input: a line break between JSON tokens
// is white space, and a space reads the same.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// Stdin is the program's standard input for rows: their argument texts, one a line.
func Stdin(rows []Row) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.Args)
		b.WriteByte('\n')
	}
	return b.String()
}

// Verdict is one row graded.
type Verdict struct {
	Row
	// Got is the program's line for the row, cut to MaxEcho bytes.
	Got string `json:"got"`
	// GotCode is the code read from Got: "ok", the error code, NoObservation or NotObservation.
	GotCode string `json:"got_code"`
	// GotField is the field Got names, "" when none.
	GotField string `json:"got_field"`
	// Pass is true when GotCode and GotField are the lesson's code and field.
	Pass bool `json:"pass"`
	// Dangerous is true when the program answered ok and the lesson refused.
	Dangerous bool `json:"dangerous"`
	// Why says, in one sentence, what differs; "" when the row passes.
	Why string `json:"why"`
}

// Grade grades the program's standard output against rows, line i against row i.
func Grade(rows []Row, stdout string) []Verdict {
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if stdout == "" {
		lines = nil
	}
	out := make([]Verdict, len(rows))
	for i, r := range rows {
		v := Verdict{Row: r, GotCode: NoObservation}
		if i < len(lines) {
			line := strings.TrimSuffix(lines[i], "\r")
			v.Got = coerce.Cut(line, MaxEcho)
			v.GotCode, v.GotField = read(line)
		}
		v.Pass = v.GotCode == string(r.Code) && v.GotField == r.Field
		v.Dangerous = v.GotCode == string(coerce.OK) && r.Code != coerce.OK
		v.Why = why(v)
		out[i] = v
	}
	return out
}

// read returns the code and field of one observation line: "ok" for an object with "ok": true,
// the "error" member's code otherwise, NotObservation for anything else.
func read(line string) (code, field string) {
	if len(line) > coerce.DefaultMaxInputBytes {
		return NotObservation, ""
	}
	dec := jsontext.NewDecoder(strings.NewReader(line))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return NotObservation, ""
	}
	ok := false
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return NotObservation, ""
		}
		name := tok.String()
		val, err := dec.ReadValue()
		if err != nil {
			return NotObservation, ""
		}
		switch name {
		case "ok":
			ok = string(val) == "true"
		case "error", "field":
			if val.Kind() != '"' {
				return NotObservation, ""
			}
			s, _ := jsontext.AppendUnquote(nil, val)
			if name == "error" {
				code = coerce.Cut(string(s), 64)
			} else {
				field = coerce.Cut(string(s), 128)
			}
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return NotObservation, ""
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return NotObservation, ""
	}
	switch {
	case ok && code == "":
		return string(coerce.OK), ""
	case !ok && code != "":
		return code, field
	}
	return NotObservation, ""
}

// why is the sentence a failed row shows.
func why(v Verdict) string {
	switch {
	case v.Pass:
		return ""
	case v.GotCode == NoObservation:
		return "Your program wrote no observation for this row."
	case v.GotCode == NotObservation:
		return `Your program's line is not an observation: a JSON object with "ok": true, or with "error" and "field".`
	case v.Dangerous:
		return "Dangerous: your program accepted what the lesson refuses with " + string(v.Code) + "."
	case v.GotCode != string(v.Code):
		return "Your program answered " + v.GotCode + "; the lesson answers " + string(v.Code) + "."
	}
	return "The code agrees but the field does not: yours is " + quoteField(v.GotField) + ", the lesson's " + quoteField(v.Field) + "."
}

func quoteField(f string) string {
	if f == "" {
		return "none"
	}
	return `"` + f + `"`
}
