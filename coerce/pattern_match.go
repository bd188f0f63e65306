package coerce

import (
	"math/bits"
	"unicode/utf8"
)

// A compiled Pattern is matched as a chain of positions (see Pattern): the set of positions
// reached is a bitset of words, one bit per position plus one for the whole match.

// matches reports whether the atom takes r, by a binary search of its sorted ranges.
func (a *patAtom) matches(r rune) bool {
	if a.set == nil {
		return r != '\n' && r != '\r' && r != '\u2028' && r != '\u2029'
	}
	lo, hi := 0, len(a.set)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if a.set[m].hi < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	in := lo < len(a.set) && a.set[lo].lo <= r
	return in != a.negate
}

// positions is how many positions the atom takes: min that must match, then max-min that may
// be skipped, or one that repeats when there is no bound.
func (a *patAtom) positions() int {
	if a.max < 0 {
		return a.min + 1
	}
	return a.max
}

// wideOnly reports whether the atom's answer for characters from U+0080 on depends on the
// character: '.' (not U+2028, U+2029) and classes that list such characters.
func (a *patAtom) wideOnly() bool {
	return a.set == nil || len(a.set) > 0 && a.set[len(a.set)-1].hi >= utf8.RuneSelf
}

// mergeRanges sorts a class's ranges and merges those that overlap or touch, for matches'
// binary search. The sort is a Shell sort written here rather than slices.SortFunc, whose
// instantiation for runeRange would add its own copy of pdqsort to the page; a class is at most
// maxPatternBytes long, so the sort is bounded before it starts.
func mergeRanges(set []runeRange) []runeRange {
	if len(set) < 2 {
		return set
	}
	for gap := len(set) / 2; gap > 0; gap /= 2 {
		for i := gap; i < len(set); i++ {
			for j := i; j >= gap && set[j-gap].lo > set[j].lo; j -= gap {
				set[j-gap], set[j] = set[j], set[j-gap]
			}
		}
	}
	out := set[:1]
	for _, r := range set[1:] {
		if last := &out[len(out)-1]; r.lo <= last.hi+1 {
			last.hi = max(last.hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// index builds the bitsets Match reads: which positions may be skipped or repeat, and which
// take each ASCII character.
func (p *Pattern) index() {
	w := p.npos/64 + 1
	p.words = w
	p.skip, p.star, p.runFirst, p.runLast = make([]uint64, w), make([]uint64, w), make([]uint64, w), make([]uint64, w)
	p.ascii, p.other = make([]uint64, 128*w), make([]uint64, w)
	for ai := range p.atoms {
		a := &p.atoms[ai]
		n := a.positions()
		setBits(p.skip, a.pos+a.min, a.pos+n)
		if a.max < 0 {
			setBits(p.star, a.pos+a.min, a.pos+n)
		}
		for c := rune(0); c < utf8.RuneSelf; c++ {
			if a.matches(c) {
				setBits(p.ascii[int(c)*w:int(c+1)*w], a.pos, a.pos+n)
			}
		}
		if a.wideOnly() {
			p.wide = append(p.wide, ai)
		} else if a.negate {
			setBits(p.other, a.pos, a.pos+n)
		}
	}
	for i := 0; i < p.npos; i++ {
		if has(p.skip, i) && (i == 0 || !has(p.skip, i-1)) {
			p.runFirst[i/64] |= 1 << (i % 64)
		}
		if has(p.skip, i) && !has(p.skip, i+1) {
			p.runLast[i/64] |= 1 << (i % 64)
		}
	}
}

func has(b []uint64, i int) bool { return i/64 < len(b) && b[i/64]&(1<<(i%64)) != 0 }

// setBits sets bits lo … hi-1 of b.
func setBits(b []uint64, lo, hi int) {
	for i := lo; i < hi; {
		if i%64 == 0 && hi-i >= 64 {
			b[i/64] = ^uint64(0)
			i += 64
			continue
		}
		b[i/64] |= 1 << (i % 64)
		i++
	}
}

// Match reports whether the whole of s matches the pattern. It reads s once, and each character
// costs a few operations per 64 positions of the pattern: linear in the length of s.
func (p *Pattern) Match(s string) bool {
	w := p.words
	buf := make([]uint64, 4*w)
	cur, next, mask, tmp := buf[:w], buf[w:2*w], buf[2*w:3*w], buf[3*w:]
	cur[0] = 1
	p.closure(cur, tmp)
	for _, r := range s {
		m := p.mask(r, mask)
		alive := false
		var carry uint64
		for i := range next {
			t := cur[i] & m[i]
			moved := t &^ p.star[i]
			next[i] = moved<<1 | carry | t&p.star[i]
			carry = moved >> 63
		}
		p.closure(next, tmp)
		for i := range next {
			alive = alive || next[i] != 0
		}
		if !alive {
			return false
		}
		cur, next = next, cur
	}
	return has(cur, p.npos)
}

// mask is the set of positions that take r: from the table for ASCII, else built in scratch.
func (p *Pattern) mask(r rune, scratch []uint64) []uint64 {
	w := p.words
	if r >= 0 && r < utf8.RuneSelf {
		return p.ascii[int(r)*w : int(r+1)*w]
	}
	copy(scratch, p.other)
	for _, ai := range p.wide {
		if a := &p.atoms[ai]; a.matches(r) {
			setBits(scratch, a.pos, a.pos+a.positions())
		}
	}
	return scratch
}

// closure adds to d every state reached from it by skipping positions that may match nothing.
// Within a run of such positions, every state from the lowest one in d to the run's end is
// reached, and so is the state after the run. The fill is one subtraction across the words: in
// each run, subtracting its first bit from d's bits (with the run's last bit set, so the borrow
// stays inside the run) flips exactly the bits below d's lowest one, and comparing before and
// after marks the bits above it (the method of Navarro and Raffinot's extended Shift-And).
func (p *Pattern) closure(d, tmp []uint64) {
	var borrow uint64
	for i := range d {
		df := d[i] | p.runLast[i]
		diff, b := bits.Sub64(df, p.runFirst[i], borrow)
		borrow = b
		tmp[i] = ^diff ^ df
	}
	var carry uint64
	for i := range d {
		d[i] |= p.skip[i] & tmp[i]
		out := d[i] & p.skip[i]
		d[i] |= out<<1 | carry
		carry = out >> 63
	}
}
