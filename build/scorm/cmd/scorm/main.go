// Command scorm brings the page's build outputs up to date (build/webbuild) and writes the
// SCORM packages (build/scorm): `make scorm`.
//
//	go run ./build/scorm/cmd/scorm                                    # the lesson's table
//	go run ./build/scorm/cmd/scorm -table week2.txt -title "Week 2"   # a table in the text format
//
// It writes dist/scorm/coerce-playground-scorm12.zip and -scorm2004.zip (-out changes the
// directory), and refuses a table that cannot be read or whose resume data cannot fit.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"coerceplayground/build/scorm"
	"coerceplayground/build/webbuild"
)

func main() {
	table := flag.String("table", "", "a table in the text format (as Export writes it); empty: the lesson's")
	title := flag.String("title", "", "the package's title in the course site; empty: the tool and the number of rows")
	out := flag.String("out", filepath.Join("dist", "scorm"), "output directory")
	flag.Parse()
	text := ""
	if *table != "" {
		b, err := os.ReadFile(*table)
		if err != nil {
			fail(err)
		}
		text = string(b)
	}
	t, err := scorm.Table(text)
	if err != nil {
		fail(err)
	}
	root, err := webbuild.ModuleRoot()
	if err != nil {
		fail(err)
	}
	if err := webbuild.Build(webbuild.Config{Root: root, Log: os.Stderr}); err != nil {
		fail(err)
	}
	dir := webbuild.UnderRoot(root, *out)
	paths, err := scorm.Build(webbuild.Web(root), dir, t, *title)
	if err != nil {
		fail(err)
	}
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			fail(err)
		}
		fmt.Printf("scorm: wrote %s (%d bytes, %d rows)\n", p, info.Size(), len(t.Rows))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scorm:", err)
	os.Exit(1)
}
