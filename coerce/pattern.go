package coerce

import (
	"strconv"
	"unicode/utf8"
)

// Pattern is a JSON Schema "pattern" for a string id, in the subset that real id patterns use:
// anchored at both ends (^ … $), a sequence of atoms (a literal character, an escaped
// punctuation character, a [class] or [^class] of characters and ranges, \d, \w or .), each
// optionally followed by ?, *, +, {n}, {n,} or {n,m}. Groups, alternation, lookarounds,
// backreferences and the other escapes are refused when the pattern is compiled, with a message
// that names them: an id pattern that coerce cannot read is never matched some other way.
//
// Go's regexp package would read every pattern, but it adds about 90 KB brotli to the page's
// WebAssembly, which is already over its size goal; the subset is a hundred lines.
type Pattern struct {
	src   string
	atoms []patAtom
}

// patAtom is one atom and how many times it repeats: min … max, max < 0 for no bound.
type patAtom struct {
	set      []runeRange // the characters it matches; any character but a line break when nil
	negate   bool
	min, max int
}

type runeRange struct{ lo, hi rune }

// maxRepeat bounds {n,m}: an id is at most a few hundred characters.
const maxRepeat = 10000

// PatternError says why a pattern is outside the subset, and where (a byte offset).
type PatternError struct {
	Offset int
	Msg    string
}

func (e *PatternError) Error() string {
	return "at offset " + strconv.Itoa(e.Offset) + " of the pattern: " + e.Msg
}

// CompilePattern reads src, a JSON Schema pattern, into the subset coerce matches.
func CompilePattern(src string) (*Pattern, error) {
	bad := func(off int, msg string) (*Pattern, error) { return nil, &PatternError{off, msg} }
	if len(src) < 2 || src[0] != '^' || src[len(src)-1] != '$' || (len(src) >= 3 && src[len(src)-2] == '\\') {
		return bad(0, "it is not anchored with ^ at the start and $ at the end: coerce matches an id whole, so write ^…$")
	}
	p := &Pattern{src: src}
	body := src[1 : len(src)-1]
	for i := 0; i < len(body); {
		a, n, err := readAtom(body, i)
		if err != nil {
			err.Offset++
			return nil, err
		}
		i += n
		if i < len(body) {
			q, n, err := readQuantifier(body, i)
			if err != nil {
				err.Offset++
				return nil, err
			}
			a.min, a.max = q[0], q[1]
			i += n
		}
		p.atoms = append(p.atoms, a)
	}
	return p, nil
}

// String returns the pattern as it was written.
func (p *Pattern) String() string { return p.src }

// readAtom reads the atom at s[i:], returning it with min = max = 1 and its length in bytes.
func readAtom(s string, i int) (patAtom, int, *PatternError) {
	one := patAtom{min: 1, max: 1}
	switch c := s[i]; c {
	case '(', ')':
		return one, 0, &PatternError{i, "groups ( ) are not supported"}
	case '|':
		return one, 0, &PatternError{i, "alternation | is not supported"}
	case '^', '$':
		return one, 0, &PatternError{i, "^ and $ may stand only at the start and the end"}
	case '?', '*', '+', '{', '}', ']':
		return one, 0, &PatternError{i, strconv.Quote(string(c)) + " has nothing before it to repeat; escape it with \\ to mean the character"}
	case '.':
		return one, 1, nil
	case '[':
		return readClass(s, i)
	case '\\':
		set, n, err := readEscape(s, i)
		one.set = set
		return one, n, err
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	one.set = []runeRange{{r, r}}
	return one, n, nil
}

// readEscape reads \d, \w or an escaped punctuation character at s[i:].
func readEscape(s string, i int) ([]runeRange, int, *PatternError) {
	if i+1 >= len(s) {
		return nil, 0, &PatternError{i, "a \\ ends the pattern"}
	}
	switch c := s[i+1]; {
	case c == 'd':
		return []runeRange{{'0', '9'}}, 2, nil
	case c == 'w':
		return []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}, 2, nil
	case c < utf8.RuneSelf && !isWordByte(c) && c > ' ':
		return []runeRange{{rune(c), rune(c)}}, 2, nil
	}
	return nil, 0, &PatternError{i, "the escape \\" + string(s[i+1]) + " is not supported; coerce reads \\d, \\w and an escaped punctuation character such as \\. or \\-"}
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// readClass reads [ … ] or [^ … ] at s[i:]: characters, ranges a-z, \d, \w and escaped
// punctuation.
func readClass(s string, i int) (patAtom, int, *PatternError) {
	a := patAtom{min: 1, max: 1, set: []runeRange{}}
	j := i + 1
	if j < len(s) && s[j] == '^' {
		a.negate = true
		j++
	}
	for first := true; ; first = false {
		if j >= len(s) {
			return a, 0, &PatternError{i, "the class [ is not closed with ]"}
		}
		if s[j] == ']' && !first {
			return a, j + 1 - i, nil
		}
		lo, n, err := classChar(s, j)
		if err != nil {
			return a, 0, err
		}
		if len(lo) != 1 || lo[0].lo != lo[0].hi || j+n+1 >= len(s) || s[j+n] != '-' || s[j+n+1] == ']' {
			a.set = append(a.set, lo...)
			j += n
			continue
		}
		hi, m, err := classChar(s, j+n+1)
		if err != nil {
			return a, 0, err
		}
		if len(hi) != 1 || hi[0].lo != hi[0].hi || hi[0].lo < lo[0].lo {
			return a, 0, &PatternError{j, "the range in the class is not a range from a character to a later one"}
		}
		a.set = append(a.set, runeRange{lo[0].lo, hi[0].lo})
		j += n + 1 + m
	}
}

// classChar reads one character (or \d, \w) inside a class; a one-rune result is a character.
func classChar(s string, j int) ([]runeRange, int, *PatternError) {
	switch s[j] {
	case '\\':
		return readEscape(s, j)
	case '[':
		return nil, 0, &PatternError{j, "[ inside a class is not supported; escape it as \\["}
	}
	r, n := utf8.DecodeRuneInString(s[j:])
	return []runeRange{{r, r}}, n, nil
}

// readQuantifier reads ?, *, +, {n}, {n,} or {n,m} at s[i:], if there is one: {min, max}.
func readQuantifier(s string, i int) ([2]int, int, *PatternError) {
	var q [2]int
	switch s[i] {
	case '?':
		q = [2]int{0, 1}
	case '*':
		q = [2]int{0, -1}
	case '+':
		q = [2]int{1, -1}
	case '{':
		return readBraces(s, i)
	default:
		return [2]int{1, 1}, 0, nil
	}
	if i+1 < len(s) && (s[i+1] == '?' || s[i+1] == '+' || s[i+1] == '*' || s[i+1] == '{') {
		return q, 0, &PatternError{i + 1, "a quantifier after a quantifier (lazy or possessive) is not supported"}
	}
	return q, 1, nil
}

func readBraces(s string, i int) ([2]int, int, *PatternError) {
	bad := &PatternError{i, "a { must be a repeat count {n}, {n,} or {n,m} with n ≤ m ≤ " + strconv.Itoa(maxRepeat) + "; escape it with \\ to mean the character"}
	j := i + 1
	num := func() (int, bool) {
		start := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-start < 6 {
			j++
		}
		n := 0
		for _, c := range []byte(s[start:j]) {
			n = n*10 + int(c-'0')
		}
		return n, j > start && n <= maxRepeat
	}
	lo, ok := num()
	if !ok || j >= len(s) {
		return [2]int{}, 0, bad
	}
	hi := lo
	if s[j] == ',' {
		j++
		if hi = -1; j < len(s) && s[j] != '}' {
			if hi, ok = num(); !ok || hi < lo {
				return [2]int{}, 0, bad
			}
		}
	}
	if j >= len(s) || s[j] != '}' {
		return [2]int{}, 0, bad
	}
	if j+1 < len(s) && (s[j+1] == '?' || s[j+1] == '+') {
		return [2]int{}, 0, &PatternError{j + 1, "a quantifier after a quantifier (lazy or possessive) is not supported"}
	}
	return [2]int{lo, hi}, j + 1 - i, nil
}

func (a *patAtom) matches(r rune) bool {
	if a.set == nil {
		return r != '\n' && r != '\r' && r != '\u2028' && r != '\u2029'
	}
	in := false
	for _, rr := range a.set {
		if r >= rr.lo && r <= rr.hi {
			in = true
			break
		}
	}
	return in != a.negate
}

// Match reports whether the whole of s matches the pattern. It runs in time proportional to the
// length of s times the number of atoms, whatever the pattern.
func (p *Pattern) Match(s string) bool {
	rs := []rune(s)
	n := len(rs)
	at := make([]bool, n+1) // at[k]: the atoms so far can match rs[:k]
	at[0] = true
	run := make([]int, n+1)
	mark := make([]int, n+2)
	for i := range p.atoms {
		a := &p.atoms[i]
		run[n] = 0
		for k := n - 1; k >= 0; k-- { // run[k]: how many runes from k the atom matches in a row
			run[k] = 0
			if a.matches(rs[k]) {
				run[k] = run[k+1] + 1
			}
		}
		clear(mark)
		for k := 0; k <= n; k++ {
			if !at[k] || run[k] < a.min {
				continue
			}
			hi := run[k]
			if a.max >= 0 && a.max < hi {
				hi = a.max
			}
			mark[k+a.min]++
			mark[k+hi+1]--
		}
		sum := 0
		for k := 0; k <= n; k++ {
			sum += mark[k]
			at[k] = sum > 0
		}
	}
	return at[n]
}

// Sample returns a string the pattern matches, built from each atom's first character: an
// example for hints when a declaration gives none (an example from real data is better).
func (p *Pattern) Sample() string {
	var b []byte
	for _, a := range p.atoms {
		c := a.sampleRune()
		for k := 0; k < max(a.min, 0); k++ {
			b = utf8.AppendRune(b, c)
		}
	}
	return string(b)
}

func (a *patAtom) sampleRune() rune {
	if !a.negate && len(a.set) > 0 {
		return a.set[0].lo
	}
	for _, c := range "a0A_x" {
		if a.matches(c) {
			return c
		}
	}
	for c := rune('!'); c < 0x3000; c++ {
		if a.matches(c) {
			return c
		}
	}
	return 'a'
}
