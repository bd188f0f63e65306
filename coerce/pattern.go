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
// A compiled pattern is a chain of positions, one per character an atom may take: {2,4} is two
// positions that must match and two that may be skipped, + is one that must match and one that
// repeats. Matching keeps the set of positions reached as a bitset and reads the input once, so
// each character costs the same whatever came before it: linear in the input, with at most
// maxPositions positions per pattern and maxPatternBytes of source.
//
// Go's regexp package would read every pattern, but it adds about 90 KB brotli to the page's
// WebAssembly, which is already over its size goal; the subset is a few hundred lines.
type Pattern struct {
	src   string
	atoms []patAtom
	npos  int // positions; the state after the last one (bit npos) is the match
	words int // uint64 words in a set of states
	// skip marks the positions that may match nothing (optional copies and repeats), star the
	// ones that repeat; runFirst and runLast mark the first and last position of each run of
	// skip positions, for closing a set of states over them in one pass (see closure).
	skip, star, runFirst, runLast []uint64
	// ascii[c*words:(c+1)*words] marks the positions whose atom takes the ASCII character c;
	// other marks those whose atom takes every character from U+0080 on (a negated class of
	// ASCII characters), and wide lists the atoms that must be asked about such a character.
	ascii, other []uint64
	wide         []int
}

// patAtom is one atom and how many times it repeats: min … max, max < 0 for no bound.
type patAtom struct {
	set      []runeRange // the characters it matches, sorted and merged; any but a line break when nil
	negate   bool
	min, max int
	pos      int // its first position
}

type runeRange struct{ lo, hi rune }

// Bounds on a pattern, checked while it is read, before any work that grows with them: an id is
// at most a few hundred characters, and the UUID pattern, among the longest real ones, is 62
// bytes and 36 positions. maxRepeat is the bound Go's regexp and RE2 put on {n,m}.
const (
	maxRepeat       = 1000
	maxPositions    = 2048
	maxPatternBytes = 4096
)

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
	if len(src) > maxPatternBytes {
		return bad(0, "it is "+strconv.Itoa(len(src))+" bytes, over the limit of "+strconv.Itoa(maxPatternBytes)+" for an id pattern")
	}
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
		a.pos = p.npos
		if p.npos += a.positions(); p.npos > maxPositions {
			return bad(i, "it describes values of more than "+strconv.Itoa(maxPositions)+" characters; an id pattern is shorter, and text is bounded with maxLength instead")
		}
		a.set = mergeRanges(a.set)
		p.atoms = append(p.atoms, a)
	}
	p.index()
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

// ShortestLength is the length in characters of the shortest value the pattern matches: each
// atom at its least count. It is at most maxPositions.
func (p *Pattern) ShortestLength() int {
	n := 0
	for _, a := range p.atoms {
		n += a.min
	}
	return n
}

// Sample returns a string the pattern matches, each atom's first character at its least count:
// an example for hints when a declaration gives none (an example from real data is better). It
// is ShortestLength characters long, so never more than maxPositions.
func (p *Pattern) Sample() string {
	var b []byte
	for _, a := range p.atoms {
		if a.min == 0 {
			continue
		}
		c := a.sampleRune()
		for k := 0; k < a.min; k++ {
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
