package webbuild

// Reading a stripped traceback with the symbolised twin ([Twin]). With GOTRACEBACK=system the
// runtime prints each frame's pc=; the twin holds the same code at the same PCs with its
// tables intact, so the function, file and line of a pc are found there as the runtime finds
// them (runtime.findfunc, funcline1).

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Symbols answers for PCs of a module whose pclntab is intact.
type Symbols struct {
	t    *pclntab
	text int // runtime.moduledata.text: entry offsets count from it
}

// ReadSymbols reads the tables of a Go js/wasm module that was not stripped (the twin).
func ReadSymbols(bin []byte) (*Symbols, error) {
	var s *Symbols
	_, err := rewriteData(bin, packGap, func(mem []byte) ([]byte, error) {
		t, err := readPclntab(mem)
		if err != nil {
			return nil, err
		}
		_, md, _ := findModuledata(t.mem)
		s = &Symbols{t: t, text: int(binary.LittleEndian.Uint64(t.mem[md+8*22:]))}
		return mem, nil
	})
	if err != nil {
		return nil, err
	}
	if f := s.t.files; len(bytes.Trim(s.t.mem[f.start:f.end], "\x00")) == 0 {
		return nil, errors.New("the module's file table is empty: it is stripped, not the twin")
	}
	return s, nil
}

// Lookup returns the function, file and line of pc, a return address as a traceback prints
// it (the call before it is looked up, as the runtime does); ok is false outside the code.
// On wasm a PC is a function's index (its entry offset plus moduledata.text) shifted left by
// 16, plus a block number within the function (runtime.textAddr).
func (s *Symbols) Lookup(pc uint64) (name, file string, line int, ok bool) {
	t := s.t
	off, rel := int64(pc>>16)-int64(s.text), int64(pc&0xffff)
	i := -1
	for lo, hi := 0, t.nfunc; lo < hi; { // the function whose entry offset is off
		m := (lo + hi) / 2
		if e := int64(t.u32(t.ftab + 8*m)); e == off {
			i = m
			break
		} else if e < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if i < 0 {
		return "", "", 0, false
	}
	fn := t.fn(i)
	if rel > 0 {
		rel--
	}
	name = printName(t.cstring(t.names, int(t.u32(fn+fName))))
	fileno := t.pcValue(int(t.u32(fn+fPCFile)), rel)
	line = int(t.pcValue(int(t.u32(fn+fPCLine)), rel))
	cu := int(t.u32(fn+fCU)) + int(fileno)
	if fileno < 0 || line < 0 || cu >= t.cus.len()/4 {
		return name, "?", 0, true
	}
	return name, t.cstring(t.files, int(t.u32(t.cus.start+4*cu))), line, true
}

// pcValue is the value of the PC-value table at off for the PC rel bytes past the entry, -1
// when there is none (runtime.pcvalue).
func (t *pclntab) pcValue(off int, rel int64) int32 {
	if off == 0 {
		return -1
	}
	tab := t.mem[t.pcs.start:t.pcs.end]
	val, pc := int32(-1), int64(0)
	for i := off; i < len(tab); {
		if tab[i] == 0 && pc != 0 {
			break
		}
		uv, n := binary.Uvarint(tab[i:])
		if n <= 0 {
			break
		}
		i += n
		d, n := binary.Uvarint(tab[i:])
		if n <= 0 {
			break
		}
		i += n
		val += int32(-(uv & 1) ^ (uv >> 1))
		if pc += int64(d); rel < pc {
			return val
		}
	}
	return -1
}

// cstring is the zero-terminated string at off in the table s.
func (t *pclntab) cstring(s span, off int) string {
	if off < 0 || off >= s.len() {
		return ""
	}
	b := t.mem[s.start+off : s.end]
	if n := bytes.IndexByte(b, 0); n >= 0 {
		b = b[:n]
	}
	return string(b)
}

// printName is a function's name as a traceback prints it (runtime.funcNameForPrint).
func printName(name string) string {
	if name == "runtime.gopanic" {
		return "panic"
	}
	if i, j := strings.IndexByte(name, '['), strings.LastIndexByte(name, ']'); i >= 0 && j > i {
		return name[:i] + "[...]" + name[j+1:]
	}
	return name
}

var framePC = regexp.MustCompile(`^\t\?:0( .*)? pc=0x([0-9a-f]+)`)

// Symbolize copies a traceback of a stripped module from r to w with each frame's name, file
// and line filled in from s, where the frame's line carries its pc= (GOTRACEBACK=system);
// every other line is copied as it is. A "created by" line carries no pc, so the function
// that started a goroutine stays unnamed.
func Symbolize(s *Symbols, r io.Reader, w io.Writer) error {
	var lines []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for i, l := range lines {
		m := framePC.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		pc, _ := strconv.ParseUint(m[2], 16, 64)
		name, file, line, ok := s.Lookup(pc)
		if !ok {
			continue
		}
		lines[i] = "\t" + file + ":" + strconv.Itoa(line) + strings.TrimPrefix(l, "\t?:0")
		switch prev := &lines[max(i-1, 0)]; {
		case i == 0:
		case strings.HasPrefix(*prev, "("):
			*prev = name + *prev
		case strings.HasPrefix(*prev, "created by  in "):
			*prev = "created by " + name + (*prev)[len("created by "):]
		}
	}
	for _, l := range lines {
		if _, err := io.WriteString(w, l+"\n"); err != nil {
			return err
		}
	}
	return nil
}
