package lesson

import (
	"reflect"
	"testing"
)

func savedTried(saved string) []Tried {
	s, _ := DecodeSaved(saved)
	return s.Learner
}

// FuzzDecodeSaved: whatever the saved copy holds, reading its history never panics, keeps at most
// MaxTried entries with a tool and an input, and what it read saves and reads back the same.
func FuzzDecodeSaved(f *testing.F) {
	for _, doc := range []string{
		`{"rows":[],"learner":[{"tool":"get_job","input":"0017"}]}`,
		`{"rows":[{"input":"17"}]}`,
		`{"learner":[1,{"tool":"get_job"},{"tool":"get_user","input":"usr_8f3a","x":[1]}]}`,
		`{"learner":[{"tool":"get_job","input":"a"}],"learner":[]}`,
		`[]`, `{"learner":`,
	} {
		f.Add(EncodeShareRaw([]byte(doc)))
	}
	f.Fuzz(func(t *testing.T, saved string) {
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
