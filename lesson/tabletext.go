package lesson

// The plain-text format of a table, as instructors write it and Import and Export read and write
// it: ParseTable and FormatTable.

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"coerceplayground/coerce"
)

// ParseError is a table text error, naming its line (from 1; 0 for the table as a whole).
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return "line " + strconv.Itoa(e.Line) + ": " + e.Msg
}

// ParseTable reads the plain-text format: one row per line, the raw input, whitespace, the
// expected code (or ? to predict), and optionally whitespace and a # note. Lines that start with
// # are comments, blank lines are skipped, "@tool refund" picks the tool the rows call,
// "@mode predict" asks the page to let the learner fill in the codes, "@mode hunt" to write rows
// that catch the mutants named by "@mutants NAME …" (all when absent), and "@question …" (the rest
// of the line) is the instructor's own question, asked instead of the one the page builds. The code is the last word
// before the note, so inputs may hold spaces. Text over MaxTableTextBytes is refused before a
// line of it is read; every message is within MaxMessageBytes.
func ParseTable(text string) (Table, error) {
	if len(text) > MaxTableTextBytes {
		return Table{}, &ParseError{0, "the text is " + Bytes(len(text)) + ", over the limit of " + Bytes(MaxTableTextBytes)}
	}
	t, err := parseLines(text)
	if err != nil {
		err.Msg = message(err.Msg)
		return Table{}, err
	}
	return t, nil
}

// parseLines is ParseTable's reading of text within its limit, line by line.
func parseLines(text string) (Table, *ParseError) {
	var t Table
	for n, line := range strings.Split(text, "\n") {
		lineNo := n + 1
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		if !utf8.ValidString(line) {
			return Table{}, &ParseError{lineNo, "the line is not valid UTF-8"}
		}
		if strings.ContainsRune(line, '\r') {
			return Table{}, &ParseError{lineNo, "a carriage return inside the line; one row per line"}
		}
		switch {
		case trimmed == "":
			continue
		case strings.HasPrefix(trimmed, "@"):
			if msg := t.directive(trimmed); msg != "" {
				return Table{}, &ParseError{lineNo, msg}
			}
			continue
		case strings.HasPrefix(trimmed, "#"):
			if len(t.Rows) == 0 {
				if msg := preambleProblem(trimmed); msg != "" {
					return Table{}, &ParseError{lineNo, msg}
				}
				if len(t.Preamble) == MaxPreamble {
					return Table{}, &ParseError{lineNo, "at most " + strconv.Itoa(MaxPreamble) + " comment lines above the rows"}
				}
				t.Preamble = append(t.Preamble, trimmed)
			}
			continue
		}
		row, msg := parseRow(trimmed)
		if msg != "" {
			return Table{}, &ParseError{lineNo, msg}
		}
		if len(t.Rows) == MaxRows {
			return Table{}, &ParseError{lineNo, "a table holds at most " + strconv.Itoa(MaxRows) + " rows"}
		}
		t.Rows = append(t.Rows, row)
	}
	if msg := t.huntProblem(); msg != "" { // "@mutants" and "@mode hunt" may come in either order
		return Table{}, &ParseError{0, msg}
	}
	return t, nil
}

// directive reads "@tool NAME", "@tooldef {…}", "@mode predict", "@mode hunt", "@mutants NAME …"
// or "@question TEXT".
func (t *Table) directive(line string) string {
	if rest, ok := strings.CutPrefix(line, "@tooldef"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
		return t.toolDefLine(strings.TrimSpace(rest))
	}
	if rest, ok := strings.CutPrefix(line, "@question"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
		return t.questionLine(strings.TrimSpace(rest))
	}
	if rest, ok := strings.CutPrefix(line, "@mutants"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
		return t.mutantsLine(rest)
	}
	f := strings.Fields(line)
	if len(f) != 2 {
		return "a directive is @tool NAME, @tooldef {a tool definition}, @mode predict, @mode hunt, @mutants NAMES or @question TEXT"
	}
	switch f[0] {
	case "@tool":
		if t.ToolDef != "" {
			if f[1] != t.Tool {
				return "@tool names " + Quote(f[1]) + ", but the @tooldef line declares " + Quote(t.Tool)
			}
			return ""
		}
		if !isTool(f[1]) {
			return "unknown tool " + Quote(f[1]) + "; tools are " + strings.Join(ToolNames(), ", ")
		}
		t.Tool = f[1]
		if t.Tool == DefaultTool {
			t.Tool = ""
		}
	case "@mode":
		if f[1] != PredictMode && f[1] != HuntMode {
			return "unknown mode " + Quote(f[1]) + "; the modes are " + PredictMode + " and " + HuntMode
		}
		t.Mode = f[1]
	default:
		return "unknown directive " + Quote(f[0]) + "; directives are @tool, @tooldef, @mode, @mutants and @question"
	}
	return ""
}

// questionLine reads the text of a "@question …" line into t.
func (t *Table) questionLine(text string) string {
	switch {
	case text == "":
		return "@question needs its text: @question What does the tool answer for a job id with leading zeros?"
	case t.Question != "":
		return "a table asks one question; this is a second @question line"
	}
	if msg := QuestionProblem(text); msg != "" {
		return msg
	}
	t.Question = text
	return ""
}

// parseRow splits "input code # note". The code is the first want-word outside a JSON string
// that is followed only by a note, so a note may mention codes and "#" inside a string is left
// alone; an input with an unclosed string (a row testing truncation) falls back to the first such
// word anywhere. A row that would read differently once written back is refused rather than
// silently changed on the next export.
func parseRow(line string) (Row, string) {
	row, msg := parseRowOnce(line)
	if msg != "" {
		return Row{}, msg
	}
	if msg := rowAmbiguity(row); msg != "" {
		return Row{}, msg
	}
	return row, ""
}

func parseRowOnce(line string) (Row, string) {
	words := wordSpans(line)
	inString := stringStarts(line)
	pick := -1
	for pass := 0; pass < 2 && pick < 0; pass++ {
		for i := 1; i < len(words); i++ {
			w := line[words[i][0]:words[i][1]]
			if !isWantWord(w) || (i+1 < len(words) && line[words[i+1][0]] != '#') {
				continue
			}
			if pass == 0 && inString[words[i][0]] {
				continue
			}
			pick = i
			break
		}
	}
	if pick < 0 {
		if len(words) == 1 && isWantWord(line) {
			return Row{}, "the row has a code but no input before it"
		}
		return Row{}, "the row does not end with a code; codes are " + codeList() + ", or ? to predict"
	}
	w := line[words[pick][0]:words[pick][1]]
	row := Row{Input: strings.TrimSpace(line[:words[pick][0]]), Want: coerce.Code(w)}
	if w == Unpredicted {
		row.Want = ""
	}
	if pick+1 < len(words) {
		row.Note = strings.TrimSpace(strings.TrimPrefix(line[words[pick+1][0]:], "#"))
	}
	if msg := InputProblem(row.Input); msg != "" {
		return Row{}, msg
	}
	if msg := NoteProblem(row.Note); msg != "" {
		return Row{}, msg
	}
	return row, ""
}

// rowLine writes one row as FormatTable does, without column padding (which parsing ignores).
func rowLine(r Row) string {
	want := string(r.Want)
	if want == "" {
		want = Unpredicted
	}
	line := r.Input + "  " + want
	if r.Note != "" {
		line += "  # " + r.Note
	}
	return line
}

// rowAmbiguity reports a row that the text format cannot carry: written out and read back it
// would become another row (an unclosed string followed by a code word, say). Surrounding
// spaces do not count: FormatTable trims them, and they mean nothing in JSON.
func rowAmbiguity(r Row) string {
	r.Input, r.Note = strings.TrimSpace(r.Input), strings.TrimSpace(r.Note)
	back, msg := parseRowOnce(rowLine(r))
	if msg != "" || back != r {
		return "this row reads two ways in the text format (an unclosed string before a code word?); change its input or note"
	}
	return ""
}

// stringStarts marks the bytes of line that lie inside a JSON string literal.
func stringStarts(line string) []bool {
	in := make([]bool, len(line))
	inside, escaped := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		in[i] = inside
		switch {
		case escaped:
			escaped = false
		case inside && c == '\\':
			escaped = true
		case c == '"':
			inside = !inside
		}
	}
	return in
}

// wordSpans returns the [start, end) of each run of non-space bytes.
func wordSpans(s string) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i <= len(s); i++ {
		space := i == len(s) || s[i] == ' ' || s[i] == '\t'
		switch {
		case !space && start < 0:
			start = i
		case space && start >= 0:
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	return out
}

// FormatTable writes t in the plain-text format, inputs and codes in aligned columns; a row
// without a Want (predict mode) is written with "?". ParseTable(FormatTable(t)) gives t back for
// any table that passes Check.
func FormatTable(t Table) string { return formatTable(t, nil) }

// formatTable is FormatTable, calling after (when not nil) once each row's line is written.
func formatTable(t Table, after func(i int, b *strings.Builder)) string {
	var b strings.Builder
	for _, p := range t.Preamble {
		b.WriteString(p)
		b.WriteByte('\n')
	}
	switch {
	case t.ToolDef != "":
		b.WriteString("@tooldef " + t.ToolDef + "\n")
	case t.Tool != "":
		b.WriteString("@tool " + t.Tool + "\n")
	}
	if t.Mode != "" {
		b.WriteString("@mode " + t.Mode + "\n")
	}
	if len(t.Mutants) > 0 {
		b.WriteString("@mutants " + strings.Join(t.Mutants, " ") + "\n")
	}
	if t.Question != "" {
		b.WriteString("@question " + t.Question + "\n")
	}
	if len(t.Preamble) > 0 && len(t.Rows) > 0 {
		b.WriteByte('\n')
	}
	inW, codeW := 0, 0
	for _, r := range t.Rows {
		if n := utf8.RuneCountInString(r.Input); n > inW && n <= 40 {
			inW = n
		}
		if len(r.Want) > codeW {
			codeW = len(r.Want)
		}
	}
	for i, r := range t.Rows {
		r.Input, r.Note = strings.TrimSpace(r.Input), strings.TrimSpace(r.Note)
		want := string(r.Want)
		if want == "" {
			want = Unpredicted
		}
		b.WriteString(r.Input)
		b.WriteString(strings.Repeat(" ", max(2, inW-utf8.RuneCountInString(r.Input)+2)))
		b.WriteString(want)
		if r.Note != "" {
			b.WriteString(strings.Repeat(" ", max(2, codeW-len(want)+2)))
			b.WriteString("# ")
			b.WriteString(r.Note)
		}
		b.WriteByte('\n')
		if after != nil {
			after(i, &b)
		}
	}
	return b.String()
}
