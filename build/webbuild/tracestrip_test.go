package webbuild

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// probe is testdata/stripprobe built as the page is, once per test binary: its symbolised twin
// and the stripped module.
var probe struct {
	once           sync.Once
	twin, stripped string
	err            error
}

func buildProbe(t *testing.T) (twin, stripped string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a wasm program")
	}
	probe.once.Do(func() {
		dir, err := os.MkdirTemp("", "stripprobe-")
		if err != nil {
			probe.err = err
			return
		}
		probe.twin, probe.stripped = filepath.Join(dir, "twin.wasm"), filepath.Join(dir, "probe.wasm")
		probe.err = buildWasm(Config{Root: "../.."}, "./build/webbuild/testdata/stripprobe", probe.stripped, "-s -w", probe.twin)
	})
	if probe.err != nil {
		t.Fatal(probe.err)
	}
	return probe.twin, probe.stripped
}

// memOf is the memory image a module's data section initialises, padded to n bytes.
func memOf(t *testing.T, bin []byte, n int) []byte {
	t.Helper()
	mem, _, _ := memoryImage(t, bin)
	return append(mem, make([]byte, max(n-len(mem), 0))...)
}

// TestStripTraceback checks the pass on a real Go module, field by field: the runtime's stack
// tables read the same, the traceback-only parts are zero, the names the runtime reads are
// kept, and nothing else of the memory changed.
func TestStripTraceback(t *testing.T) {
	twinFile, strippedFile := buildProbe(t)
	twin, err := os.ReadFile(twinFile)
	if err != nil {
		t.Fatal(err)
	}
	again, st, err := StripTraceback(twin, runtime.Version())
	if err != nil {
		t.Fatal(err)
	}
	if served, _ := os.ReadFile(strippedFile); !bytes.Equal(again, served) {
		t.Error("stripping the twin again does not give the built module")
	}
	before := memOf(t, twin, 0)
	tb, err := readPclntab(before)
	if err != nil {
		t.Fatal(err)
	}
	after := memOf(t, again, len(tb.mem))
	ta, err := readPclntab(after)
	if err != nil {
		t.Fatalf("the stripped module's tables no longer read: %v", err)
	}
	if st.Funcs != tb.nfunc || st.KeptNames == 0 || st.Zeroed < 10000 {
		t.Errorf("stats %+v for %d functions", st, tb.nfunc)
	}
	touched := make([]bool, len(tb.mem)) // bytes the pass may change
	for _, s := range []span{tb.names, tb.cus, tb.files, tb.pcs} {
		for j := s.start; j < s.end; j++ {
			touched[j] = true
		}
	}
	kept := 0
	for i := 0; i < tb.nfunc; i++ {
		kept += checkStrippedFunc(t, tb, ta, i, touched)
	}
	if kept != st.KeptNames {
		t.Errorf("%d names kept, stats say %d", kept, st.KeptNames)
	}
	for j := range tb.mem {
		if !touched[j] && tb.mem[j] != ta.mem[j] {
			t.Fatalf("byte %#x changed (%#x -> %#x), outside the traceback-only parts", j, tb.mem[j], ta.mem[j])
		}
	}
	for _, s := range []span{ta.cus, ta.files} {
		if n := ta.zero(s); n != 0 {
			t.Errorf("%d bytes left in a table only tracebacks read", n)
		}
	}
}

// checkStrippedFunc compares function i before and after the pass, marks its fields zeroed by
// it in touched, and returns 1 when its name was kept.
func checkStrippedFunc(t *testing.T, tb, ta *pclntab, i int, touched []bool) int {
	t.Helper()
	fn := tb.fn(i)
	for _, off := range []int{fPCFile, fPCLine, fCU, fStartLine} {
		if ta.u32(fn+off) != 0 {
			t.Fatalf("function %d: field at %d is %d, want 0", i, off, ta.u32(fn+off))
		}
		for j := 0; j < 4; j++ {
			touched[fn+off+j] = true
		}
	}
	tables := []int{fPCSP}
	for j := 0; j < int(tb.u32(fn+fNPCData)); j++ {
		tables = append(tables, funcHeader+4*j)
	}
	pcb, pca := tb.mem[tb.pcs.start:tb.pcs.end], ta.mem[ta.pcs.start:ta.pcs.end]
	for _, field := range tables {
		off := int(tb.u32(fn + field))
		if off == 0 {
			continue
		}
		n, err := pcTableLen(pcb, off)
		if err != nil {
			t.Fatalf("function %d: %v", i, err)
		}
		if !bytes.Equal(pcb[off:off+n], pca[off:off+n]) {
			t.Fatalf("function %d: the table at %d changed", i, field)
		}
	}
	name := func(tab *pclntab) string {
		b := tab.mem[tab.names.start+int(tab.u32(fn+fName)):]
		return string(b[:bytes.IndexByte(b, 0)])
	}
	was, is := name(tb), name(ta)
	if tb.mem[fn+fFuncID] == wrapperID || strings.HasPrefix(was, "reflect.") {
		if is != was {
			t.Errorf("function %d: name %q became %q; the runtime reads it", i, was, is)
		}
		return 1
	}
	if is != "" {
		t.Errorf("function %d (%s): name %q left", i, was, is)
	}
	return 0
}

// TestStripTracebackRefuses checks that the pass names why it will not strip: an unknown Go
// release, a module that is not Go's, a function entry of another layout.
func TestStripTracebackRefuses(t *testing.T) {
	for _, v := range []string{"go1.27.0", "go1.25.3", "devel go1.27-abc", ""} {
		if _, _, err := StripTraceback(tinyModule(), v); err == nil || !strings.Contains(err.Error(), "layout") {
			t.Errorf("Go %q: err %v, want a layout it does not know", v, err)
		}
	}
	for _, v := range []string{"go1.26", "go1.26.8", "go1.26rc1", "go1.26.8 X:nogreenteagc"} {
		if goRelease(v) != "go1.26" {
			t.Errorf("goRelease(%q) = %q", v, goRelease(v))
		}
	}
	if _, _, err := StripTraceback(tinyModule(), "go1.26.8"); err == nil || !strings.Contains(err.Error(), "pclntab header") {
		t.Errorf("a module that is not Go's: %v", err)
	}
	if _, _, err := StripTraceback([]byte("\x00asm\x01\x00\x00\x00"), "go1.26.8"); err == nil {
		t.Error("a module without data was stripped")
	}
	twinFile, _ := buildProbe(t)
	twin, err := os.ReadFile(twinFile)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := readPclntab(memOf(t, twin, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		off, want int
		value     uint32
	}{
		{"entry offset", fEntry, 0, 0xfffff},
		{"npcdata", fNPCData, 0, 9},
		{"name offset", fName, 0, 1 << 30},
		{"pcsp offset", fPCSP, 0, 1 << 30},
	} {
		mem := append([]byte(nil), tb.mem...)
		binary.LittleEndian.PutUint32(mem[tb.fn(tb.nfunc/2)+c.off:], c.value)
		if _, err := readPclntab(mem); err == nil {
			t.Errorf("a function with a bad %s read as a known layout", c.name)
		}
	}
}

// TestPCTableLen reads PC-value tables as runtime.step does.
func TestPCTableLen(t *testing.T) {
	for _, c := range []struct {
		tab  []byte
		off  int
		want int
	}{
		{[]byte{9, 2, 4, 1, 0}, 0, 5},                // value, pc, value, pc, end
		{[]byte{0, 2, 0}, 0, 3},                      // a zero first value delta is a value, not the end
		{[]byte{0, 0, 0, 3, 0}, 0, 5},                // the PC has not moved: still the first pair
		{[]byte{7, 0x81, 0x01, 0}, 0, 4},             // a two-byte PC delta
		{[]byte{5, 1, 0, 0x82, 0x01, 1, 2, 0}, 2, 6}, // at an offset, a two-byte PC delta
	} {
		if n, err := pcTableLen(c.tab, c.off); err != nil || n != c.want {
			t.Errorf("pcTableLen(% x, %d) = %d, %v; want %d", c.tab, c.off, n, err, c.want)
		}
	}
	for _, tab := range [][]byte{{4, 2}, {4, 0x80}, {}} {
		if _, err := pcTableLen(tab, 0); err == nil {
			t.Errorf("pcTableLen(% x) read a table that runs off the end", tab)
		}
	}
}
