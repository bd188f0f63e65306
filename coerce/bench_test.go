package coerce_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/coerce/coercetest"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// benchInputs are the classroom's get_job calls docs/performance.md quotes figures for.
var benchInputs = []struct{ name, args string }{
	{"string17", `{"job_id":"17"}`},
	{"int17", `{"job_id":17}`},
	{"neg1", `{"job_id":-1}`},
	{"int99", `{"job_id":99}`},
}

// BenchmarkDispatch is the library's path: strict parse, coercion, handler, observation bytes.
func BenchmarkDispatch(b *testing.B) {
	d, err := coerce.NewDispatcher(coerce.Config{}, coercetest.GetJob())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, in := range benchInputs {
		raw := []byte(in.args)
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if o := d.Call(ctx, "get_job", raw); len(o.Observation) == 0 {
					b.Fatal("no observation")
				}
			}
		})
	}
}

// BenchmarkDispatchTraced is BenchmarkDispatch with the trace: what explaining a call costs.
// BenchmarkDispatch itself must not move when tracing changes (docs/performance.md).
func BenchmarkDispatchTraced(b *testing.B) {
	d, err := coerce.NewDispatcher(coerce.Config{}, coercetest.GetJob())
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, in := range benchInputs {
		raw := []byte(in.args)
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if o, tr := d.CallTraced(ctx, "get_job", raw); len(o.Observation) == 0 || len(tr) == 0 {
					b.Fatal("no observation or trace")
				}
			}
		})
	}
}

// BenchmarkJSONSchema is the usual alternative for the same inputs: encoding/json into a struct,
// plus validation against the committed get_job.schema.json with santhosh-tekuri/jsonschema. It
// does less (no coercion of "17", which it rejects; no observation), so it flatters the baseline.
func BenchmarkJSONSchema(b *testing.B) {
	c := jsonschema.NewCompiler()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(coercetest.GetJob().Schema.JSONSchema()))
	if err != nil {
		b.Fatal(err)
	}
	if err := c.AddResource("get_job.schema.json", doc); err != nil {
		b.Fatal(err)
	}
	sch, err := c.Compile("get_job.schema.json")
	if err != nil {
		b.Fatal(err)
	}
	type args struct {
		JobID int64 `json:"job_id"`
	}
	for _, in := range benchInputs {
		raw := []byte(in.args)
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
				if err != nil {
					b.Fatal(err)
				}
				if sch.Validate(v) != nil {
					continue
				}
				var a args
				if err := json.Unmarshal(raw, &a); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNormalize runs a vendor's 429 with Retry-After and a 503 with a request id through
// Normalize and, side by side, NormalizeTraced: what explaining a response costs, paid only by a
// caller that asks for the steps.
func BenchmarkNormalize(b *testing.B) {
	n := coerce.HTTPNormalizer{NewID: func() string { return "id" }}
	responses := []coerce.HTTPResponse{
		{Status: 429, Header: [][2]string{{"Retry-After", "30"}}, Body: []byte(`{"message":"slow down"}`)},
		{Status: 503, Header: [][2]string{{"X-Request-Id", "req_7Hq2xP"}}},
	}
	b.Run("Normalize", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range responses {
				if n.Normalize(r) == nil {
					b.Fatal("no error")
				}
			}
		}
	})
	b.Run("NormalizeTraced", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range responses {
				if e, tr := n.NormalizeTraced(r); e == nil || len(tr) == 0 {
					b.Fatal("no error or steps")
				}
			}
		}
	})
}

// BenchmarkBudget feeds the booleans preset's outcomes (invalid_args twice on job_id) to a new
// budget, with Observe alone and, side by side, with each verdict's Trace.
func BenchmarkBudget(b *testing.B) {
	o := coerce.Outcome{Tool: "get_job", Code: coerce.InvalidArgs, Field: "job_id"}
	b.Run("Observe", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bu := coerce.NewBudget()
			bu.Observe(o)
			if bu.Observe(o).Decision != coerce.Handoff {
				b.Fatal("no hand-off")
			}
		}
	})
	b.Run("ObserveTrace", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bu := coerce.NewBudget()
			bu.Observe(o).Trace(o)
			if len(bu.Observe(o).Trace(o)) != 3 {
				b.Fatal("no steps")
			}
		}
	})
}

// BenchmarkObservationLinear writes ok observations of about 1× and 10× the size in one run
// (a result of n members, each an object with a string and a list), through Call with a cap that
// holds both, and reports ns per observation byte: equal figures show the writer, its key checks
// included, is linear. The hint rows give a handler's hint of 64 KiB and 640 KiB: the
// observation stays at the cap, and ns/op shows the hint costs only the credential scan that
// redacts it.
func BenchmarkObservationLinear(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{100, 1000} {
		res := make(coerce.Result, n)
		for i := range res {
			res[i] = coerce.M("key_"+strconv.Itoa(i), coerce.Object(coerce.M("name", coerce.String("job number "+strconv.Itoa(i))), coerce.M("steps", coerce.List(coerce.Int(1), coerce.Int(2)))))
		}
		d, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{Name: "wide", Cap: 1 << 20,
			Handler: func(context.Context, coerce.Args) (coerce.Result, error) { return res, nil }})
		if err != nil {
			b.Fatal(err)
		}
		b.Run("ok/"+strconv.Itoa(n/100)+"x", func(b *testing.B) {
			b.ReportAllocs()
			size := 0
			for b.Loop() {
				o := d.Call(ctx, "wide", []byte(`{}`))
				if o.Code != coerce.OK {
					b.Fatalf("%s", o.Observation)
				}
				size = len(o.Observation)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
			b.ReportMetric(float64(size), "bytes")
		})
	}
	for _, kib := range []int{64, 640} {
		hint := strings.Repeat("h", kib<<10)
		d, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{Name: "loud",
			Handler: func(context.Context, coerce.Args) (coerce.Result, error) {
				return nil, coerce.NewError(coerce.InvalidArgs, "x", hint)
			}})
		if err != nil {
			b.Fatal(err)
		}
		b.Run("hint/"+strconv.Itoa(kib/64)+"x", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if o := d.Call(ctx, "loud", []byte(`{}`)); len(o.Observation) > coerce.DefaultCap {
					b.Fatalf("%d bytes", len(o.Observation))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(hint)), "ns/hint-byte")
		})
	}
}
