package page

import (
	"reflect"
	"strings"
	"testing"

	"coerceplayground/embed"
	"coerceplayground/lesson"
	"coerceplayground/lesson/largest"
)

// Nothing the editor accepts is refused on reload: the largest table the limits allow is saved,
// linked, exported and read back unchanged, and the editor refuses one byte more.
func TestLargestTableRoundTrip(t *testing.T) {
	tb := largest.Table()
	s := New(tb)
	saved := s.Saved()
	if len(saved) > lesson.MaxShareBytes {
		t.Fatalf("the saved table is %d bytes, over %d", len(saved), lesson.MaxShareBytes)
	}
	back := chooseFrom("", saved)
	if back.Notice != "" || back.Offer != nil || !reflect.DeepEqual(back.Table, tb) {
		t.Fatalf("the saved table came back changed or with a notice %q", back.Notice)
	}
	var k StorageStatus
	if line, _ := k.Saved(Stored); line != "" || k.Loaded(Stored) != "" {
		t.Errorf("the keeper says %q", line)
	}
	link := ShareLink("https://playground.example.edu/courses/coerce/index.html?lang=en#theme=dark&panels=table,results", tb)
	if msg := LinkRefused(link); msg != "" {
		t.Fatalf("Copy link refuses the largest table: %s", msg)
	}
	if got := chooseFrom(link[strings.Index(link, "#"):], ""); got.Notice != "" || !reflect.DeepEqual(got.Table, tb) {
		t.Fatalf("the link came back changed or with a notice %q", got.Notice)
	}
	if got, err := Import(lesson.FormatTable(tb)); err != nil || !reflect.DeepEqual(got, tb) {
		t.Fatalf("the export did not import back: %v", err)
	}
	t.Logf("the largest table: %d rows, saved %d bytes, link %d bytes, text %d bytes",
		len(tb.Rows), len(saved), len(link), len(lesson.FormatTable(tb)))

	// One byte more, anywhere, is refused by the editor and the table is left as it was.
	for _, c := range []struct {
		name string
		edit func() string
		says string
	}{
		{"a note", func() string { return s.SetNote(9000, tb.Rows[9000].Note+"x") }, "over the limit of 2,000,000 bytes"},
		{"an input", func() string { return s.SetInput(0, tb.Rows[0].Input+"x") }, "the input is 65,537 bytes"},
		{"a code", func() string { return s.SetWant(4, "invalid_args") }, "as a link, over the limit"},
		{"a row in place of a short one", func() string {
			less := tb
			less.Rows = tb.Rows[: len(tb.Rows)-1 : len(tb.Rows)-1]
			s2 := New(less)
			if _, ok := s2.PlaceTry(lesson.Try{Kind: "row", Tool: "get_job", Input: strings.Repeat("7", 200), Claim: "not_found"}, "n"); ok {
				return ""
			}
			return s2.FullNotice()
		}, "near its limit of 2,000,000 bytes"},
		{"a row past the last", func() string {
			if _, ok := s.PlaceTry(lesson.Try{Kind: "row", Tool: "get_job", Input: "7", Claim: "not_found"}, "n"); ok {
				return ""
			}
			return s.FullNotice()
		}, "at most 10000 rows"},
	} {
		if msg := c.edit(); !strings.Contains(msg, c.says) {
			t.Errorf("%s one byte over: %q, want it to say %q", c.name, msg, c.says)
		}
	}
	if s.Saved() != saved {
		t.Error("a refused edit changed the table")
	}
}

// A link with unreadable rows opens nothing partly: the page keeps its table, names the rows,
// and offers the others; opening them says which were left out.
func TestPartialLinkOffer(t *testing.T) {
	long := strings.Repeat("中", lesson.MaxInputBytes/3+1)
	rows := `{"input":"17","want":"ok"},{"input":"` + long + `","want":"invalid_args"},{"input":"99","want":"not_found","note":"no job 99"}`
	link := "#table=" + lesson.EncodeShareRaw([]byte(`{"mode":"predict","rows":[`+rows+`]}`))

	st := chooseFrom(link, lesson.EncodeShare(lesson.Table{Rows: []lesson.Row{{Input: "42", Want: "ok"}}}))
	if !reflect.DeepEqual(st.Table, lesson.Opening()) || st.FromLink {
		t.Errorf("a partly readable link opened %v", inputs(st.Table))
	}
	for _, want := range []string{"row 2: the input is 65,538 bytes, over the tool's limit of 65,536 bytes", "lesson's table is shown", "open its readable rows"} {
		if !strings.Contains(st.Notice, want) {
			t.Errorf("notice %q does not say %q", st.Notice, want)
		}
	}
	o := st.Offer
	if o == nil || o.Label() != "Open the 2 readable rows" || !reflect.DeepEqual(inputs(o.Table), []string{"17", "99"}) {
		t.Fatalf("offer %+v", o)
	}
	if o.Table.Rows[0].Want != "" || o.Table.Mode != lesson.PredictMode {
		t.Error("the offered rows of a predict-mode link keep their expected codes")
	}
	if got := o.Opened(); got != "Opened 2 readable rows of the link. Left out: row 2 (the input is 65,538 bytes, over the tool's limit of 65,536 bytes)." {
		t.Errorf("opened: %q", got)
	}

	// Pasted into the open page: the current table stays, the same offer is made.
	tb, msg, replace, offer := Pasted(embed.ParseFragment(link))
	if replace || len(tb.Rows) != 0 || offer == nil || len(offer.Table.Rows) != 2 || !strings.Contains(msg, "your current table was kept") || !strings.Contains(msg, "row 2:") {
		t.Errorf("Pasted: %v %q %v %+v", inputs(tb), msg, replace, offer)
	}

	// A State takes the offer as any replacement: Undo brings the table back.
	s := New(lesson.Opening())
	s.Replace(o.Table)
	if !s.CanUndo() || len(s.Table().Rows) != 2 {
		t.Error("opening the offer is not an undoable replacement")
	}

	// No offer when no row can be read, nor when the link is broken as a whole.
	for _, frag := range []string{
		"#table=" + lesson.EncodeShareRaw([]byte(`{"rows":[{"input":""},5]}`)),
		"#table=" + lesson.EncodeShareRaw([]byte(`{"tool":"nope","rows":[{"input":"17"},5]}`)),
		"#table=!!!",
	} {
		if st := chooseFrom(frag, ""); st.Offer != nil || !strings.Contains(st.Notice, "Ask for a new link") {
			t.Errorf("%s: offer %+v, notice %q", frag, st.Offer, st.Notice)
		}
	}
	// Many rows left out: their numbers, ten at most.
	var many []string
	for range 12 {
		many = append(many, `5`)
	}
	st = chooseFrom("#table="+lesson.EncodeShareRaw([]byte(`{"rows":[{"input":"17"},`+strings.Join(many, ",")+`]}`)), "")
	if got := st.Offer.Opened(); !strings.HasSuffix(got, "Left out: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 2 more.") {
		t.Errorf("opened: %q", got)
	}
	// A saved table with an unreadable row is offered the same way.
	if st := chooseFrom("", lesson.EncodeShareRaw([]byte(`{"rows":[{"input":"17"},{"input":"1","want":"nope"}]}`))); st.Offer == nil || !strings.Contains(st.Notice, `row 2: unknown code "nope"`) || !strings.Contains(st.Offer.Opened(), "row of the saved table") {
		t.Errorf("saved: offer %+v, notice %q", st.Offer, st.Notice)
	}
}

func TestLimitSentences(t *testing.T) {
	if got := LearnerRefused(strings.Repeat("😀", lesson.MaxInputBytes/4+1)); got != "Not run: the input is 65,540 bytes, over the tool's limit of 65,536 bytes." {
		t.Errorf("learner: %q", got)
	}
	if got := LearnerRefused(strings.Repeat("😀", lesson.MaxInputBytes/4)); got != "" {
		t.Errorf("learner at the limit: %q", got)
	}
	long := "https://x.test/#table=" + strings.Repeat("A", lesson.MaxURLBytes)
	if got := LinkRefused(long); !strings.Contains(got, "over the 2,097,152 bytes a browser accepts") || !strings.Contains(got, "Export") {
		t.Errorf("link: %q", got)
	}
	if got := LinkRefused(long[:lesson.MaxURLBytes]); got != "" {
		t.Errorf("a link of exactly the limit: %q", got)
	}
}

// Add to table meets the table's size as any other row does: refused, and said so.
func TestAddTriedToTheLargestTable(t *testing.T) {
	tb := largest.Table()
	tb.Rows = tb.Rows[:len(tb.Rows)-1]
	s := New(tb)
	if _, err := s.Try(`"` + strings.Repeat("7", 300) + `"`); err != nil {
		t.Fatal(err)
	}
	if got := s.AddTried(0); got.Row != -1 || got.New || !strings.Contains(got.Say, "near its limit of 2,000,000 bytes as a link, so the input was not added") {
		t.Errorf("AddTried: %+v", got)
	}
}

// The tool and the mode are part of the table's size too: on a table at its limit with nothing to
// clear, naming a longer tool or turning predict mode on is refused, not saved past the limit.
func TestToolAndModeAtTheLimit(t *testing.T) {
	tb := largest.Table()
	for i := range tb.Rows {
		tb.Rows[i].Want = ""
	}
	// Fill the room the cleared codes left with notes, up to the limit again.
	room := lesson.MaxShareBytes*3/4 - (lesson.ShareLen(tb)*3+3)/4 - 3 // JSON bytes
	for i := 3; room > 0 && i < len(tb.Rows); i++ {
		grow := min(room, lesson.MaxNoteBytes-len(tb.Rows[i].Note))
		tb.Rows[i].Note += strings.Repeat("m", grow)
		room -= grow
	}
	if err := tb.Check(); err != nil {
		t.Fatal(err)
	}
	s := New(tb)
	if s.SetTool("get_user") || s.Tool() != lesson.DefaultTool {
		t.Error("SetTool took the table past its size")
	}
	if msg := s.StartPredicting(); !strings.HasPrefix(msg, "Predict mode was not turned on: the table is") || s.Table().Mode != "" {
		t.Errorf("StartPredicting: %q, mode %q", msg, s.Table().Mode)
	}
	if n := len(s.Saved()); n > lesson.MaxShareBytes {
		t.Errorf("saved %d bytes", n)
	}
	small := New(lesson.Classroom())
	if !small.SetTool("get_user") || small.StartPredicting() != "" || small.Table().Mode != lesson.PredictMode || !small.CanUndo() {
		t.Error("a small table refused a tool or predict mode")
	}
}

// Import says what is over the limit: a line, or the table as a whole in a sentence.
func TestImportOverTheLimits(t *testing.T) {
	row := `"` + strings.Repeat("a", lesson.MaxInputBytes-2) + `"  ok` + "\n"
	for _, c := range []struct{ text, says string }{
		{strings.Repeat(row, 31), "The table is 2,709,951 bytes as a link, over the limit of 2,000,000 bytes; shorten or remove some rows or notes."},
		{"17 ok\n" + strings.Repeat("中", lesson.MaxInputBytes/3+1) + " ok\n", "Line 2: the input is 65,538 bytes, over the tool's limit of 65,536 bytes."},
		{"17 ok # " + strings.Repeat("n", lesson.MaxNoteBytes+1) + "\n", "Line 1: the note is 1,025 bytes, over the limit of 1,024 bytes."},
	} {
		_, err := Import(c.text)
		if err == nil || LineError(err) != c.says {
			t.Errorf("Import: %v, want %q", err, c.says)
		}
	}
}
