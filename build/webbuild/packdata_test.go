package webbuild

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// moduleWith is a wasm binary with a type section, the given data section body and a custom
// section after it, which PackData must carry over unchanged.
func moduleWith(data []byte) []byte {
	b := []byte("\x00asm\x01\x00\x00\x00")
	sec := func(id byte, body []byte) {
		b = append(b, id)
		b = binary.AppendUvarint(b, uint64(len(body)))
		b = append(b, body...)
	}
	sec(1, []byte{1, 0x60, 0, 0})
	sec(11, data)
	sec(0, []byte{4, 'n', 'o', 't', 'e', 'x', 'y'})
	return b
}

// memoryImage is the memory a module starts with: its active segments applied in order to
// zeroed memory, and the bytes after its data section.
func memoryImage(t *testing.T, bin []byte) (mem []byte, segs int, rest []byte) {
	t.Helper()
	r := &reader{b: bin, off: 8}
	for r.off < len(r.b) {
		id := r.byte()
		body := r.bytes(r.uleb())
		if r.err != nil {
			t.Fatalf("reading the module: %v", r.err)
		}
		if id == 11 {
			list, ok, err := readSegments(body)
			if err != nil || !ok {
				t.Fatalf("reading the data section: ok %v, %v", ok, err)
			}
			for _, s := range list {
				if end := s.addr + len(s.data); end > len(mem) {
					mem = append(mem, make([]byte, end-len(mem))...)
				}
				copy(mem[s.addr:], s.data)
			}
			segs = len(list)
			rest = r.b[r.off:]
		}
	}
	return mem, segs, rest
}

func TestPackData(t *testing.T) {
	segs := []dataSegment{
		{addr: 100, data: []byte("ab")},
		{addr: 105, data: []byte("cd")},   // 3 zeros after "ab": one segment
		{addr: 300, data: []byte("ef")},   // 193 zeros: a segment of its own
		{addr: 310, data: []byte("\x00")}, // only a zero: no segment
		{addr: 10, data: []byte("gh")},    // backwards: still written
		{addr: 11, data: []byte("ZZ")},    // over the one before: written after it
		{addr: 70000, data: []byte("ij")},
	}
	in := moduleWith(writeSegments(segs))
	out, err := PackData(in, packGap)
	if err != nil {
		t.Fatal(err)
	}
	memIn, nIn, restIn := memoryImage(t, in)
	memOut, nOut, restOut := memoryImage(t, out)
	if !bytes.Equal(memIn, memOut) {
		t.Errorf("the memory differs after packing:\n in %q\nout %q", memIn, memOut)
	}
	if nIn != 7 || nOut != 4 {
		t.Errorf("segments %d -> %d, want 7 -> 4", nIn, nOut)
	}
	if !bytes.Equal(restIn, restOut) {
		t.Errorf("the sections after the data changed: %q -> %q", restIn, restOut)
	}
	if string(memOut[10:13]) != "gZZ" || string(memOut[100:107]) != "ab\x00\x00\x00cd" {
		t.Errorf("memory at 10 %q, at 100 %q", memOut[10:13], memOut[100:107])
	}
}

// TestPackDataLeavesOtherKindsAlone: a passive segment, another memory or a data count
// section make PackData return the module as it is; broken ones are errors.
func TestPackDataLeavesOtherKindsAlone(t *testing.T) {
	passive := moduleWith([]byte{2, 1, 2, 'a', 'b', 0, 0x41, 9, 0x0b, 1, 'c'})
	for name, bin := range map[string][]byte{
		"passive segment":    passive,
		"memory index 2":     moduleWith([]byte{1, 2, 0, 0x41, 0, 0x0b, 1, 'a'}),
		"global address":     moduleWith([]byte{1, 0, 0x23, 0, 0x0b, 1, 'a'}),
		"data count section": append(moduleWith(writeSegments([]dataSegment{{1, []byte("a")}, {3, []byte("b")}})), 12, 1, 2),
	} {
		out, err := PackData(bin, packGap)
		if err != nil || !bytes.Equal(out, bin) {
			t.Errorf("%s: PackData changed the module (err %v)", name, err)
		}
	}
	full := moduleWith(writeSegments([]dataSegment{{1, []byte("abc")}}))
	for name, bin := range map[string][]byte{
		"empty":            nil,
		"not wasm":         []byte("\x7fELF\x02\x01\x01\x00"),
		"section too long": full[:len(full)-3],
		"segment too long": moduleWith([]byte{1, 0, 0x41, 1, 0x0b, 9, 'a'}),
		"trailing bytes":   moduleWith(append(writeSegments([]dataSegment{{1, []byte("a")}}), 7)),
	} {
		if _, err := PackData(bin, packGap); err == nil {
			t.Errorf("%s: PackData accepted a broken module", name)
		}
	}
}

// FuzzPackData: whatever the module, PackData either refuses it or returns one whose memory
// is the same byte for byte.
func FuzzPackData(f *testing.F) {
	f.Add(writeSegments([]dataSegment{{0, []byte("a")}, {2, []byte("b")}, {1000, []byte("c")}}), 64)
	f.Add(writeSegments([]dataSegment{{40, []byte("ab")}, {3, []byte("b")}, {41, []byte("xyz")}}), 8)
	f.Add([]byte{1, 0, 0x41, 0x80, 0x80, 0x04, 0x0b, 2, 1, 2}, 1<<20)
	f.Fuzz(func(t *testing.T, data []byte, gap int) {
		if gap < 0 || gap > 1<<16 {
			return
		}
		segs, ok, err := readSegments(data)
		if err != nil || !ok {
			return
		}
		for _, s := range segs {
			if s.addr+len(s.data) > 1<<20 {
				return // keep the images small
			}
		}
		in := moduleWith(data)
		out, err := PackData(in, gap)
		if err != nil {
			t.Fatalf("PackData refused a module readSegments reads: %v", err)
		}
		memIn, _, _ := memoryImage(t, in)
		memOut, _, _ := memoryImage(t, out)
		// Trailing zeros are the same memory: compare up to the longer image's last non-zero.
		if !bytes.Equal(bytes.TrimRight(memIn, "\x00"), bytes.TrimRight(memOut, "\x00")) {
			t.Fatalf("memory differs after packing with gap %d", gap)
		}
	})
}
