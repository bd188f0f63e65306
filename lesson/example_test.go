package lesson_test

import (
	"fmt"

	"coerceplayground/lesson"
)

// An instructor's table is plain text: the raw input, the code it must give, an optional note.
// A bad line is an error that names it.
func ExampleParseTable() {
	t, err := lesson.ParseTable(`# get_job's boring cases
@mode predict
"17"                    ok            # a digit string: the one case we coerce
{"job_id": 17, "x": 1}  invalid_args  # inputs may hold spaces: the code is the last word
99                      ?             # ? = the learner predicts it
`)
	if err != nil {
		panic(err)
	}
	fmt.Println("mode:", t.Mode)
	for _, r := range t.Rows {
		fmt.Printf("%-24s want %q, note %q\n", r.Input, r.Want, r.Note)
	}
	_, err = lesson.ParseTable("17 okay")
	fmt.Println(err)
	// Output:
	// mode: predict
	// "17"                     want "ok", note "a digit string: the one case we coerce"
	// {"job_id": 17, "x": 1}   want "invalid_args", note "inputs may hold spaces: the code is the last word"
	// 99                       want "", note "? = the learner predicts it"
	// line 1: the row does not end with a code; codes are ok, invalid_args, not_found, denied, rate_limited, timeout, internal_error, or ? to predict
}

// A share link carries the whole table in its fragment: #table= and this payload, base64url of
// the table's JSON. Decoding it gives the same table back; a damaged payload is an error, never
// part of a table.
func ExampleEncodeShare() {
	t := lesson.Table{Rows: []lesson.Row{{Input: `"17"`, Want: "ok"}}}
	payload := lesson.EncodeShare(t)
	fmt.Println(string(lesson.ShareJSON(t)))
	fmt.Println("#table=" + payload)
	back, err := lesson.DecodeShare(payload)
	fmt.Println(back.Rows[0].Input, back.Rows[0].Want, err)
	_, err = lesson.DecodeShare("not*base64")
	fmt.Println(err)
	// Output:
	// {"rows":[{"input":"\"17\"","want":"ok"}]}
	// #table=eyJyb3dzIjpbeyJpbnB1dCI6IlwiMTdcIiIsIndhbnQiOiJvayJ9XX0
	// "17" ok <nil>
	// the link's table could not be read: it is not base64url
}
