package lesson

import (
	_ "embed"
	"strconv"
	"strings"
	"unicode/utf8"

	"coerceplayground/coerce"
)

// Row is one line of a classroom table: raw input, the code it must give (Want), and an optional
// note for people. Want is empty in predict mode, before the learner has filled it in.
type Row struct {
	Input string
	Want  coerce.Code
	Note  string
}

// Table is an ordered list of rows. Preamble holds the comment lines above the first row, kept
// so an instructor's header survives an import and export.
type Table struct {
	Preamble []string
	// Tool is the tool the rows call; "" means get_job.
	Tool string
	// ToolDef is the table's own tool declared as data, one compact JSON object (ReadToolDef);
	// when set, Tool is its name and the rows run against it.
	ToolDef string
	// Mode is "" (the table as written), "predict" (the page clears Want for the learner) or
	// "hunt" (the learner writes rows that catch the mutants in play, Hunt).
	Mode string
	// Mutants are the names of a hunt's mutants in play, in catalogue order; empty means all.
	Mutants []string
	// Question is the instructor's own question for the table, one line of text, or "": the
	// page then builds the question from the table's tool and inputs.
	Question string
	Rows     []Row
}

// PredictMode is the Mode of a table whose expected codes the learner fills in before Run.
const PredictMode = "predict"

// Codes returns "ok" and the catalog's codes: the values a row's Want may take.
func Codes() []coerce.Code {
	out := []coerce.Code{coerce.OK}
	for _, e := range coerce.Catalog() {
		out = append(out, e.Code)
	}
	return out
}

// codeList is Codes() as error messages list them: "ok, invalid_args, …".
func codeList() string {
	var b strings.Builder
	for i, c := range Codes() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(c))
	}
	return b.String()
}

func isCode(c coerce.Code) bool {
	_, inCatalog := coerce.Lookup(c)
	return c == coerce.OK || inCatalog
}

// Unpredicted is how the text format writes a row whose expected code is still to be predicted.
const Unpredicted = "?"

// isWantWord reports whether w may stand in a row's code column.
func isWantWord(w string) bool { return w == Unpredicted || isCode(coerce.Code(w)) }

// Check reports what keeps t from being run, shared, saved or written as text: too many rows, an
// unknown tool or mode, a preamble line that is not one short comment line, a row that checkRow
// refuses (the error names the first, counting rows from 1), or a table over MaxShareBytes as a
// link (line 0: the table as a whole).
func (t Table) Check() error {
	if len(t.Rows) > MaxRows {
		return &ParseError{MaxRows + 1, "a table holds at most " + strconv.Itoa(MaxRows) + " rows"}
	}
	if msg := t.setupProblem(); msg != "" {
		return &ParseError{0, msg}
	}
	for i, r := range t.Rows {
		if msg := checkRow(r); msg != "" {
			return &ParseError{i + 1, msg}
		}
	}
	if msg := SizeProblem(t); msg != "" {
		return &ParseError{0, msg}
	}
	return nil
}

// setupProblem says what is wrong with t's tool, mode, question or preamble, or "".
func (t Table) setupProblem() string {
	if t.ToolDef != "" {
		if msg := t.toolDefProblem(); msg != "" {
			return msg
		}
	} else if t.Tool != "" && !isTool(t.Tool) {
		return "unknown tool " + Quote(t.Tool) + "; tools are " + strings.Join(ToolNames(), ", ")
	}
	return t.settingsProblem()
}

// settingsProblem is setupProblem without the tool: what is wrong with t's mode, question or
// preamble, or "".
func (t Table) settingsProblem() string {
	if msg := t.huntProblem(); msg != "" {
		return msg
	}
	if msg := QuestionProblem(t.Question); msg != "" {
		return msg
	}
	if len(t.Preamble) > MaxPreamble {
		return "the comments above the rows are more than " + strconv.Itoa(MaxPreamble) + " lines"
	}
	for _, p := range t.Preamble {
		if !strings.HasPrefix(p, "#") || strings.ContainsAny(p, "\r\n") || !utf8.ValidString(p) {
			return "a comment line above the rows is not one line of UTF-8 text starting with #"
		}
		if msg := preambleProblem(p); msg != "" {
			return msg
		}
	}
	return ""
}

// checkRow says why r cannot be a row, or "": an empty input, a line break in it, an input over
// MaxInputBytes, a note over MaxNoteBytes or with a line break, text that is not UTF-8, a Want
// that is not a code, or a row the text format would read back differently.
func checkRow(r Row) string {
	switch {
	case strings.TrimSpace(r.Input) == "":
		return "the input is empty"
	case strings.ContainsAny(r.Input, "\r\n"):
		return "the input holds a line break; write JSON on one line"
	case len(r.Input) > MaxInputBytes:
		return InputProblem(r.Input)
	case !utf8.ValidString(r.Input) || !utf8.ValidString(r.Note):
		return "the row is not valid UTF-8"
	case r.Want != "" && !isCode(r.Want):
		return "unknown code " + Quote(string(r.Want)) + "; codes are " + codeList()
	case strings.ContainsAny(r.Note, "\r\n"):
		return "the note holds a line break"
	case len(r.Note) > MaxNoteBytes:
		return NoteProblem(r.Note)
	}
	return rowAmbiguity(r)
}

//go:embed classroom.table
var classroomTable string

// Classroom returns the lesson's table: "17", 17, -1, "abc", True, 99.
func Classroom() Table {
	t, err := ParseTable(classroomTable)
	if err != nil {
		panic("lesson: classroom.table is broken: " + err.Error()) // caught by the tests
	}
	return t
}
