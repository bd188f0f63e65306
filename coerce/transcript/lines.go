package transcript

import "sort"

// lineIndex maps a byte offset of a text to its line. It is built once per text, in one pass,
// so finding the line of each of a million values costs a binary search each, not a count
// from the start.
type lineIndex []int // the offset of each '\n', in order

func newLineIndex(data []byte) lineIndex {
	var idx lineIndex
	for i, c := range data {
		if c == '\n' {
			idx = append(idx, i)
		}
	}
	return idx
}

// line is the line of off, from 1; an offset past the text is on the last line.
func (idx lineIndex) line(off int) int {
	return sort.SearchInts(idx, off) + 1
}

// start is the offset of the first byte of line n (from 1), or -1 when there is no such line.
func (idx lineIndex) start(n int, size int) int {
	switch {
	case n <= 1:
		return 0
	case n-2 < len(idx) && idx[n-2]+1 <= size:
		return idx[n-2] + 1
	}
	return -1
}

// end is the offset just past the last byte of line n before its '\n' (or the end of the text).
func (idx lineIndex) end(n int, size int) int {
	if n-1 < len(idx) {
		return idx[n-1]
	}
	return size
}
