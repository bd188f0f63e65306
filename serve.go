//go:build !js

// Serve builds the playground's WebAssembly app when it is missing or older
// than its sources, and serves the page from web/ on 127.0.0.1.
//
//	go run serve.go                  # build if stale, serve http://127.0.0.1:8080/
//	go run serve.go -addr 127.0.0.1:9000
//	go run serve.go -build           # build if stale and exit (make build)
//	go run serve.go -size            # print the page's sizes, app.wasm by package, and exit (make size)
//
// The handler is web.NewSite, the same one the tests and the edge worker
// (wasm/worker) use.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"coerceplayground/internal/webbuild"
	"coerceplayground/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	buildOnly := flag.Bool("build", false, "build the page's outputs if stale, then exit")
	force := flag.Bool("force", false, "rebuild every output even when current")
	size := flag.Bool("size", false, "print raw, gzip and brotli sizes of the page's files, then exit")
	flag.Parse()

	root, err := moduleRoot()
	if err != nil {
		fail(err)
	}
	if *size {
		sizes, err := webbuild.Sizes(webbuild.Web(root))
		if err != nil {
			fail(err)
		}
		fmt.Print(webbuild.FormatSizes(sizes))
		report, err := webbuild.PackageReport(webbuild.Config{Root: root}, "./wasm/app", 30, sizes[len(sizes)-2].Brotli)
		if err != nil {
			fail(err)
		}
		fmt.Print(report)
		return
	}
	if err := webbuild.Build(webbuild.Config{Root: root, Force: *force, Log: os.Stderr}); err != nil {
		fail(err)
	}
	if *buildOnly {
		return
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fail(err)
	}
	// The embed page (/embed.html) may be framed by the sites in
	// ALLOWED_EMBEDDERS, as on the edge worker; /oembed answers for links here.
	embedders, err := web.ParseEmbedders(os.Getenv("ALLOWED_EMBEDDERS"))
	if err != nil {
		fail(err)
	}
	srv := &http.Server{
		Handler:           web.NewSite(os.DirFS(webbuild.Web(root)), embedders),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Printf("Serving the playground at http://%s/ (Ctrl+C to stop)\n", ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fail(err)
	}
}

// moduleRoot finds the directory holding go.mod, from the working directory
// up, so `go run serve.go` works from the repository root and below it.
func moduleRoot() (string, error) {
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
			return "", errors.New("serve: no go.mod above the working directory; run it from the repository")
		}
		dir = parent
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "serve:", err)
	os.Exit(1)
}
