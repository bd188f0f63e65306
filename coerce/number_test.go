package coerce_test

import (
	"context"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// jsonNumber is the grammar of a JSON number.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// numberTool takes one number n from lo to hi (either "" for no bound).
func numberTool(lo, hi string) coerce.Tool {
	return coerce.Tool{Name: "n", Schema: coerce.Schema{Fields: []coerce.Field{{Name: "n", Kind: coerce.Number, MinNumber: lo, MaxNumber: hi, Example: "1"}}},
		Handler: func(_ context.Context, a coerce.Args) (coerce.Result, error) {
			return coerce.Result{coerce.M("n", a.Value("n"))}, nil
		}}
}

// FuzzNumberBounds: a JSON number is within [lo, hi] exactly when big.Rat says so, whatever its
// digits and exponent: the decimal comparison agrees with exact arithmetic, and nothing the
// grammar admits makes it panic. Exponents are kept small enough for big.Rat to hold the value,
// and texts past 4 KB (the 1 MB seed) are only read, not compared.
func FuzzNumberBounds(f *testing.F) {
	for _, s := range [][3]string{{"2.5", "0", "10"}, {"10.000000000000000001", "0", "10"}, {"-0", "0", "0"}, {"1e1", "10", "10"}, {"-1.50", "-1.5", "0"}, {"0.001e3", "1", "1"}, {"123456789012345678901234567890", "1e29", "1e30"}} {
		f.Add(s[0], s[1], s[2])
	}
	f.Add(strings.Repeat("9", 1<<20), "0", "1") // 1 MB of digits
	f.Fuzz(func(t *testing.T, n, lo, hi string) {
		for _, s := range []string{n, lo, hi} {
			if !jsonNumber.MatchString(s) || len(s) > 1<<21 {
				return
			}
			if i := strings.IndexAny(s, "eE"); i >= 0 {
				if e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+")); err != nil || e > 2000 || e < -2000 {
					return
				}
			}
		}
		d, err := coerce.NewDispatcher(coerce.Config{MaxInputBytes: 4 << 20}, numberTool(lo, hi))
		if err != nil {
			t.Fatal(err)
		}
		o := d.Call(context.Background(), "n", []byte(`{"n":`+n+`}`))
		if len(n)+len(lo)+len(hi) > 4096 { // big.Rat reads long digit strings in quadratic time
			if o.Code != coerce.OK && o.Code != coerce.InvalidArgs {
				t.Fatalf("%.40s…: %s", n, o.Code)
			}
			return
		}
		rat := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
		want := rat(n).Cmp(rat(lo)) >= 0 && rat(n).Cmp(rat(hi)) <= 0
		if (o.Code == coerce.OK) != want {
			t.Fatalf("%s in [%s, %s]: %s, want within %v", n, lo, hi, o.Code, want)
		}
	})
}

// BenchmarkNested reads create_entities arguments of 100 and 1,000 entities (1x and 10x) in one
// run and reports ns per byte: the compound reader is linear in its input.
func BenchmarkNested(b *testing.B) {
	entity := coerce.Field{Kind: coerce.Nested, Example: "{}", Fields: []coerce.Field{
		{Name: "name", Kind: coerce.Text, Example: "Ada"},
		{Name: "entityType", Kind: coerce.Text, Example: "person"},
		{Name: "observations", Kind: coerce.Array, Example: "[]", Items: &coerce.Field{Kind: coerce.Text, Example: "x"}},
	}}
	tool := coerce.Tool{Name: "create_entities", Schema: coerce.Schema{Fields: []coerce.Field{{Name: "entities", Kind: coerce.Array, Example: "[]", Items: &entity}}},
		Handler: func(_ context.Context, a coerce.Args) (coerce.Result, error) { return nil, nil }}
	d, err := coerce.NewDispatcher(coerce.Config{MaxInputBytes: 1 << 20}, tool)
	if err != nil {
		b.Fatal(err)
	}
	one := `{"name":"Ada","entityType":"person","observations":["wrote notes","17"]}`
	for _, scale := range []int{1, 10} {
		in := []byte(`{"entities":[` + strings.Repeat(one+",", 100*scale-1) + one + `]}`)
		b.Run(strconv.Itoa(scale)+"x", func(b *testing.B) {
			for b.Loop() {
				if o := d.Call(context.Background(), "create_entities", in); o.Code != coerce.OK {
					b.Fatal(string(o.Observation))
				}
			}
			reportPerByte(b, len(in))
		})
	}
}
