// Command grader is the lesson's own get_job for the exercise page, as a program the page runs
// in a Worker like the student's: "grader rows" reads a table's link payload (the #table= text,
// empty for the classroom table) on its first line of standard input and writes the rows with
// the lesson's answers, the student's standard input and the starter file; "grader grade" reads the payload, then
// the student's standard output, and writes each row's verdict (lesson/exercise). Its answer is
// one JSON object; a table it cannot read is {"error": "..."}.
package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"strings"

	"coerceplayground/lesson"
	"coerceplayground/lesson/exercise"
)

// maxInput bounds what the grader reads: a link payload and a program's capped output.
const maxInput = 8 << 20

func main() {
	mode := ""
	if len(os.Args) > 1 {
		mode = os.Args[1]
	}
	in, err := io.ReadAll(io.LimitReader(bufio.NewReader(os.Stdin), maxInput))
	if err != nil {
		answer(map[string]string{"error": "the grader could not read its input"})
		return
	}
	answer(respond(mode, string(in)))
}

// respond is the answer to one call.
func respond(mode, in string) any {
	payload, rest, _ := strings.Cut(in, "\n")
	t := lesson.Classroom()
	if payload = strings.TrimSpace(payload); payload != "" {
		var err error
		if t, err = lesson.DecodeShare(payload); err != nil {
			return map[string]string{"error": "the link's table cannot be read: " + err.Error()}
		}
	}
	rows, err := exercise.Rows(t)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	switch mode {
	case "rows":
		return map[string]any{"rows": rows, "stdin": exercise.Stdin(rows), "starter": exercise.Starter}
	case "grade":
		return map[string]any{"verdicts": exercise.Grade(rows, rest)}
	}
	return map[string]string{"error": `the grader's mode is "rows" or "grade"`}
}

func answer(v any) {
	b, _ := json.Marshal(v)
	os.Stdout.Write(append(b, '\n'))
}
