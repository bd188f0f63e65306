package tooldef_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/tooldef"
)

// withProperty is a tool whose one argument x has the schema prop.
func withProperty(prop string) []byte {
	return []byte(`{"name":"t","inputSchema":{"type":"object","properties":{"x":` + prop + `}}}`)
}

// enumDef is a tool whose argument x is an enum of n values, each of which is also a record.
func enumDef(n int) []byte {
	var vals []string
	for i := range n {
		vals = append(vals, `"v`+strconv.Itoa(i)+`"`)
	}
	list := strings.Join(vals, ",")
	return []byte(`{"name":"t","inputSchema":{"type":"object","properties":{"x":{"type":"string","enum":[` + list + `]}}},"x-coerce":{"records":{"x":[` + strings.Join(vals[:min(n, 10000)], ",") + `]}}}`)
}

// TestHostileDefinitions: a definition past a bound is refused before the work that grows with
// it, and every refusal is a bounded sentence, whatever it quotes.
func TestHostileDefinitions(t *testing.T) {
	for _, c := range []struct {
		name, phrase string
		def          []byte
	}{
		{"a{10000} 1,000 times", "over the limit of 4096", withProperty(`{"type":"string","pattern":"^` + strings.Repeat("a{10000}", 1000) + `$"}`)},
		{"a{10000} 50,000 times", "over the limit of 4096", withProperty(`{"type":"string","pattern":"^` + strings.Repeat("a{10000}", 50000) + `$"}`)},
		{"a made-up example over maxLength", "cannot make an example", withProperty(`{"type":"string","pattern":"^a{1000}b{1000}$","maxLength":10}`)},
		{"a 1 MB key", "is not a keyword", withProperty(`{"type":"string","` + strings.Repeat("k", 1<<20) + `":1}`)},
		{"a 1 MB enum value twice", "twice", withProperty(`{"type":"string","enum":["` + strings.Repeat("e", 1<<20) + `","` + strings.Repeat("e", 1<<20) + `"]}`)},
	} {
		l, err := tooldef.Read(c.def)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = l.Pick("t")
		e, ok := err.(*tooldef.Error)
		if !ok || !strings.Contains(e.Msg, c.phrase) || len(e.Error()) > 2048 {
			t.Errorf("%s: refused with %.300v (%d bytes); want a refusal of at most 2 KB containing %q", c.name, err, len(err.Error()), c.phrase)
		}
	}
	l, err := tooldef.Read(enumDef(100000))
	if err != nil || len(l.Tools) != 1 || len(l.Tools[0].Schema.Fields[0].Enum) != 100000 {
		t.Fatalf("a 100,000-value enum: %v %v", err, l.Refused)
	}
	d := dispatcher(t, l.Tools[0].Tool(nil))
	for args, code := range map[string]coerce.Code{`{"x":"v9999"}`: coerce.OK, `{"x":"v99999"}`: coerce.NotFound, `{"x":"v100000"}`: coerce.InvalidArgs} {
		if o := d.Call(context.Background(), "t", []byte(args)); o.Code != code {
			t.Errorf("a 100,000-value enum: %s gave %s, want %s", args, o.Observation, code)
		}
	}
}

// BenchmarkRead reads a tools/list result of 100 and of 1,000 tools (1x and 10x) in one run and
// reports ns per byte: the reader is linear in its text.
func BenchmarkRead(b *testing.B) {
	for _, scale := range []int{1, 10} {
		var tools []string
		for i := range 100 * scale {
			tools = append(tools, `{"name":"t`+strconv.Itoa(i)+`","inputSchema":{"type":"object","properties":{"id":{"type":"string","pattern":"^ord_[0-9a-f]{8}$"},"n":{"type":"integer","minimum":1}},"required":["id"]}}`)
		}
		data := []byte(`{"tools":[` + strings.Join(tools, ",\n") + `]}`)
		b.Run(strconv.Itoa(scale)+"x", func(b *testing.B) {
			for b.Loop() {
				if l, err := tooldef.Read(data); err != nil || len(l.Tools) != 100*scale {
					b.Fatal(err, l.Refused)
				}
			}
			reportPerByte(b, len(data))
		})
	}
}

// BenchmarkEnum reads a definition whose enum has 10,000 and 100,000 values (1x and 10x), with
// 10,000 records checked against it, and reports ns per byte.
func BenchmarkEnum(b *testing.B) {
	for _, scale := range []int{1, 10} {
		data := enumDef(10000 * scale)
		b.Run(strconv.Itoa(scale)+"x", func(b *testing.B) {
			for b.Loop() {
				if l, err := tooldef.Read(data); err != nil || len(l.Tools) != 1 {
					b.Fatal(err, l.Refused)
				}
			}
			reportPerByte(b, len(data))
		})
	}
}

// reportPerByte reports the time per byte of an input of n bytes.
func reportPerByte(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/byte")
}
