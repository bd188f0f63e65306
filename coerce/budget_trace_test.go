package coerce_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"coerceplayground/coerce"
)

// loopVocabulary is the loop's step vocabulary (docs/trace.md, "The loop's steps"), in order.
var loopVocabulary = []string{"code", "count", "decision"}

// TestVerdictTrace: for every row of testdata/loop.tsv, the verdict is the one the row
// names and its explanation agrees with it: only the loop's vocabulary, in order; the code step
// names the tool, code and field; a count step exactly when the budget counted, in words that
// hold the verdict's count and cap; the decision last, not ok exactly when the loop ends, in the
// catalog entry's words.
func TestVerdictTrace(t *testing.T) {
	budgets := map[string]*coerce.Budget{}
	for _, c := range readFixtures(t, "testdata/loop.tsv", 9) {
		line, conv, tool, code, field, decision, says := c[0], c[1], c[2], coerce.Code(c[3]), c[4], c[5], c[9]
		count, _ := strconv.Atoi(c[6])
		capN, _ := strconv.Atoi(c[7])
		per := c[8]
		if field == "-" {
			field = ""
		}
		if per == "-" {
			per = ""
		}
		b := budgets[conv]
		if b == nil {
			b = coerce.NewBudget()
			budgets[conv] = b
		}
		o := coerce.Outcome{Tool: tool, Code: code, Field: field}
		v := b.Observe(o)
		at := "loop.tsv:" + line
		if string(v.Decision) != decision || v.Count != count || v.Cap != capN || v.Per != per {
			t.Errorf("%s: verdict %s %d/%d per %q, want %s %d/%d per %q", at, v.Decision, v.Count, v.Cap, v.Per, decision, count, capN, per)
		}
		tr := v.Trace(o)
		checkLoopTrace(t, at, o, v, tr)
		var counted string
		for _, s := range tr {
			if s.Name == "count" {
				counted = s.Detail
			}
		}
		if says == "-" && counted != "" || says != "-" && !strings.Contains(counted, says) {
			t.Errorf("%s: the count step says %q, want %q", at, counted, says)
		}
	}
}

// checkLoopTrace asserts the rules of the loop's steps for one verdict.
func checkLoopTrace(t *testing.T, at string, o coerce.Outcome, v coerce.Verdict, tr coerce.Trace) {
	t.Helper()
	if len(tr) < 2 || tr[0].Name != "code" || tr[len(tr)-1].Name != "decision" {
		t.Fatalf("%s: steps %+v, want code … decision", at, tr)
	}
	prev := -1
	for i, s := range tr {
		k := indexOf(loopVocabulary, s.Name)
		if k <= prev {
			t.Errorf("%s: step %d %q is not in the loop's vocabulary, or out of order", at, i+1, s.Name)
		}
		prev = k
		if last := i == len(tr)-1; s.OK != (!last || v.Decision == coerce.Continue || v.Decision == coerce.Retry) {
			t.Errorf("%s: step %s ok = %v for %s", at, s.Name, s.OK, v.Decision)
		}
	}
	if tr[0].Field != o.Field || !strings.Contains(tr[0].Detail, o.Tool+" answered "+string(o.Code)) {
		t.Errorf("%s: the code step %+v does not name %s, %s and %q", at, tr[0], o.Tool, o.Code, o.Field)
	}
	hasCount := len(tr) == 3
	if hasCount != (v.Count > 0) {
		t.Errorf("%s: a count step %v, but the verdict counted %d", at, hasCount, v.Count)
	}
	capWords := strconv.Itoa(v.Cap)
	if v.Cap == 0 {
		capWords = "allows none"
	}
	if hasCount && (!strings.HasPrefix(tr[1].Detail, string(o.Code)+" ") || !strings.Contains(tr[1].Detail, capWords)) {
		t.Errorf("%s: the count step %q does not name the code and the cap %d", at, tr[1].Detail, v.Cap)
	}
	d := tr[len(tr)-1].Detail
	says := map[coerce.Decision]string{coerce.Continue: "goes on", coerce.Retry: "a retry is allowed", coerce.Stop: "the loop ends", coerce.Handoff: "the loop ends"}[v.Decision]
	if v.Count == 0 && (v.Decision == coerce.Stop || v.Decision == coerce.Handoff) {
		says = v.Reason // nothing counted: a code outside the catalog, or the loop had ended
	}
	if !strings.Contains(d, says) {
		t.Errorf("%s: the decision step %q does not say %q for %s", at, d, says, v.Decision)
	}
	if e, ok := coerce.Lookup(o.Code); ok && v.Count > 0 {
		words := e.Retry
		if v.Decision == coerce.Stop || v.Decision == coerce.Handoff {
			words = e.Stop
		}
		if !strings.Contains(d, words) {
			t.Errorf("%s: the decision step %q does not give the catalog's words %q", at, d, words)
		}
	}
	var steps []map[string]any
	if err := json.Unmarshal(tr.JSON(), &steps); err != nil || len(steps) != len(tr) {
		t.Errorf("%s: Trace.JSON %s: %v", at, tr.JSON(), err)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// FuzzVerdictTrace: any sequence of outcomes (each byte picks a tool, a code and a field) gets
// verdicts whose steps obey checkLoopTrace, including after the loop has ended.
func FuzzVerdictTrace(f *testing.F) {
	f.Add([]byte{1, 1})
	f.Add([]byte{1, 9, 17, 25, 0})
	f.Add([]byte{3, 0, 3})
	f.Add([]byte{4, 4, 4, 4})
	f.Add(bytes.Repeat([]byte{1, 9, 17}, 1<<20/3)) // 1 MB: the target reads its first 64 outcomes
	tools := []string{"get_job", "get_user"}
	codes := []coerce.Code{coerce.OK, coerce.InvalidArgs, coerce.NotFound, coerce.Denied, coerce.RateLimited, coerce.Timeout, coerce.InternalError, "teapot"}
	fields := []string{"", "job_id", "user_id", "x"}
	f.Fuzz(func(t *testing.T, seq []byte) {
		if len(seq) > 64 {
			seq = seq[:64]
		}
		b := coerce.NewBudget()
		for i, c := range seq {
			o := coerce.Outcome{Tool: tools[c>>7], Code: codes[c&7], Field: fields[(c>>3)&3]}
			v := b.Observe(o)
			checkLoopTrace(t, "outcome "+strconv.Itoa(i+1), o, v, v.Trace(o))
		}
	})
}
