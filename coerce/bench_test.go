package coerce_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"coerceplayground/coerce"
	"coerceplayground/lesson"

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
	d, err := coerce.NewDispatcher(coerce.Config{}, lesson.GetJob(lesson.Jobs(), nil))
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
	d, err := coerce.NewDispatcher(coerce.Config{}, lesson.GetJob(lesson.Jobs(), nil))
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
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(lesson.SchemaJSON()))
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
