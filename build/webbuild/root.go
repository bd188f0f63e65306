package webbuild

import (
	"errors"
	"os"
	"path/filepath"
)

// ModuleRoot is the directory holding go.mod, from the working directory up, so that the
// commands that build the page (serve.go, dist, scorm) work from the repository root and from
// any directory below it.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory; run it from the repository")
		}
		dir = parent
	}
}

// UnderRoot is dir taken from root when it is relative, as the commands' -out flags are.
func UnderRoot(root, dir string) string {
	if filepath.IsAbs(dir) {
		return dir
	}
	return filepath.Join(root, dir)
}
