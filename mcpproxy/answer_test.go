package mcpproxy

import (
	"encoding/json"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// FuzzWithNext: whatever the hint and field, an error observation with next added is one JSON
// object within the cap, with its code, and next once, last.
func FuzzWithNext(f *testing.F) {
	f.Add("job_id", "job_id must be a whole number", "handoff")
	f.Add(strings.Repeat("f", 300), strings.Repeat("é", 700), "stop")
	f.Fuzz(func(t *testing.T, field, hint, n string) {
		if n != "stop" && n != "handoff" {
			n = ""
		}
		obs := (&coerce.Error{Code: coerce.InvalidArgs, Field: field, Hint: hint}).Observation(argsCap)
		out := withNext(obs, n)
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil || len(out) > answerCap || m["error"] != "invalid_args" {
			t.Fatalf("withNext(%s, %q) = %s (%d bytes): %v", obs, n, out, len(out), err)
		}
		if n != "" && (strings.Count(string(out), `"next":`) != 1 || !strings.HasSuffix(string(out), `"next":"`+n+`"}`)) {
			t.Fatalf("next is not once and last: %s", out)
		}
	})
}
