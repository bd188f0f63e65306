// Command dist brings the page's build outputs up to date (build/webbuild)
// and writes the static bundle (build/dist): `make dist`.
//
//	go run ./build/dist/cmd/dist            # writes dist/
//	ALLOWED_EMBEDDERS='https://moodle.example.edu' go run ./build/dist/cmd/dist -out public
//
// ALLOWED_EMBEDDERS sets frame-ancestors of embed.html in dist/_headers (see
// web.ParseEmbedders; empty means web.DefaultEmbedders).
package main

import (
	"flag"
	"fmt"
	"os"

	"coerceplayground/build/dist"
	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

func main() {
	out := flag.String("out", "dist", "output directory (emptied first)")
	flag.Parse()
	root, err := webbuild.ModuleRoot()
	if err != nil {
		fail(err)
	}
	emb, err := web.ParseEmbedders(os.Getenv("ALLOWED_EMBEDDERS"))
	if err != nil {
		fail(err)
	}
	for _, w := range emb.Warnings() {
		fmt.Fprintln(os.Stderr, "dist: warning: ALLOWED_EMBEDDERS:", w)
	}
	if err := webbuild.Build(webbuild.Config{Root: root, Log: os.Stderr}); err != nil {
		fail(err)
	}
	dir := webbuild.UnderRoot(root, *out)
	man, err := dist.Build(dist.Config{Web: webbuild.Web(root), Out: dir, Embedders: emb, Log: os.Stderr})
	if err != nil {
		fail(err)
	}
	fmt.Printf("dist: %d files in %s; embed.html may be framed by: %s\n", len(man.Files), dir, emb)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dist:", err)
	os.Exit(1)
}
