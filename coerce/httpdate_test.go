package coerce

import (
	"math/rand/v2"
	"testing"
	"time"
)

// parseHTTPDate is written out to keep time.Parse out of the WebAssembly build; time.Parse is
// the reference it must agree with on every form RFC 9110 names.
func TestParseHTTPDateAgreesWithTime(t *testing.T) {
	layouts := []string{"Mon, 02 Jan 2006 15:04:05 GMT", "Monday, 02-Jan-06 15:04:05 GMT", time.ANSIC}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		at := time.Unix(r.Int64N(4102444800-315532800)+315532800, 0).UTC() // 1980 … 2100
		for _, layout := range layouts {
			v := at.Format(layout)
			got, ok := parseHTTPDate(v)
			want, err := time.Parse(layout, v)
			if err != nil {
				t.Fatal(err)
			}
			if !ok || got != want.Unix() {
				t.Fatalf("%q: got %d %v, want %d", v, got, ok, want.Unix())
			}
		}
	}
	for _, bad := range []string{"", "Wed", "Wed, 21 Oct 2026 07:28:00", "Wed, 31 Feb 2026 07:28:00 GMT", "Wed, 21 Oct 2026 24:00:00 GMT",
		"Wed, 21 Oct 2026 07:60:00 GMT", "Xyz, 21 Oct 2026 07:28:00 GMT", "Wed, 21 Foo 2026 07:28:00 GMT", "Wed, 1 Oct 2026 07:28:00 GMT",
		"Wed 21 Oct 2026 07:28:00 GMT", "Wed, 21 Oct 2026 7:28:00 GMT", "Wed, 21 Oct 2026 07:28:00 UTC", "Wed, +1 Oct 2026 07:28:00 GMT"} {
		if at, ok := parseHTTPDate(bad); ok {
			t.Errorf("%q parsed as %d", bad, at)
		}
	}
	if at, ok := parseHTTPDate("Thu, 29 Feb 2024 00:00:00 GMT"); !ok || at != 1709164800 {
		t.Errorf("leap day: %d %v", at, ok)
	}
}
