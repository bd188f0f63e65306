package doccheck

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestRepositorySizes: no function of the repository's Go code, tests included, is over
// MaxFuncLines and no file over MaxFileLines; a failure names the function or the file.
func TestRepositorySizes(t *testing.T) {
	for _, p := range Sizes(os.DirFS(moduleRoot(t))) {
		t.Error(p)
	}
}

// TestSizes feeds Sizes a function and a file at the limits and one line over each.
func TestSizes(t *testing.T) {
	body := func(n int) string { return strings.Repeat("\tx++\n", n-4) } // with the func line, "x := 0", "_ = x" and "}"
	fn := func(name string, lines int) string {
		return "func " + name + "() {\n\tx := 0\n" + body(lines) + "\t_ = x\n}\n"
	}
	lit := "var f = func() {\n" + strings.Repeat("\tprintln()\n", MaxFuncLines-1) + "}\n"
	pad := func(src string, lines int) string { return src + strings.Repeat("\n", lines-strings.Count(src, "\n")) }
	fsys := fstest.MapFS{
		"a/ok.go":         {Data: []byte(pad("package a\n\n"+fn("Fits", MaxFuncLines-1), MaxFileLines))},
		"a/long.go":       {Data: []byte("package a\n\ntype T struct{}\n\nfunc (t *T) " + fn("Long", MaxFuncLines+1)[5:] + lit)},
		"b/big_test.go":   {Data: []byte(pad("package b\n", MaxFileLines+1))},
		"b/testdata/x.go": {Data: []byte(pad("package x\n", MaxFileLines+50))},
		".gitignore":      {Data: []byte("/out/\n")},
		"out/gen.go":      {Data: []byte(pad("package gen\n", MaxFileLines+50))},
	}
	got := Sizes(fsys)
	var msgs []string
	for _, p := range got {
		msgs = append(msgs, p.String())
	}
	want := []string{
		"a/long.go:5: T.Long has 81 lines, over 80",
		"a/long.go:86: a function literal has 81 lines, over 80",
		"b/big_test.go:401: the file has 401 lines, over 400",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%s", len(got), len(want), strings.Join(msgs, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(msgs[i], w) {
			t.Errorf("problem %d: %s, want %s…", i, msgs[i], w)
		}
	}
}
