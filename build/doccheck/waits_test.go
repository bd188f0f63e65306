package doccheck

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBrowserTestsWaitOnConditions: no browser test gives a wait a budget of its own, except the
// benchmarks' cold loads (a browser of their own per load) and the one tab deadline.
func TestBrowserTestsWaitOnConditions(t *testing.T) {
	for _, p := range WaitBudgets(os.DirFS(moduleRoot(t)), "web/e2e", "coldload_test.go", "main_test.go") {
		t.Error(p)
	}
}

// TestWaitBudgets: a polling timeout other than 0, a deadline from the clock and a context with
// a timeout are found; a comment and an allowed file are not.
func TestWaitBudgets(t *testing.T) {
	fsys := fstest.MapFS{
		"e/a_test.go": {Data: []byte("package e\n\nfunc f() {\n\tpoll[bool](tb, `x`)\n\t// chromedp.WithPollingTimeout(5*time.Second) in a comment\n" +
			"\tchromedp.Poll[bool](`x`, chromedp.WithPollingTimeout(5*time.Second))\n\tdeadline := time.Now().Add(time.Second)\n}\n")},
		"e/b_test.go":  {Data: []byte("package e\n\nvar _ = chromedp.WithPollingTimeout(0)\n\nvar c, _ = context.WithTimeout(ctx, time.Minute)\n")},
		"e/ok_test.go": {Data: []byte("package e\n\nvar c, _ = context.WithTimeout(ctx, time.Minute)\n")},
	}
	var got []string
	for _, p := range WaitBudgets(fsys, "e", "ok_test.go") {
		got = append(got, p.File+":"+strconv.Itoa(p.Line))
	}
	want := "e/a_test.go:6 e/a_test.go:7 e/b_test.go:5"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}
