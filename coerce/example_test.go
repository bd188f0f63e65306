package coerce_test

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"coerceplayground/coerce"
)

// A tool is declared once in Go: its argument schema, the codes its handler may return, and the
// handler, which only ever sees valid, typed arguments.
func ExampleNewDispatcher() {
	getJob := coerce.Tool{
		Name:   "get_job",
		Schema: coerce.Schema{Fields: []coerce.Field{coerce.IntField("job_id", 2147483647, "17", "The job's id.")}},
		Codes:  []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
			id := args.Int("job_id")
			if id != 17 && id != 42 {
				return nil, coerce.NotFoundError("job_id", "no job "+strconv.FormatInt(id, 10)+"; job ids look like 17 and 42")
			}
			return coerce.Result{coerce.M("job", coerce.Object(
				coerce.M("id", coerce.Int(id)),
				coerce.M("status", coerce.String("failed")),
			))}, nil
		},
	}
	d, err := coerce.NewDispatcher(coerce.Config{}, getJob)
	if err != nil {
		panic(err)
	}
	for _, args := range []string{`{"job_id":"17"}`, `{"job_id":17}`, `{"job_id":-1}`, `{"job_id":"abc"}`, `{"job_id":true}`, `{"job_id":99}`} {
		o := d.Call(context.Background(), "get_job", []byte(args))
		fmt.Printf("%-18s %s\n", args, o.Observation)
	}
	// Output:
	// {"job_id":"17"}    {"ok":true,"job":{"id":17,"status":"failed"}}
	// {"job_id":17}      {"ok":true,"job":{"id":17,"status":"failed"}}
	// {"job_id":-1}      {"error":"invalid_args","field":"job_id","hint":"job_id must be a whole number from 1 to 2147483647, like 17","got":-1}
	// {"job_id":"abc"}   {"error":"invalid_args","field":"job_id","hint":"job_id must be digits only, like 17: no signs, spaces, decimal points, other scripts or words","got":"abc"}
	// {"job_id":true}    {"error":"invalid_args","field":"job_id","hint":"job_id must be a number like 17, not true or false","got":true}
	// {"job_id":99}      {"error":"not_found","field":"job_id","hint":"no job 99; job ids look like 17 and 42","got":99}
}

// The runtime, not the model, decides whether to retry: feed every outcome to the
// conversation's budget and do what it says.
func ExampleBudget_Observe() {
	b := coerce.NewBudget()
	for _, o := range []coerce.Outcome{
		{Tool: "get_job", Code: coerce.InvalidArgs, Field: "job_id"},
		{Tool: "get_job", Code: coerce.OK},
		{Tool: "get_job", Code: coerce.NotFound, Field: "job_id"},
		{Tool: "get_job", Code: coerce.NotFound, Field: "job_id"},
		{Tool: "get_job", Code: coerce.OK},
	} {
		v := b.Observe(o)
		fmt.Printf("%-13s %-8s %s\n", o.Code, v.Decision, v.Reason)
	}
	// Output:
	// invalid_args  retry    invalid_args on job_id: the model may fix it once, following the hint
	// ok            continue ok: the model goes on
	// not_found     retry    not_found: one more try with an id from the hint, no guessing
	// not_found     handoff  not_found twice: hand off, do not guess ids
	// ok            handoff  the loop already ended: not_found twice: hand off, do not guess ids
}

// A tool wrapping a vendor API hands the response to a normalizer; the vendor's body (an HTML
// page, a stack trace) never reaches the model.
func ExampleHTTPNormalizer_Normalize() {
	n := coerce.HTTPNormalizer{
		Now:   func() time.Time { return time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC) },
		NewID: func() string { return "3f9a1c" },
	}
	for _, resp := range []coerce.HTTPResponse{
		{Status: 429, Header: [][2]string{{"Retry-After", "Wed, 21 Oct 2026 07:28:30 GMT"}}},
		{Status: 503, Header: [][2]string{{"X-Request-Id", "req_81c2"}}, Body: []byte("<html>Service Unavailable</html>")},
		{Status: 500, Body: []byte("Traceback (most recent call last): ...")},
		{Status: 403},
	} {
		fmt.Println(resp.Status, string(n.Normalize(resp).Observation(0)))
	}
	// Output:
	// 429 {"error":"rate_limited","hint":"too many calls; the runtime retries after retry_after seconds","retry_after":30}
	// 503 {"error":"internal_error","hint":"the service failed; try later and quote the correlation_id","correlation_id":"req_81c2"}
	// 500 {"error":"internal_error","hint":"the service failed; try later and quote the correlation_id","correlation_id":"3f9a1c"}
	// 403 {"error":"denied","hint":"the service refused this call: the credentials lack permission; do not retry, tell the user"}
}

// The schema renders itself as the JSON Schema the model is shown. It states the canonical
// types; coercion ("17" for 17) is a tolerance of the runtime, not part of the contract.
func ExampleSchema_JSONSchema() {
	s := coerce.Schema{Fields: []coerce.Field{
		coerce.IDField("user_id", "usr_", "usr_8f3a", "The user."),
		coerce.BoolField("notify", "Send an email."),
	}}
	fmt.Print(string(s.JSONSchema()))
	// Output:
	// {
	//   "type": "object",
	//   "properties": {
	//     "user_id": {
	//       "type": "string",
	//       "pattern": "^usr_[A-Za-z0-9]{1,64}$",
	//       "description": "The user.",
	//       "examples": [
	//         "usr_8f3a"
	//       ]
	//     },
	//     "notify": {
	//       "type": "boolean",
	//       "description": "Send an email.",
	//       "examples": [
	//         true
	//       ]
	//     }
	//   },
	//   "required": [
	//     "user_id"
	//   ],
	//   "additionalProperties": false
	// }
}

// A handler reporting a value back uses WithGot: the value is cut to 64 bytes and never
// echoed when it, or the field's name, looks like a credential.
func ExampleError_WithGot() {
	fmt.Println(string(coerce.NotFoundError("user_id", "no such user").WithGot("usr_0000").Observation(0)))
	fmt.Println(string(coerce.NotFoundError("user_id", "no such user").WithGot("ghp_16C7e42F292c6912E7710c838347Ae178B4a").Observation(0)))
	fmt.Println(string(coerce.NotFoundError("api_key", "unknown key").WithGot("key_123").Observation(0)))
	// Output:
	// {"error":"not_found","field":"user_id","hint":"no such user","got":"usr_0000"}
	// {"error":"not_found","field":"user_id","hint":"no such user","got":"[redacted]"}
	// {"error":"not_found","field":"api_key","hint":"unknown key","got":"[redacted]"}
}

// CallTraced explains a call step by step, for a person: which rule changed the value, and which
// step decided the error. The outcome is the one Call gives.
func ExampleDispatcher_CallTraced() {
	getJob := coerce.Tool{
		Name:   "get_job",
		Schema: coerce.Schema{Fields: []coerce.Field{coerce.IntField("job_id", 2147483647, "17", "The job's id.")}},
		Codes:  []coerce.Code{coerce.NotFound},
		Handler: func(ctx context.Context, args coerce.Args) (coerce.Result, error) {
			if id := args.Int("job_id"); id != 42 {
				return nil, coerce.NotFoundError("job_id", "no job "+strconv.FormatInt(id, 10)+"; job ids look like 17 and 42")
			}
			return coerce.Result{coerce.M("job", coerce.Object(coerce.M("id", coerce.Int(42))))}, nil
		},
	}
	d, err := coerce.NewDispatcher(coerce.Config{}, getJob)
	if err != nil {
		panic(err)
	}
	for _, args := range []string{`{"job_id":" 42 "}`, `{"job_id":"017"}`} {
		o, trace := d.CallTraced(context.Background(), "get_job", []byte(args))
		fmt.Println(string(o.Observation))
		for _, s := range trace {
			fmt.Printf("  %-8s ok=%-5v %s", s.Name, s.OK, s.Detail)
			if s.After != "" {
				fmt.Printf(": %s → %s", s.Before, s.After)
			}
			fmt.Println()
		}
	}
	// Output:
	// {"ok":true,"job":{"id":42}}
	//   parse    ok=true  one strict JSON object, 17 bytes
	//   type     ok=true  a JSON string, which may hold digits
	//   trim     ok=true  surrounding white space removed: " 42 " → "42"
	//   digits   ok=true  a digit string read as an integer: "42" → 42
	//   range    ok=true  within 1 to 2147483647
	//   keys     ok=true  every argument is declared, every required one is present
	//   handler  ok=true  get_job returned a result of 27 bytes, within the 1024-byte cap
	// {"error":"invalid_args","field":"job_id","hint":"job_id must not start with 0 (some parsers read that as octal); send 17","got":"017"}
	//   parse    ok=true  one strict JSON object, 16 bytes
	//   type     ok=true  a JSON string, which may hold digits
	//   digits   ok=false job_id must not start with 0 (some parsers read that as octal); send 17
}

// A trace is written as a JSON array without encoding/json, for a page to keep beside the
// observation it explains.
func ExampleTrace_JSON() {
	d, err := coerce.NewDispatcher(coerce.Config{}, coerce.Tool{
		Name:    "get_user",
		Schema:  coerce.Schema{Fields: []coerce.Field{coerce.IDField("user_id", "usr_", "usr_8f3a", "The user.")}},
		Handler: func(context.Context, coerce.Args) (coerce.Result, error) { return coerce.Result{}, nil },
	})
	if err != nil {
		panic(err)
	}
	_, trace := d.CallTraced(context.Background(), "get_user", []byte(`{"user_id":"USR_8f3a"}`))
	fmt.Println(string(trace.JSON()))
	// Output:
	// [{"step":"parse","ok":true,"detail":"one strict JSON object, 22 bytes"},{"step":"type","ok":true,"field":"user_id","detail":"a JSON string"},{"step":"match","ok":false,"field":"user_id","detail":"user_id looks like \"usr_8f3a\": usr_ then letters and digits","before":"USR_8f3a"}]
}

// Explain says which rule Normalize applied, for a person: which status mapped to which code,
// and where retry_after or the correlation_id came from.
func ExampleHTTPNormalizer_Explain() {
	n := coerce.HTTPNormalizer{Now: func() time.Time { return time.Date(2026, 10, 21, 7, 28, 0, 0, time.UTC) }}
	for _, resp := range []coerce.HTTPResponse{
		{Status: 429, Header: [][2]string{{"Retry-After", "Wed, 21 Oct 2026 07:28:30 GMT"}}},
		{Status: 503, Header: [][2]string{{"X-Request-Id", "req_81c2"}}},
		{Status: 410},
		{DeadlineExceeded: true},
	} {
		fmt.Println(n.Explain(resp))
	}
	// Output:
	// HTTP 429 means too many requests: rate_limited, retry_after 30 s from the Retry-After date
	// HTTP 503 is a server error: internal_error with the service's request id from x-request-id
	// HTTP 410 has no such record: not_found
	// the client gave up waiting, so no status: timeout
}

// A verdict's Trace explains it the way a call's trace explains the call: which code came back,
// how many times against which cap, and what the runtime does, in the catalog's words.
func ExampleVerdict_Trace() {
	b := coerce.NewBudget()
	for _, o := range []coerce.Outcome{
		{Tool: "get_job", Code: coerce.InvalidArgs, Field: "job_id"},
		{Tool: "get_job", Code: coerce.InvalidArgs, Field: "job_id"},
	} {
		v := b.Observe(o)
		fmt.Println(v.Decision, v.Count, "of", v.Cap, "per", v.Per)
		for _, s := range v.Trace(o) {
			fmt.Printf("  %-8s %-5v %s\n", s.Name, s.OK, s.Detail)
		}
	}
	// Output:
	// retry 1 of 1 per field
	//   code     true  get_job answered invalid_args
	//   count    true  invalid_args once, 1 of the 1 the catalog allows, counted per tool and field
	//   decision true  within the cap, so a retry is allowed (the model, once per field, after fixing the argument the hint names)
	// handoff 2 of 1 per field
	//   code     true  get_job answered invalid_args
	//   count    true  invalid_args twice, over the catalog's cap of 1, counted per tool and field
	//   decision false the cap is passed, so the loop ends (a second invalid_args on the same field, or a fourth on the tool: stop and hand off to a person)
}

// NormalizeTraced gives Normalize's error and the steps that explain it: the status and its code
// first, then where retry_after came from, and that the body stayed out.
func ExampleHTTPNormalizer_NormalizeTraced() {
	n := coerce.HTTPNormalizer{}
	_, trace := n.NormalizeTraced(coerce.HTTPResponse{Status: 429, Header: [][2]string{{"Retry-After", "30"}},
		Body: []byte(`{"message":"API rate limit exceeded"}`)})
	fmt.Println(string(trace.JSON()))
	// Output:
	// [{"step":"status","ok":false,"detail":"HTTP 429 means too many requests"},{"step":"retry_after","ok":true,"detail":"retry_after 30 s, from Retry-After in seconds","before":"30","after":30},{"step":"body","ok":true,"detail":"the body, 37 bytes, stays out of the observation: the model never reads a vendor's page, traceback or echo"}]
}
