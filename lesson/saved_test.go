package lesson

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func savedTried(saved string) []Tried {
	s, _ := DecodeSaved(saved)
	return s.Learner
}

// FuzzDecodeSaved: whatever the saved copy holds, reading it never panics; an error wraps
// ErrShare within the readers' bound (MaxMessageBytes and its prefixes); the locks are rows of
// the table, ascending, each once; the history keeps at most MaxTried entries with a tool and an
// input, and what it read saves and reads back the same. Its seeds are here and in
// testdata/fuzz/FuzzDecodeSaved, copies of about 1 MB among them.
func FuzzDecodeSaved(f *testing.F) {
	big := strings.Repeat("m", 1<<20-100)
	for _, doc := range []string{
		`{"rows":[],"learner":[{"tool":"get_job","input":"0017"}]}`,
		`{"rows":[{"input":"17"}]}`,
		`{"learner":[1,{"tool":"get_job"},{"tool":"get_user","input":"usr_8f3a","x":[1]}]}`,
		`{"learner":[{"tool":"get_job","input":"a"}],"learner":[]}`,
		`[]`, `{"learner":`,
		`{"rows":[],"learner":[` + strings.Repeat(`{"tool":"get_job","input":"0017"},`, 30000) + `0],"locked":[` + strings.Repeat("9,", 300000) + `1]}`,
		`{"mode":"` + big + `","rows":[],"learner":[{"tool":"get_job","input":"17"}]}`,
		`{"rows":[{"input":"17","want":"` + big + `"}],"locked":[0]}`,
	} {
		f.Add(EncodeShareRaw([]byte(doc)))
	}
	f.Fuzz(func(t *testing.T, saved string) {
		s, err := DecodeSaved(saved)
		if err != nil && (!errors.Is(err, ErrShare) || len(err.Error()) > MaxMessageBytes+100) {
			t.Fatalf("a %d-byte error %.300q", len(err.Error()), err)
		}
		for i, l := range s.Locked {
			if l < 0 || l >= len(s.Table.Rows) || i > 0 && l <= s.Locked[i-1] {
				t.Fatalf("locks %v of %d rows", s.Locked, len(s.Table.Rows))
			}
		}
		tried := savedTried(saved)
		if len(tried) > MaxTried {
			t.Fatalf("%d entries", len(tried))
		}
		for _, tr := range tried {
			if tr.Tool == "" || tr.Input == "" {
				t.Fatalf("an empty entry %+v", tr)
			}
		}
		if back := savedTried(EncodeSaved(Saved{Learner: tried})); !reflect.DeepEqual(back, keptTried(tried)) {
			t.Fatalf("read %+v, saved and read back %+v", tried, back)
		}
	})
}

// The saved copy keeps the rows Run locked: they come back as they were saved, indexes that
// name no row of the table are dropped, a copy without them (as older pages saved it) has none,
// and a share link of the same table carries none.
func TestSavedLocks(t *testing.T) {
	tb := Worksheet(Classroom())
	s, err := DecodeSaved(EncodeSaved(Saved{Table: tb, Locked: []int{0, 2, 5, 6, 9}}))
	if err != nil || !reflect.DeepEqual(s.Locked, []int{0, 2, 5}) {
		t.Errorf("locks read back as %v (%v)", s.Locked, err)
	}
	if s, _ := DecodeSaved(EncodeSaved(Saved{Table: tb, Locked: []int{1}, Learner: []Tried{{"get_job", "0017"}}})); !reflect.DeepEqual(s.Locked, []int{1}) || len(s.Learner) != 1 {
		t.Errorf("with a history, locks %v and history %v", s.Locked, s.Learner)
	}
	if s, _ := DecodeSaved(EncodeShare(tb)); s.Locked != nil {
		t.Errorf("a copy without locks reads %v", s.Locked)
	}
	for doc, want := range map[string][]int{
		`{"rows":[{"input":"1"},{"input":"2"}],"locked":[1,0,1,"x",-1,1.5,7,{}]}`: {0, 1},
		`{"rows":[{"input":"1"}],"locked":{"0":true}}`:                            nil,
		`{"rows":[{"input":"1"},{"want":2}],"locked":[0]}`:                        nil, // an unreadable row shifts the indexes
	} {
		if s, _ := DecodeSaved(EncodeShareRaw([]byte(doc))); !reflect.DeepEqual(s.Locked, want) {
			t.Errorf("%s: locks %v, want %v", doc, s.Locked, want)
		}
	}
	if shared, _ := DecodeShare(EncodeSaved(Saved{Table: tb, Locked: []int{0}})); !reflect.DeepEqual(shared, tb) {
		t.Errorf("the saved copy reads as another table: %+v", shared)
	}
}

// FuzzSavedLocks: whatever the locks of a saved copy hold, they come back ascending, each once,
// naming rows of the table, and save and read back the same.
func FuzzSavedLocks(f *testing.F) {
	f.Add(`[0,1,2]`, 3)
	f.Add(`[2,2,-1,"1",1e1,0.5]`, 2)
	f.Add(`[`, 1)
	f.Fuzz(func(t *testing.T, locked string, n int) {
		n = max(0, min(n, 50))
		doc := `{"mode":"predict","rows":[` + strings.Repeat(`{"input":"1"},`, n)
		doc = strings.TrimSuffix(doc, ",") + `],"locked":` + locked + `}`
		s, err := DecodeSaved(EncodeShareRaw([]byte(doc)))
		if err != nil {
			if s.Locked != nil {
				t.Fatalf("an unreadable copy kept locks %v", s.Locked)
			}
			return
		}
		for k, i := range s.Locked {
			if i < 0 || i >= len(s.Table.Rows) || (k > 0 && i <= s.Locked[k-1]) {
				t.Fatalf("locks %v for %d rows", s.Locked, len(s.Table.Rows))
			}
		}
		back, err := DecodeSaved(EncodeSaved(s))
		if err != nil || !reflect.DeepEqual(back.Locked, s.Locked) {
			t.Fatalf("locks %v saved and read back as %v (%v)", s.Locked, back.Locked, err)
		}
	})
}

// TestKeptLocked: the rows a Saved keeps locked come out ascending, each once, in range.
func TestKeptLocked(t *testing.T) {
	for _, c := range []struct {
		in   []int
		n    int
		want []int
	}{
		{[]int{5, 2, 2, 0, 9, -1}, 6, []int{0, 2, 5}},
		{[]int{3, 1}, 2, []int{1}},
		{[]int{7}, 3, nil},
		{nil, 0, nil},
	} {
		if got := keptLocked(slices.Clone(c.in), c.n); !reflect.DeepEqual(got, c.want) {
			t.Errorf("keptLocked(%v, %d) = %v, want %v", c.in, c.n, got, c.want)
		}
	}
}
