package doccheck

import (
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// budgetRE finds a wait with a time limit of its own in a browser test: chromedp's polling
// timeout, a deadline computed from the clock, or a context with a timeout.
var budgetRE = regexp.MustCompile(`WithPollingTimeout\([^0)]|time\.Now\(\)\.Add\(|context\.WithTimeout\(`)

// WaitBudgets reports every wait with a time budget of its own in the browser tests (the Go
// files of dir), outside the files in allowed. The tests wait on conditions for as long as the
// tab lives (web/e2e's tabContext and poll): a budget per wait is a bet on the machine's load,
// and on a loaded 2-core machine it lost.
func WaitBudgets(fsys fs.FS, dir string, allowed ...string) []Problem {
	var c checker
	names, _ := fs.Glob(fsys, path.Join(dir, "*.go"))
	for _, name := range names {
		if slices.Contains(allowed, path.Base(name)) {
			continue
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			continue
		}
		for i, l := range strings.Split(string(b), "\n") {
			if m := budgetRE.FindString(l); m != "" && !strings.HasPrefix(strings.TrimSpace(l), "//") {
				c.report(name, i+1, "%s…: a wait with a time limit of its own; wait on the condition with poll (or until tb.ctx ends)", m)
			}
		}
	}
	return c.problems
}
