package lesson

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/internal/fixture"
)

// TestLimits reads every case of testdata/limits.tsv with the reader it names and checks what
// the reader says: the rows read, the whole table refused with the message, or the unreadable
// rows named and the readable ones offered.
func TestLimits(t *testing.T) {
	cases, err := fixture.Read("testdata/limits.tsv", 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		reader, want := c.Cols[0], c.Cols[3]
		times, err := strconv.Atoi(c.Cols[1])
		if err != nil {
			t.Fatalf("line %d: times %q", c.Line, c.Cols[1])
		}
		one, err := fixture.Text(c.Cols[2])
		if err != nil {
			t.Fatalf("line %d: %v", c.Line, err)
		}
		tb, err := readAs(reader, one, times)
		got := ""
		var u *UnreadableRows
		switch {
		case errors.As(err, &u):
			got = "partial " + strconv.Itoa(len(u.Readable.Rows)) + " " + u.Reason()
			if cerr := u.Readable.Check(); cerr != nil {
				t.Errorf("line %d: the readable rows fail Check: %v", c.Line, cerr)
			}
		case err != nil:
			got = "error " + strings.TrimPrefix(err.Error(), ErrShare.Error()+": ")
		default:
			got = "ok " + strconv.Itoa(len(tb.Rows))
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("line %d (%s): got %.200q, want %q", c.Line, c.Cols[4], got, want)
		}
	}
}

// readAs reads times copies of one as reader does.
func readAs(reader, one string, times int) (Table, error) {
	switch reader {
	case "text":
		tb, err := ParseTable(strings.Repeat(one, times))
		if err != nil {
			return tb, err
		}
		return tb, tb.Check()
	case "link":
		rows := strings.Repeat(one+",", times)
		return DecodeShare(EncodeShareRaw([]byte(`{"rows":[` + rows[:len(rows)-1] + `]}`)))
	case "json":
		return DecodeShare(EncodeShareRaw([]byte(one)))
	}
	return Table{}, errors.New("unknown reader " + reader)
}

// ShareLen is what Check and the page's editor measure a table by: it must be the payload's
// length exactly, for any table (escapes, notes, preamble, tool, mode, empty wants).
func TestShareLen(t *testing.T) {
	for _, tb := range []Table{
		{},
		Classroom(),
		{Tool: "refund", Mode: PredictMode, Preamble: []string{"# a \"quoted\" \\ line", "#\t"}, Rows: []Row{
			{Input: "\"\x01\x1f\b\f\t<>&\u2028 中😀\"", Want: "ok", Note: "\\ \" \x7f"}, {Input: "17"},
		}},
	} {
		if got, want := ShareLen(tb), len(EncodeShare(tb)); got != want {
			t.Errorf("ShareLen = %d, EncodeShare is %d bytes, for %+v", got, want, tb)
		}
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int]string{0: "0 bytes", 1: "1 byte", 999: "999 bytes", 1024: "1,024 bytes", 65536: "65,536 bytes", 2000000: "2,000,000 bytes", -1234: "-1,234 bytes"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// A row as long as a row may be ("the model pasted a novel") gets an observation within the
// tool's cap, with got cut to 64 bytes; a bare value that long is wrapped into arguments over
// the dispatcher's bound, and is told so.
func TestLongestRowsObservation(t *testing.T) {
	novel := strings.Repeat("中", (MaxInputBytes-2)/3)
	for _, c := range []struct {
		name, input, code, hint string
	}{
		{"a bare string of the longest input", `"` + novel + `"`, "invalid_args", "over the limit of 65536"},
		{"a bare string that fits once wrapped", `"` + novel[:len(novel)-12] + `"`, "invalid_args", "digits only"},
		{"an object with a long value", `{"job_id":"` + novel[:len(novel)-12] + `"}`, "invalid_args", "digits only"},
		{"a bare word that long, sent as a string", strings.Repeat("a", MaxInputBytes), "invalid_args", "over the limit of 65536"},
	} {
		if len(c.input) > MaxInputBytes {
			t.Fatalf("%s: %d bytes, over MaxInputBytes", c.name, len(c.input))
		}
		if err := (Table{Rows: []Row{{Input: c.input, Want: coerce.Code(c.code)}}}).Check(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		res := NewLab(LabConfig{}).RunRow("", Row{Input: c.input})
		t.Logf("%s: %d-byte input, %d-byte observation %s", c.name, len(c.input), len(res.Observation), res.Observation)
		if string(res.Code) != c.code || !strings.Contains(res.Observation, c.hint) {
			t.Errorf("%s: %s %s", c.name, res.Code, res.Observation)
		}
		if len(res.Observation) > coerce.DefaultCap {
			t.Errorf("%s: the observation is %d bytes, over the cap of %d", c.name, len(res.Observation), coerce.DefaultCap)
		}
		if _, got, ok := strings.Cut(res.Observation, `"got":"`); ok {
			got, _, _ = strings.Cut(got, `"`)
			if len(got) > 64+len("…") {
				t.Errorf("%s: got is %d bytes", c.name, len(got))
			}
		}
	}
}
