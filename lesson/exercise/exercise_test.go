package exercise

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"coerceplayground/lesson"
)

// shippedTables are the classroom table and the get_job tables under lesson/testdata/tables.
func shippedTables(t *testing.T) map[string]lesson.Table {
	t.Helper()
	out := map[string]lesson.Table{"classroom": lesson.Classroom()}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "tables", "*.table"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no tables under lesson/testdata/tables: %v", err)
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := lesson.ParseTable(string(text))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = tab
	}
	return out
}

// program builds src natively and returns a function that runs it on an input.
func program(t *testing.T, src string) func(stdin string) (stdout string, exit int) {
	t.Helper()
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n\ngo 1.26\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644))
	bin := filepath.Join(dir, "prog")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return func(stdin string) (string, int) {
		cmd := exec.Command(bin)
		cmd.Stdin = strings.NewReader(stdin)
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return out.String(), ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), 0
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestSolutionPassesEveryShippedTable(t *testing.T) {
	run := program(t, Solution)
	graded := 0
	for name, tab := range shippedTables(t) {
		rows, err := Rows(tab)
		if err == ErrOtherTool {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, exit := run(Stdin(rows))
		if exit != 0 {
			t.Errorf("%s: the solution exited %d", name, exit)
		}
		for i, v := range Grade(rows, out) {
			if !v.Pass || v.Why != "" {
				t.Errorf("%s row %d %s: got %s %q, lesson %s %q: %s", name, i+1, v.Input, v.GotCode, v.GotField, v.Code, v.Field, v.Why)
			}
		}
		graded++
	}
	if graded < 4 {
		t.Errorf("graded %d get_job tables, want the classroom's and at least three more", graded)
	}
}

// TestWrongSolutions grades the classroom table with programs that go wrong in the ways a
// student's do: each row's code as read from the program, and the sentences.
func TestWrongSolutions(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		codes          []string // per classroom row: "17", 17, -1, "abc", True, 99
		dangerous      []bool
	}{
		{"the starter", "", "", []string{"invalid_args", "invalid_args", "invalid_args", "invalid_args", "invalid_args", "invalid_args"}, nil},
		{"accepts true", `case raw[0] == 't' || raw[0] == 'f':`, "case raw[0] == 't':\n\t\treturn 17, nil\n\tcase raw[0] == 'f':",
			[]string{"ok", "ok", "invalid_args", "invalid_args", "ok", "not_found"}, []bool{false, false, false, false, true, false}},
		{"panics on the fourth row", `	id, p := jobID(raw)`, "\tif string(raw) == `\"abc\"` {\n\t\tvar rows []int\n\t\t_ = rows[3]\n\t}\n\tid, p := jobID(raw)",
			[]string{"ok", "ok", "invalid_args", "none", "none", "none"}, nil},
		{"prints garbage", `fmt.Printf("%s\n", observation(call(in.Bytes())))`, `fmt.Println("job found!", string(observation(call(in.Bytes()))))`,
			[]string{"not_json", "not_json", "not_json", "not_json", "not_json", "not_json"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := Starter
			if c.old != "" {
				if !strings.Contains(Solution, c.old) {
					t.Fatalf("the solution has no %q", c.old)
				}
				src = strings.Replace(Solution, c.old, c.new, 1)
			}
			rows, err := Rows(lesson.Classroom())
			must(t, err)
			out, _ := program(t, src)(Stdin(rows))
			for i, v := range Grade(rows, out) {
				if v.GotCode != c.codes[i] {
					t.Errorf("row %d %s: got %s, want %s (line %q)", i+1, v.Input, v.GotCode, c.codes[i], v.Got)
				}
				if want := c.dangerous != nil && c.dangerous[i]; v.Dangerous != want {
					t.Errorf("row %d: dangerous %v, want %v", i+1, v.Dangerous, want)
				}
				if v.Pass == (v.Why != "") {
					t.Errorf("row %d: pass %v with why %q", i+1, v.Pass, v.Why)
				}
			}
		})
	}
}

func TestGradeReadsLines(t *testing.T) {
	rows := []Row{{Code: "ok"}, {Code: "invalid_args", Field: "job_id"}, {Code: "not_found", Field: "job_id"}, {Code: "ok"}}
	out := "{\"ok\":true,\"job\":{}}\r\n{\"error\":\"invalid_args\",\"field\":\"x\"}\n{\"ok\":true} trailing\n"
	v := Grade(rows, out)
	want := []struct {
		code, field string
		pass        bool
	}{{"ok", "", true}, {"invalid_args", "x", false}, {NotObservation, "", false}, {NoObservation, "", false}}
	for i, w := range want {
		if v[i].GotCode != w.code || v[i].GotField != w.field || v[i].Pass != w.pass {
			t.Errorf("row %d: %s %q %v, want %s %q %v", i+1, v[i].GotCode, v[i].GotField, v[i].Pass, w.code, w.field, w.pass)
		}
	}
	if !strings.Contains(v[1].Why, `yours is "x"`) {
		t.Errorf("field sentence: %q", v[1].Why)
	}
	long := strings.Repeat("é", MaxEcho)
	if g := Grade(rows[:1], long)[0].Got; len(g) > MaxEcho || !strings.HasSuffix(g, "…") {
		t.Errorf("a long line is not cut: %d bytes", len(g))
	}
}

func TestRowsRefusesOtherTools(t *testing.T) {
	tab := lesson.Classroom()
	tab.Tool = "get_user"
	if _, err := Rows(tab); err != ErrOtherTool {
		t.Errorf("Rows of a get_user table: %v", err)
	}
}

func FuzzGrade(f *testing.F) {
	for _, s := range []string{`{"ok":true}`, `{"error":"invalid_args","field":"job_id"}`, `{"error":1}`, `[]`, `{"ok":true}{}`, "\xff", `{"ok":true,"error":"x"}`} {
		f.Add(s)
	}
	rows := []Row{{Code: "ok"}, {Code: "invalid_args", Field: "job_id"}}
	f.Fuzz(func(t *testing.T, out string) {
		for _, v := range Grade(rows, out) {
			if len(v.Got) > MaxEcho || len(v.GotCode) > 64 || len(v.GotField) > 128 {
				t.Fatalf("uncapped verdict %+v", v)
			}
			if v.Pass && v.Why != "" || !v.Pass && v.Why == "" {
				t.Fatalf("pass %v with why %q", v.Pass, v.Why)
			}
		}
	})
}
