package lms

import (
	"strconv"
	"testing"
)

// TestDecimal reads mastery scores as strconv.ParseFloat does, and refuses what an LMS does
// not send.
func TestDecimal(t *testing.T) {
	for _, s := range []string{"0", "60", "80.5", "0.6", "0.7", "-0.25", "+1", "1.", ".5", "100", "0.8",
		"0.3333333", "1e2", "6E-1", "0.000", "-0", "00060", "0.1234567", "99.99999", "123456789012345"} {
		want, _ := strconv.ParseFloat(s, 64)
		if got, ok := decimal(s); !ok || got != want {
			t.Errorf("decimal(%q) = %v, %v; ParseFloat says %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "x", "-", ".", "1..2", "1e", "1e+", "0x10", "Inf", "NaN", "1_0",
		" 1", "1 ", "1e99999", "1234567890123456", "1e23"} {
		if v, ok := decimal(s); ok {
			t.Errorf("decimal(%q) = %v, want refused", s, v)
		}
	}
}

// FuzzDecimal: what decimal reads, ParseFloat reads as the same float64.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{"0.6", "80", "-1e-3", "1.", ".25", "999999999999999e7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := decimal(s)
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || v != want {
			t.Fatalf("decimal(%q) = %v; ParseFloat says %v, %v", s, v, want, err)
		}
	})
}
