package webbuild

// Joining app.wasm's data segments. Go's wasm linker starts a new data segment after every run
// of 8 or more zero bytes, which makes the raw file smallest: about 66,000 segments for
// app.wasm. Each segment has a header (memory index, an i32.const address, end, a length), and
// since every header holds a different address, brotli and gzip compress them poorly, while
// they squeeze a run of zeros to almost nothing. [PackData] joins segments across short zero
// runs: the raw file grows, the served one shrinks (docs/performance.md has the figures).

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// packGap is the shortest run of zero bytes that still separates two segments after
// [PackData]. Measured on app.wasm (brotli -q 11): every gap from 24 to 4096 bytes gives the
// same size within 0.2 %; 64 keeps the raw file within a few KB of the smallest of those.
const packGap = 64

// dataSegment is one active segment of a data section: its bytes are copied to memory at addr
// when the module is instantiated; every other byte of the memory starts as zero.
type dataSegment struct {
	addr int
	data []byte
}

// PackData returns bin with its data section written anew from the memory it initialises:
// one segment for each stretch of that memory that holds no run of minGap or more zero bytes,
// the shorter runs written out. The memory the module starts with is the same byte for byte
// (a byte that two segments wrote is written once, with the later one's value). A module
// whose data section holds anything but active segments of memory 0 at constant addresses
// (what Go writes), or that has a data count section, is returned unchanged: packing is a
// size optimisation and never worth a wrong module.
func PackData(bin []byte, minGap int) ([]byte, error) {
	out, err := rewriteData(bin, max(minGap, 1), nil)
	if errors.Is(err, errNotGoData) {
		return bin, nil
	}
	return out, err
}

// errNotGoData marks a module whose data are not what Go's linker writes: [PackData] leaves
// such a module alone, [StripTraceback] refuses it.
var errNotGoData = errors.New("the module's data are not Go's")

// rewriteData is the one walk over a module's sections that [PackData] and [StripTraceback]
// share: it returns bin with its data section replaced by the memory f makes of the one it
// initialises (the same memory when f is nil), written packed with minGap. A module whose
// data are not Go's (passive segments, another memory, a data count section, none at all) is
// an error wrapping errNotGoData; a broken one is another error.
func rewriteData(bin []byte, minGap int, f func(mem []byte) ([]byte, error)) ([]byte, error) {
	if len(bin) < 8 || string(bin[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	out := append(make([]byte, 0, len(bin)), bin[:8]...)
	r := &reader{b: bin, off: 8}
	found := false
	for r.off < len(r.b) {
		start := r.off
		id := r.byte()
		size := r.uleb()
		if r.err != nil || r.off+size > len(r.b) {
			return nil, errors.New("a section runs past the end of the module")
		}
		body := r.b[r.off : r.off+size]
		r.off += size
		switch id {
		case 12:
			return nil, fmt.Errorf("%w: it has a data count section, which Go does not write", errNotGoData)
		case 11:
			sec, err := rewriteSection(body, minGap, f)
			if err != nil {
				return nil, err
			}
			out = binary.AppendUvarint(append(out, 11), uint64(len(sec)))
			out = append(out, sec...)
			found = true
		default:
			out = append(out, bin[start:r.off]...)
		}
	}
	if !found {
		return nil, fmt.Errorf("%w: it has no data section", errNotGoData)
	}
	return out, nil
}

// rewriteSection is rewriteData's work on the data section's body.
func rewriteSection(body []byte, minGap int, f func(mem []byte) ([]byte, error)) ([]byte, error) {
	segs, ok, err := readSegments(body)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: the data section holds segments Go does not write", errNotGoData)
	}
	mem := image(segs)
	if mem == nil {
		return nil, fmt.Errorf("%w: the data segments reach past 256 MB", errNotGoData)
	}
	if f != nil {
		if mem, err = f(mem); err != nil {
			return nil, err
		}
	}
	return writeSegments(split(mem, minGap)), nil
}

// readSegments reads a data section; ok is false when a segment is of a kind PackData leaves
// alone (passive, another memory, an address that is not an i32.const).
func readSegments(body []byte) (segs []dataSegment, ok bool, err error) {
	r := &reader{b: body}
	for n := r.uleb(); n > 0 && r.err == nil; n-- {
		if r.uleb() != 0 || r.byte() != 0x41 { // active, memory 0; i32.const
			return nil, false, r.err
		}
		addr := r.sleb32()
		if r.byte() != 0x0b || addr < 0 { // end of the constant expression
			return nil, false, r.err
		}
		segs = append(segs, dataSegment{addr: addr, data: r.bytes(r.uleb())})
	}
	if r.err == nil && r.off != len(r.b) {
		r.err = errors.New("bytes after the last data segment")
	}
	if r.err != nil {
		return nil, false, r.err
	}
	return segs, true, nil
}

// maxImage bounds the memory image PackData builds: Go's data fill a few MB; a module whose
// segments reach further is left as it is.
const maxImage = 1 << 28

// image is the memory segs leave behind, applied in order to zeroed memory (a later segment
// overwrites an earlier one), up to the last byte any of them writes; nil past maxImage.
func image(segs []dataSegment) []byte {
	end := 0
	for _, s := range segs {
		end = max(end, s.addr+len(s.data))
	}
	if end > maxImage {
		return nil
	}
	mem := make([]byte, end)
	for _, s := range segs {
		copy(mem[s.addr:], s.data)
	}
	return mem
}

// split cuts mem into segments that leave out every run of at least minGap zero bytes (and
// the zeros at either end); shorter runs stay inside a segment.
func split(mem []byte, minGap int) []dataSegment {
	var out []dataSegment
	for i := 0; i < len(mem); {
		if mem[i] == 0 {
			i++
			continue
		}
		start, last := i, i // last: the segment's last non-zero byte so far
		for i++; i < len(mem) && i-last <= minGap; i++ {
			if mem[i] != 0 {
				last = i
			}
		}
		out = append(out, dataSegment{addr: start, data: mem[start : last+1]})
		i = last + 1
	}
	return out
}

// writeSegments encodes segments as the body of a data section.
func writeSegments(segs []dataSegment) []byte {
	b := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41) // active, memory 0; i32.const
		b = appendSleb(b, int64(s.addr))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// appendSleb appends v as a signed LEB128 integer, as an i32.const holds it.
func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// sleb32 reads a signed LEB128 integer of at most 32 bits.
func (r *reader) sleb32() int {
	var v int64
	for shift := 0; r.err == nil; shift += 7 {
		if shift >= 35 {
			r.err = errors.New("bad LEB128 integer")
			return 0
		}
		c := r.byte()
		v |= int64(c&0x7f) << shift
		if c&0x80 == 0 {
			if c&0x40 != 0 {
				v -= 1 << (shift + 7)
			}
			return int(v)
		}
	}
	return 0
}
