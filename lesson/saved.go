package lesson

// The saved copy: what the page keeps in the browser's storage. It is the table's share payload
// (EncodeShare) with up to two more members after "rows": "locked", the rows (from 0, in table
// order) whose prediction Run locked, [0,1,2], and "learner", the learner's history,
// [{"tool":"get_job","input":"0017"}, …], oldest first. A share link never carries them (the
// locks and the history are this browser's, not the table's); a copy without them, as older
// pages saved it, has no locks and an empty history, and DecodeShare skips both members, so the
// table reads the same either way.

import (
	"encoding/base64"
	"strconv"

	"coerceplayground/internal/jsontree"
	"github.com/go-json-experiment/json/jsontext"
)

// Tried is one input of the learner box, as the saved copy keeps it.
type Tried struct {
	Tool, Input string
}

// Bounds on the learner's history. The page shows the last MaxTried attempts; the saved copy
// keeps the newest of them whose inputs add up to at most MaxTriedBytes (an input too long to
// keep is left out of it, the others are kept), so the history never crowds the table out of
// the browser's storage.
const (
	MaxTried      = 20
	MaxTriedBytes = 16 << 10
)

// Saved is the saved copy as one value: the table, the rows whose prediction is locked (their
// indexes in Table.Rows, ascending: a reload must not unlock a prediction made before its
// result was shown) and the learner's history, oldest first.
type Saved struct {
	Table   Table
	Locked  []int
	Learner []Tried
}

// EncodeSaved is the saved copy of s. The newest entries of the history whose inputs add up to
// MaxTriedBytes are kept; should the history push the copy over what a link may hold, it is
// left out: the table matters more.
func EncodeSaved(s Saved) string {
	keep := keptTried(s.Learner)
	locked := appendLocked(nil, s.Locked, len(s.Table.Rows))
	table := append(appendTableMembers([]byte{'{'}, s.Table), locked...)
	table = append(table, '}')
	if len(keep) == 0 {
		return base64.RawURLEncoding.EncodeToString(table)
	}
	b := append(appendTableMembers([]byte{'{'}, s.Table), locked...)
	b = append(b, `,"learner":[`...)
	for i, tr := range keep {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"tool":`...)
		b, _ = jsontext.AppendQuote(b, tr.Tool)
		b = append(b, `,"input":`...)
		b, _ = jsontext.AppendQuote(b, tr.Input)
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	if base64.RawURLEncoding.EncodedLen(len(b)) > MaxShareBytes {
		return base64.RawURLEncoding.EncodeToString(table)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// appendLocked appends the "locked" member for the rows locked of a table of n rows, or nothing
// when none is: indexes out of range, repeated or out of order are left out.
func appendLocked(b []byte, locked []int, n int) []byte {
	last := -1
	for _, i := range locked {
		if i <= last || i >= n {
			continue
		}
		if last < 0 {
			b = append(b, `,"locked":[`...)
		} else {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(i), 10)
		last = i
	}
	if last >= 0 {
		b = append(b, ']')
	}
	return b
}

// keptTried is the part of tried the saved copy keeps, oldest first: the newest MaxTried entries
// whose inputs fit in MaxTriedBytes together, skipping any that would not fit.
func keptTried(tried []Tried) []Tried {
	var keep []Tried
	size := 0
	for i := len(tried) - 1; i >= 0 && len(keep) < MaxTried; i-- {
		n := len(tried[i].Input)
		if size+n > MaxTriedBytes {
			continue
		}
		size += n
		keep = append(keep, tried[i])
	}
	for i, j := 0, len(keep)-1; i < j; i, j = i+1, j-1 {
		keep[i], keep[j] = keep[j], keep[i]
	}
	return keep
}

// DecodeSaved reads a saved copy in one pass. The table is read as DecodeShare reads it, with
// its errors (an *UnreadableRows still comes with the history). The locks and the history never
// keep the table from loading: a lock that is not a row of the table is left out (so are all
// of them when the table has unreadable rows: the indexes would name other rows), an entry of
// the history that is not a string tool and input is skipped, and only the newest MaxTried are
// kept.
func DecodeSaved(payload string) (Saved, error) {
	raw, err := unbase64(payload)
	if err != nil {
		return Saved{}, err
	}
	var s Saved
	var locked []int
	s.Table, err = decodeTable(raw, func(key string, dec *jsontext.Decoder) error {
		switch {
		case dec.PeekKind() != '[':
			return dec.SkipValue()
		case key == "learner":
			return readLearner(dec, &s.Learner)
		case key == "locked":
			return readLocked(dec, &locked)
		}
		return dec.SkipValue()
	})
	if err != nil && !jsontext.Value(raw).IsValid() {
		s.Learner = nil // broken JSON: nothing in it is to be trusted
	}
	if err == nil {
		s.Locked = keptLocked(locked, len(s.Table.Rows))
	}
	if len(s.Learner) > MaxTried {
		s.Learner = s.Learner[len(s.Learner)-MaxTried:]
	}
	return s, err
}

// readLocked reads the "locked" list into out: the numbers that are whole and not negative;
// anything else in it is skipped.
func readLocked(dec *jsontext.Decoder, out *[]int) error {
	dec.ReadToken()
	for dec.PeekKind() != ']' {
		if dec.PeekKind() != '0' {
			if err := dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if i, err := strconv.Atoi(tok.String()); err == nil && i >= 0 && i < MaxRows {
			*out = append(*out, i)
		}
	}
	_, err := dec.ReadToken()
	return err
}

// keptLocked is locked as a Saved holds it for a table of n rows: ascending, each once, in range.
// Marked in a table of n, not sorted: slices.Sort on []int would link a pdqsort of its own.
func keptLocked(locked []int, n int) []int {
	seen := make([]bool, max(n, 0))
	k := 0
	for _, i := range locked {
		if i >= 0 && i < n && !seen[i] {
			seen[i] = true
			k++
		}
	}
	if k == 0 {
		return nil
	}
	out := locked[:0]
	for i, ok := range seen {
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// readLearner reads the "learner" list into out.
func readLearner(dec *jsontext.Decoder, out *[]Tried) error {
	dec.ReadToken()
	for dec.PeekKind() != ']' {
		t, ok := readTried(dec)
		if !ok {
			return jsontree.ErrSyntax
		}
		if t.Tool != "" && t.Input != "" {
			*out = append(*out, t)
		}
	}
	_, err := dec.ReadToken()
	return err
}

// readTried reads one {"tool", "input"} entry; members of another kind are skipped, and ok is
// false only when the JSON itself breaks.
func readTried(dec *jsontext.Decoder) (t Tried, ok bool) {
	if dec.PeekKind() != '{' {
		return t, dec.SkipValue() == nil
	}
	err := jsontree.Members(dec, func(key string) error {
		if (key == "tool" || key == "input") && dec.PeekKind() == '"' {
			v, _ := jsontree.String(dec)
			if key == "tool" {
				t.Tool = v
			} else {
				t.Input = v
			}
			return nil
		}
		return dec.SkipValue()
	})
	return t, err == nil
}
