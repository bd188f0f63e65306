package webbuild

// What app.wasm's data section holds. The name section names functions only, so the data's
// parts are found the way the Go runtime finds them: through runtime.firstmoduledata, whose
// fields give the bounds of the pclntab's tables, the type data and the package variables.

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// DataPart is one part of a Go module's initial memory.
type DataPart struct {
	Name       string
	Start, End int // addresses in linear memory
	Raw        int // bytes, End-Start
	Brotli     int // those bytes brotli-compressed by themselves
}

// pclnMagic starts the pclntab header (runtime.pcHeader) of Go 1.20 and later, followed by two
// zero pads, the minimum instruction size (1 on wasm) and the pointer size (8).
var pclnMagic = []byte{0xf1, 0xff, 0xff, 0xff, 0, 0, 1, 8}

// DataParts splits the memory m's data section initialises into the runtime's tables, in
// memory order. It fails for a module that is not a Go wasm program of a layout it knows.
func DataParts(m *Module, compress bool) ([]DataPart, error) {
	segs, ok, err := readSegments(m.data)
	if err != nil || !ok {
		return nil, errors.New("the data section is not one of active segments")
	}
	mem := image(segs)
	ph, md, err := findModuledata(mem)
	if err != nil {
		return nil, err
	}
	word := func(a int) int { return int(binary.LittleEndian.Uint64(mem[a:])) }
	f := func(i int) int { return word(md + 8*i) } // the i-th word of runtime.moduledata
	slice := func(i, elem int) (int, int) { return f(i), f(i) + elem*f(i+1) }
	var parts []DataPart
	add := func(name string, start, end int) {
		if start >= 0 && start <= end && end <= maxImage {
			parts = append(parts, DataPart{Name: name, Start: start, End: end, Raw: end - start})
		}
	}
	// Word indexes of runtime/symtab.go's moduledata: 1 funcnametab, 4 cutab, 7 filetab, 10
	// pctab, 13 pclntable, 24-25 noptrdata, 26-27 data, 39 rodata, 40 gofunc, 41 epclntab.
	add("read-only data (types, strings)", f(39), ph)
	add("pclntab: function names", f(1), f(1)+f(2))
	s, e := slice(4, 4)
	add("pclntab: compilation units", s, e)
	add("pclntab: file names", f(7), f(7)+f(8))
	add("pclntab: PC tables", f(10), f(10)+f(11))
	add("pclntab: function table", f(13), f(13)+f(14))
	add("funcdata and findfunctab", f(40), f(41))
	add("package variables", f(24), f(27))
	if len(parts) != 8 {
		return nil, errors.New("moduledata's bounds do not fit the memory image")
	}
	for _, p := range parts { // the image ends at its last non-zero byte; a part may run on in zeros
		if p.End > len(mem) {
			mem = append(mem, make([]byte, p.End-len(mem))...)
		}
	}
	for i := range parts {
		if compress {
			br, err := Brotli(mem[parts[i].Start:parts[i].End])
			if err != nil {
				return nil, err
			}
			parts[i].Brotli = len(br)
		}
	}
	return parts, nil
}

// findModuledata returns the addresses of the pclntab header (runtime.pcHeader) and of
// runtime.firstmoduledata in a Go module's memory image.
func findModuledata(mem []byte) (ph, md int, err error) {
	ph = bytes.Index(mem, pclnMagic)
	if ph < 0 || ph+8*8 > len(mem) {
		return 0, 0, errors.New("no Go 1.20 pclntab header (magic 0xfffffff1, instruction size 1, pointer size 8) in the memory image")
	}
	word := func(a int) int { return int(binary.LittleEndian.Uint64(mem[a:])) }
	// moduledata starts with a pointer to the header, then funcnametab, a slice that starts at
	// the header plus its funcnameOffset (the header's fifth word).
	for a := 0; a+8*42 <= len(mem); a += 8 {
		if word(a) == ph && word(a+8) == ph+word(ph+4*8) {
			return ph, a, nil
		}
	}
	return 0, 0, errors.New("no moduledata in the memory image")
}
