package page

import (
	"strconv"
	"unicode/utf8"
)

// A Stamp is many rows of one view drawn in one call into JavaScript: a template row per kind
// of row (a Node), the slots that every clone of a kind fills, and for each row its kind and
// the values of its slots. The app builds the templates and hands the rest to web/stamp.js as
// one array of bytes (Payload), which clones a template per row and fills each slot with
// textContent, value or setAttribute: learner text only ever goes in as text.
//
// Why not one call into JavaScript per element or attribute, as the rest of the app draws? A
// result row needs about twelve (the clone, its attributes, the texts of its cells, finding the
// cells), and each carries Go values across: every string is copied and gets a reference with a
// finalizer, which the garbage collector then walks. At 10,000 rows that was 120,000 crossings
// and most of a second (docs/performance.md, "The levers, kept and rejected"). The same Stamp draws the
// six rows of the lesson's table and the 10,000 of the largest, so there is one renderer.
//
// Row(i) is row i as a Node, the template with its values filled in by the rules of Fill: what
// the browser's clone must equal, tested natively.
type Stamp struct {
	templates []Node
	slots     [][]Fill // per template: the Path and Name of each slot (Value unused)
	words     []uint32 // per row: its kind, then where each of its slots' values ends in data
	data      []byte   // every value's bytes, one after another
	rows      int
	// units are where each value ends in data decoded as one string, in UTF-16 code units
	// (JavaScript's string indexes); they hold while every value is valid UTF-8 (!invalid).
	units   []uint32
	unit    uint32
	invalid bool
}

// Reset empties s for a new set of rows, keeping its memory.
func (s *Stamp) Reset() {
	s.templates, s.slots, s.words, s.data, s.rows = s.templates[:0], s.slots[:0], s.words[:0], s.data[:0], 0
	s.units, s.unit, s.invalid = s.units[:0], 0, false
}

// Kind adds a kind of row: its template and its slots, each a Path and a Name as in Fill.
func (s *Stamp) Kind(template Node, slots []Fill) int {
	s.templates, s.slots = append(s.templates, template), append(s.slots, slots)
	return len(s.templates) - 1
}

// Row starts a row of kind k; its values follow, one Value, Int or AppendValue per slot, in the
// order of the kind's slots.
func (s *Stamp) Row(k int) {
	s.words = append(s.words, uint32(k))
	s.rows++
}

// Value is the next slot's value.
func (s *Stamp) Value(v string) {
	from := len(s.data)
	s.data = append(s.data, v...)
	s.end(from)
}

// Int is Value for a number.
func (s *Stamp) Int(n int) {
	from := len(s.data)
	s.data = strconv.AppendInt(s.data, int64(n), 10)
	s.end(from)
}

// AppendValue is Value for a value the caller writes itself: app appends it to b and returns
// b, so a long value (a trace's JSON) is not first built as a string of its own.
func (s *Stamp) AppendValue(app func(b []byte) []byte) {
	from := len(s.data)
	s.data = app(s.data)
	s.end(from)
}

// end ends the value written since data[from].
func (s *Stamp) end(from int) {
	v := s.data[from:]
	if !s.invalid && !utf8.Valid(v) {
		s.invalid = true
	}
	// In valid UTF-8 every byte but a continuation byte starts a character, and a four-byte
	// character is two UTF-16 code units.
	n := uint32(0)
	for _, b := range v {
		if b&0xC0 != 0x80 {
			n++
		}
		if b >= 0xF0 {
			n++
		}
	}
	s.unit += n
	s.words = append(s.words, uint32(len(s.data)))
	s.units = append(s.units, s.unit)
}

// Len is the number of rows.
func (s *Stamp) Len() int { return s.rows }

// Templates are the kinds' template rows, in kind order.
func (s *Stamp) Templates() []Node { return s.templates }

// Slots are the kinds' slots as stamp.js reads them: per kind, per slot, the name (FillText,
// FillValue or an attribute's) and then the path.
func (s *Stamp) Slots() []any {
	out := make([]any, len(s.slots))
	for k, slots := range s.slots {
		ks := make([]any, len(slots))
		for j, f := range slots {
			sl := []any{f.Name}
			for _, i := range f.Path {
				sl = append(sl, i)
			}
			ks[j] = sl
		}
		out[k] = ks
	}
	return out
}

// Words are the rows as stamp.js reads them, 32-bit little-endian words (as DataView reads
// them), appended to buf[:0]: per row its kind, then the end of each of its slots' values.
//
// When Units, the ends count UTF-16 code units in Data decoded as one string: stamp.js decodes
// the bytes once and cuts the string. Otherwise (a value is not valid UTF-8, which the lesson's
// tables never hold) they count bytes, and stamp.js decodes each value by itself, as syscall/js
// decodes a Go string, so the bad bytes of one value cannot run into the next.
func (s *Stamp) Words(buf []byte) []byte {
	b, e := buf[:0], 0
	for i := 0; i < len(s.words); {
		k := s.words[i]
		b = appendUint32(b, k)
		i++
		for range s.slots[k] {
			end := s.words[i]
			if !s.invalid {
				end = s.units[e]
			}
			b = appendUint32(b, end)
			i, e = i+1, e+1
		}
	}
	return b
}

// appendUint32 appends v little-endian (encoding/binary would bring reflect into app.wasm).
func appendUint32(b []byte, v uint32) []byte {
	return append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
}

// Units reports whether Words counts UTF-16 code units rather than bytes.
func (s *Stamp) Units() bool { return !s.invalid }

// Data is every value's bytes, one after another.
func (s *Stamp) Data() []byte { return s.data }

// RowNode is row i as a Node: its template with its values filled in by the rules of Fill, what
// stamp.js's clone must equal.
func (s *Stamp) RowNode(i int) Node {
	w, start := 0, uint32(0)
	for r := 0; r < i; r++ {
		if n := len(s.slots[s.words[w]]); n > 0 {
			start = s.words[w+n]
		}
		w += 1 + len(s.slots[s.words[w]])
	}
	k := s.words[w]
	n := s.templates[k]
	for j, f := range s.slots[k] {
		end := s.words[w+1+j]
		n = fill(n, f.Path, f.Name, string(s.data[start:end]))
		start = end
	}
	return n
}
