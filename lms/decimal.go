package lms

// decimal reads a SCORM decimal (a mastery score: 1.2's CMIDecimal, 2004's real(10,7)) as
// float64: an optional sign, digits with an optional fraction, an optional exponent. It
// gives the float64 strconv.ParseFloat gives for the same text, without linking ParseFloat's
// general algorithms (some 5 KiB of the page): the significant digits, at most 15, make an
// integer below 2^53, exactly a float64, and one division or multiplication by a power of ten
// up to 10^22, also exact, rounds it once, correctly. ok is false for anything else
// (hexadecimal, Inf, NaN, more digits), which no LMS sends as a score.
func decimal(s string) (v float64, ok bool) {
	i, neg := 0, false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg, i = s[i] == '-', i+1
	}
	var mant uint64
	digits, exp, seen := 0, 0, false
	for dot := false; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && !dot:
			dot = true
			continue
		case c < '0' || c > '9':
		default:
			seen = true
			if mant == 0 && c == '0' { // a leading zero adds no significant digit
				if dot {
					exp--
				}
				continue
			}
			if digits++; digits > 15 {
				return 0, false
			}
			mant = mant*10 + uint64(c-'0')
			if dot {
				exp--
			}
			continue
		}
		break
	}
	if !seen {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		e, n, ok := exponent(s[i+1:])
		if !ok {
			return 0, false
		}
		exp, i = exp+e, i+1+n
	}
	if i != len(s) {
		return 0, false
	}
	if v, ok = scale(float64(mant), exp, mant == 0); neg {
		v = -v
	}
	return v, ok
}

// exponent reads an exponent's optional sign and its digits (at most 4) and returns it and
// how many bytes it took.
func exponent(s string) (e, n int, ok bool) {
	neg := false
	if n < len(s) && (s[n] == '+' || s[n] == '-') {
		neg, n = s[n] == '-', n+1
	}
	start := n
	for ; n < len(s) && s[n] >= '0' && s[n] <= '9'; n++ {
		if n-start >= 4 {
			return 0, 0, false
		}
		e = e*10 + int(s[n]-'0')
	}
	if n == start {
		return 0, 0, false
	}
	if neg {
		e = -e
	}
	return e, n, true
}

// scale is m × 10^exp, rounded once, when 10^exp is exact as a float64 (or m is zero).
func scale(m float64, exp int, zero bool) (float64, bool) {
	if zero {
		return 0, true
	}
	if exp < -22 || exp > 22 {
		return 0, false
	}
	p := 1.0
	for range max(exp, -exp) {
		p *= 10
	}
	if exp < 0 {
		return m / p, true
	}
	return m * p, true
}
