package page

import (
	"encoding/binary"
	"slices"
	"testing"
)

// A Stamp's rows read back as their templates with their values in (RowNode), and Words and
// Data carry exactly what stamp.js needs to do the same: per row its kind and where each value
// ends.
func TestStamp(t *testing.T) {
	var s Stamp
	for round := range 2 { // the second round reuses the memory of the first (Reset)
		s.Reset()
		cell := s.Kind(E("tr", "class", "a").With(E("td"), E("td").With(E("span"))),
			[]Fill{{nil, "data-x", ""}, {[]int{0}, FillText, ""}, {[]int{1, 0}, FillText, ""}})
		bare := s.Kind(E("tr", "class", "bare").With(E("td").Say("fixed")), nil)
		s.Row(cell)
		s.Value(`say "hi" & <b>`)
		s.Int(1)
		s.AppendValue(func(b []byte) []byte { return append(b, "é€😀"...) })
		s.Row(bare)
		s.Row(cell)
		s.Value("")
		s.Int(3)
		s.Value("last")

		if s.Len() != 3 {
			t.Fatalf("round %d: Len = %d, want 3", round, s.Len())
		}
		want := []string{
			`<tr class="a" data-x="say &quot;hi&quot; &amp; &lt;b&gt;"><td>1</td><td><span>é€😀</span></td></tr>`,
			`<tr class="bare"><td>fixed</td></tr>`,
			`<tr class="a" data-x><td>3</td><td><span>last</span></td></tr>`,
		}
		for i, w := range want {
			if got := s.RowNode(i).HTML(); got != w {
				t.Errorf("round %d: row %d = %s, want %s", round, i, got, w)
			}
		}
		data := `say "hi" & <b>` + "1" + "é€😀" + "" + "3" + "last"
		if string(s.Data()) != data {
			t.Errorf("round %d: Data = %q, want %q", round, s.Data(), data)
		}
		b := s.Words(nil)
		var words []uint32
		for i := 0; i+4 <= len(b); i += 4 {
			words = append(words, binary.LittleEndian.Uint32(b[i:]))
		}
		// The ends count UTF-16 code units: é and € are one each, 😀 two.
		wantWords := []uint32{
			uint32(cell), 14, 15, 19,
			uint32(bare),
			uint32(cell), 19, 20, 24,
		}
		if !s.Units() || len(b)%4 != 0 || !slices.Equal(words, wantWords) {
			t.Errorf("round %d: Words = %v (%d bytes, units %t), want %v in units", round, words, len(b), s.Units(), wantWords)
		}
		slots := s.Slots()
		if len(slots) != 2 || len(slots[1].([]any)) != 0 {
			t.Fatalf("round %d: Slots = %v", round, slots)
		}
		if got := slots[0].([]any)[2].([]any); len(got) != 3 || got[0] != FillText || got[1] != 1 || got[2] != 0 {
			t.Errorf("round %d: the third slot is %v, want [%s 1 0]", round, got, FillText)
		}
	}
}

// A value that is not valid UTF-8 makes the ends count bytes, so that stamp.js decodes each value
// by itself and the bad bytes of one cannot run into the next.
func TestStampInvalidUTF8(t *testing.T) {
	var s Stamp
	k := s.Kind(E("p"), []Fill{{nil, FillText, ""}})
	for _, v := range []string{"é", "\xe2\x82", "\xacb"} {
		s.Row(k)
		s.Value(v)
	}
	b := s.Words(nil)
	var words []uint32
	for i := 0; i+4 <= len(b); i += 4 {
		words = append(words, binary.LittleEndian.Uint32(b[i:]))
	}
	if want := []uint32{uint32(k), 2, uint32(k), 4, uint32(k), 6}; s.Units() || !slices.Equal(words, want) {
		t.Errorf("Words = %v (units %t), want %v in bytes", words, s.Units(), want)
	}
	s.Reset()
	s.Kind(E("p"), []Fill{{nil, FillText, ""}})
	s.Row(0)
	s.Value("é")
	if !s.Units() {
		t.Errorf("after Reset, a valid value counts bytes")
	}
}
