//go:build !js

// Serve builds the playground's WebAssembly app when it is missing or older
// than its sources, and serves the page from web/ on 127.0.0.1.
//
//	go run serve.go                  # build if stale, serve http://127.0.0.1:8080/
//	go run serve.go -addr 127.0.0.1:9000
//	go run serve.go -addr :8080      # every interface: other machines may connect
//	go run serve.go -behind-proxy    # trust X-Forwarded-Proto from a TLS proxy in front
//	go run serve.go -build           # build if stale and exit (make build)
//	go run serve.go -size            # print the page's sizes, app.wasm by package, and exit (make size)
//	go run serve.go -symbolize out/app.symbols.wasm <crash.txt  # name the frames of app.wasm's traceback
//
// On start it says where the page is, who may frame the embed page
// (ALLOWED_EMBEDDERS) and, when that is unset, the one line that lets a
// course page on this machine over http frame it for testing. The handler is
// web.NewSite, the same one the tests and the edge worker (cmd/worker) use,
// in web.NewServer's timeouts.
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
	"strconv"
	"strings"
	"syscall"
	"time"

	"coerceplayground/build/gotoolchain"
	"coerceplayground/build/webbuild"
	"coerceplayground/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	buildOnly := flag.Bool("build", false, "build the page's outputs if stale, then exit")
	force := flag.Bool("force", false, "rebuild every output even when current")
	size := flag.Bool("size", false, "print raw, gzip and brotli sizes of the page's files, then exit")
	symbolize := flag.String("symbolize", "", "read a traceback of the served app.wasm on stdin and print it with the names, files and lines of this symbolised twin (out/app.symbols.wasm), then exit")
	behindProxy := flag.Bool("behind-proxy", false, "a reverse proxy terminates TLS in front: /oembed trusts its X-Forwarded-Proto")
	flag.Parse()

	if *symbolize != "" {
		bin, err := os.ReadFile(*symbolize)
		if err != nil {
			fail(err)
		}
		syms, err := webbuild.ReadSymbols(bin)
		if err == nil {
			err = webbuild.Symbolize(syms, os.Stdin, os.Stdout)
		}
		if err != nil {
			fail(err)
		}
		return
	}
	root, err := webbuild.ModuleRoot()
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
	if err := gotoolchain.Build(gotoolchain.Config{Root: root, Force: *force, Log: os.Stderr}); err != nil {
		fail(err)
	}
	if *buildOnly {
		return
	}

	// The embed page (/embed.html) may be framed by the sites in
	// ALLOWED_EMBEDDERS, as on the edge worker; /oembed answers for links here.
	allowed := os.Getenv("ALLOWED_EMBEDDERS")
	embedders, err := web.ParseEmbedders(allowed)
	if err != nil {
		fail(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fail(err)
	}
	site := web.NewSite(os.DirFS(webbuild.Web(root)), embedders)
	site.BehindProxy = *behindProxy
	srv := web.NewServer(site)
	fmt.Print(banner(*addr, ln.Addr().(*net.TCPAddr).Port, embedders, strings.TrimSpace(allowed) != "", *behindProxy))

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

// banner is what serve.go prints on start: the address, whether every
// interface listens, who may frame the embed page, and, when
// ALLOWED_EMBEDDERS is unset, the line that admits a local http course page.
func banner(addr string, port int, emb web.Embedders, set, behindProxy bool) string {
	var b strings.Builder
	host, _, _ := net.SplitHostPort(addr)
	local := "http://" + net.JoinHostPort(host, strconv.Itoa(port))
	every := host == "" || host == "0.0.0.0" || host == "::"
	if every {
		local = "http://127.0.0.1:" + strconv.Itoa(port)
	}
	fmt.Fprintf(&b, "Serving the playground at %s/ (Ctrl+C to stop)\n", local)
	if every {
		fmt.Fprintf(&b, "Listening on every interface (%s): other machines on this network can open "+
			"http://<this machine's address>:%d/ (offline use needs https or localhost there)\n", addr, port)
	}
	if behindProxy {
		b.WriteString("Behind a proxy: /oembed takes the scheme of its links from X-Forwarded-Proto\n")
	}
	if set {
		fmt.Fprintf(&b, "The embed page %s/embed.html may be framed by: %s (ALLOWED_EMBEDDERS)\n", local, emb)
	} else {
		fmt.Fprintf(&b, "The embed page %s/embed.html may be framed by: %s (the default; ALLOWED_EMBEDDERS is unset)\n", local, emb)
		fmt.Fprintf(&b, "To test it in a course page served over http on this machine (here port 8000), start with:\n"+
			"  ALLOWED_EMBEDDERS=\"%s http://127.0.0.1:8000 http://localhost:8000\" go run serve.go\n", emb)
	}
	for _, w := range emb.Warnings() {
		fmt.Fprintf(&b, "Warning: ALLOWED_EMBEDDERS: %s\n", w)
	}
	return b.String()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "serve:", err)
	os.Exit(1)
}
