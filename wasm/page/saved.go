package page

// The saved copy: what the page keeps in localStorage under StorageKey. It is the table's share
// payload (lesson.EncodeShare) with one more member after "rows", "learner": the learner's
// history, [{"tool":"get_job","input":"0017"}, …], oldest first. A share link never carries it
// (the history is this browser's, not the table's), and a copy without it, as older pages saved
// it, is read as a history that is empty. lesson.DecodeShare skips the member, so the table
// reads the same with or without it.

import (
	"bytes"
	"encoding/base64"

	"coerceplayground/internal/jsonwalk"
	"coerceplayground/lesson"
	"github.com/go-json-experiment/json/jsontext"
)

// Saved is what the page writes to localStorage: the table (without its blank rows) and the
// learner's history as far as MaxTriedBytes allows.
func (s *State) Saved() string {
	tried := make([]Tried, len(s.learner))
	for i, a := range s.learner {
		tried[i] = a.Tried
	}
	return EncodeSaved(Kept(s.table), tried)
}

// EncodeSaved is the saved copy of t and the history tried (oldest first). The newest entries
// whose inputs add up to MaxTriedBytes are kept; should the history push the copy over what a
// link may hold, it is left out: the table matters more.
func EncodeSaved(t lesson.Table, tried []Tried) string {
	table := lesson.ShareJSON(t)
	keep := keptTried(tried)
	if len(keep) == 0 {
		return base64.RawURLEncoding.EncodeToString(table)
	}
	b := append([]byte(nil), table[:len(table)-1]...) // without the closing brace
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
	if base64.RawURLEncoding.EncodedLen(len(b)) > lesson.MaxShareBytes {
		return base64.RawURLEncoding.EncodeToString(table)
	}
	return base64.RawURLEncoding.EncodeToString(b)
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

// SavedTried reads the learner's history out of a saved copy, oldest first: nil for a copy
// without one (an older page's) and for a copy that cannot be read. An entry that is not a
// string tool and input is skipped, and only the newest MaxTried are kept: the history is a
// convenience and never keeps the table from loading.
func SavedTried(saved string) []Tried {
	if saved == "" || len(saved) > lesson.MaxShareBytes {
		return nil
	}
	for len(saved) > 0 && saved[len(saved)-1] == '=' {
		saved = saved[:len(saved)-1]
	}
	raw, err := base64.RawURLEncoding.DecodeString(saved)
	if err != nil {
		return nil
	}
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	var out []Tried
	err = jsonwalk.Members(dec, func(key string) error {
		if key != "learner" || dec.PeekKind() != '[' {
			return dec.SkipValue()
		}
		dec.ReadToken()
		for dec.PeekKind() != ']' {
			t, ok := readTried(dec)
			if !ok {
				return jsonwalk.ErrSyntax
			}
			if t.Tool != "" && t.Input != "" {
				out = append(out, t)
			}
		}
		_, err := dec.ReadToken()
		return err
	})
	if err != nil {
		return nil
	}
	if len(out) > MaxTried {
		out = out[len(out)-MaxTried:]
	}
	return out
}

// readTried reads one {"tool", "input"} entry; members of another kind are skipped, and ok is
// false only when the JSON itself breaks.
func readTried(dec *jsontext.Decoder) (t Tried, ok bool) {
	if dec.PeekKind() != '{' {
		return t, dec.SkipValue() == nil
	}
	err := jsonwalk.Members(dec, func(key string) error {
		if (key == "tool" || key == "input") && dec.PeekKind() == '"' {
			v, _ := jsonwalk.String(dec)
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
