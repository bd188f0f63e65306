package doccheck

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLibraryFreeOfTheClassroom: coerce and its subpackages, tests included, build on nothing of
// this module but coerce/... and internal/...: the library's tests run on tools of their own
// (coerce/coercetest), so a change of the lesson's wording cannot break them, and coerce can be
// lifted out of the classroom whole.
func TestLibraryFreeOfTheClassroom(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command on PATH to list coerce's dependencies: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-test", "-deps", "-f", "{{.ImportPath}}", "./coerce/...")
	cmd.Dir = moduleRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -test -deps ./coerce/...: %v", err)
	}
	if bad := classroomDeps(string(out)); len(bad) > 0 {
		t.Errorf("coerce's packages or tests depend on the classroom: %s", strings.Join(bad, ", "))
	}
	if !strings.Contains(string(out), "coerceplayground/coerce.test") {
		t.Errorf("go list listed no coerce test binary; the check read nothing:\n%s", out)
	}
}

// classroomDeps returns the module's packages in a go list -test -deps listing that are neither
// coerce's nor internal, each once, with the test that pulls it in.
func classroomDeps(listing string) []string {
	var bad []string
	for _, line := range strings.Split(listing, "\n") {
		path, _, _ := strings.Cut(line, " ")
		rest, ok := strings.CutPrefix(path, "coerceplayground/")
		if !ok || rest == "coerce" || strings.HasPrefix(rest, "coerce/") || strings.HasPrefix(rest, "coerce_test") ||
			strings.HasPrefix(rest, "coerce.test") || strings.HasPrefix(rest, "internal/") {
			continue
		}
		bad = append(bad, line)
	}
	return bad
}

func TestClassroomDeps(t *testing.T) {
	listing := "coerceplayground/coerce\ncoerceplayground/internal/jsontree\ncoerceplayground/coerce/mcpwire [coerceplayground/coerce.test]\n" +
		"coerceplayground/lesson [coerceplayground/coerce.test]\ncoerceplayground/coerce_test [coerceplayground/coerce.test]\n" +
		"coerceplayground/coerce.test\ncoerceplayground/coerce/tooldef_test [coerceplayground/coerce/tooldef.test]\nfmt\n" +
		"coerceplayground/lessons/x\ncoerceplayground/coercer\n"
	got := strings.Join(classroomDeps(listing), "|")
	if want := "coerceplayground/lesson [coerceplayground/coerce.test]|coerceplayground/lessons/x|coerceplayground/coercer"; got != want {
		t.Errorf("classroomDeps = %q, want %q", got, want)
	}
}
