# make test is what CI runs (.ci/run): it installs what its tests need (Chromium when root, the
# pinned wrangler), vets, builds the page, then runs every Go test, including the end-to-end tests
# in headless Chromium and the edge worker on wrangler dev (web/e2e).
GO ?= go

.PHONY: build serve test vet size bench clean browser wrangler dist scorm worker deploy

# build writes web/app.wasm, web/wasm_exec.js, web/wasm-size.js and a .gz and .br beside each
# page file, each only when stale; and the exercise's toolchain (build/gotoolchain: compile.wasm,
# link.wasm, std.tar), only when the Go version or the allowlist changed.
build:
	$(GO) run serve.go -build

serve:
	$(GO) run serve.go

# -timeout 30m: the browser suite alone takes over 10 minutes (go test's default) on a busy 2-core machine.
test: vet build browser wrangler
	GOOS=js GOARCH=wasm $(GO) build ./coerce/... ./lesson/... ./wasm/... ./web
	$(GO) test -timeout 30m ./...

# browser installs Debian's chromium for the browser tests when none is found and we are root (as in
# CI); otherwise the tests say why they skip, and fail under CI=true.
browser:
	@if [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
	  || command -v google-chrome >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "make: installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	    || echo "make: could not install chromium"; \
	else echo "make: no Chromium found and not root: the browser tests will skip (and fail under CI=true)"; fi

# wrangler installs the pinned dev packages (package-lock.json) when node_modules lacks wrangler
# (4.86.0, for the edge worker test) or one of the MCP packages the proxy's tests run (the
# TypeScript SDK and the reference servers everything and memory); a node_modules that is a
# symlink to a shared install counts as present. Without npm it says so, and those tests then
# fail under CI=true naming what is missing.
NPM_NEEDS := node_modules/.bin/wrangler node_modules/@modelcontextprotocol/sdk/package.json \
	node_modules/@modelcontextprotocol/server-everything/package.json node_modules/@modelcontextprotocol/server-memory/package.json
wrangler:
	@missing=0; for f in $(NPM_NEEDS); do [ -e $$f ] || missing=1; done; [ $$missing = 1 ] || exit 0; \
	if command -v npm >/dev/null 2>&1; then \
	  echo "make: installing the pinned dev packages (npm ci) for the edge worker and proxy tests"; \
	  npm ci --no-audit --no-fund || echo "make: npm ci failed: the edge worker and proxy tests will fail"; \
	else echo "make: npm not found: install Node 20 (with npm) for the edge worker and proxy tests"; fi

# vet also runs staticcheck (the version pinned here, installed into out/bin so that the same
# binary checks the native build and the js/wasm one, whose packages it loads with GOOS=js).
STATICCHECK = honnef.co/go/tools/cmd/staticcheck@v0.8.2

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...
	GOBIN='$(CURDIR)/out/bin' $(GO) install $(STATICCHECK)
	out/bin/staticcheck ./...
	GOOS=js GOARCH=wasm out/bin/staticcheck ./coerce/... ./lesson/... ./wasm/... ./web ./cmd/worker

# size prints the page's files raw, gzip and brotli, then app.wasm's code by Go package (from a
# build that keeps the name section) with each package's estimated share of the brotli file.
size: build
	$(GO) run serve.go -size

# bench measures the page in headless Chromium and prints each figure against its goal (figures
# for docs/performance.md; no goal fails it). BenchmarkSideBySide loads the page and the embed cold
# and returning, interleaved with a bare Go page (and the lesson on Pyodide, the pinned npm
# package), over loopback and on a classroom link paced at the server, and prints the ratios;
# BENCH_REF=<git revision> builds that revision in the user cache and presses the 10,000-row Run
# in both builds in turn (BenchmarkRunMaxRows); Lighthouse (the pinned npm package) gives the
# medians of 3 runs on the page, the embed and the SCORM launch page; BenchmarkStartTasks the
# longest task of the app's start at a 4x slower CPU.
bench: build
	@[ -f node_modules/pyodide/package.json ] || echo "make: node_modules has no pyodide (run npm ci): the side-by-side benchmark leaves the Pyodide page out"
	BENCH_REF='$(BENCH_REF)' $(GO) test -run '^$$' -bench 'SideBySide|Run|Load' -benchtime 7x -timeout 90m ./web/e2e
	$(GO) test -run '^$$' -bench Lighthouse -benchtime 3x -timeout 30m ./web/e2e
	$(GO) test -run '^$$' -bench StartTasks -benchtime 3x -timeout 30m ./web/e2e

# dist writes dist/, the static bundle for any static host: content-hashed names, .gz and .br
# siblings, and _headers (ALLOWED_EMBEDDERS sets embed.html's frame-ancestors there).
dist:
	$(GO) run ./build/dist/cmd/dist

# scorm writes dist/scorm/coerce-playground-scorm12.zip and -scorm2004.zip (build/scorm): the
# embed page in predict mode on the lesson's table, or on TABLE=file.txt (the text format, as
# Export writes it), titled TITLE= in the course site. The same input gives the same bytes.
scorm:
	$(GO) run ./build/scorm/cmd/scorm $(if $(TABLE),-table '$(TABLE)') $(if $(TITLE),-title '$(TITLE)')

# worker builds the Cloudflare Worker (cmd/worker, syumai/workers) into out/worker, where
# wrangler.jsonc's main points.
worker:
	$(GO) run github.com/syumai/workers/cmd/workers-assets-gen -mode=go -runtime=cloudflare -o out/worker
	GOOS=js GOARCH=wasm $(GO) build -o out/worker/app.wasm ./cmd/worker

# deploy publishes dist/ (Workers Static Assets) and the worker with the pinned wrangler. It needs
# a Cloudflare login (npx wrangler login, or CLOUDFLARE_API_TOKEN); the tests never run it.
# Set the course sites that may frame the embed page in wrangler.jsonc's vars.ALLOWED_EMBEDDERS
# first (a plain variable, not a secret).
deploy: dist worker wrangler
	node node_modules/.bin/wrangler deploy

clean:
	rm -f web/app.wasm web/wasm_exec.js web/wasm-size.js web/*.br web/*.gz web/*.tmp
	rm -f web/compile.wasm web/link.wasm web/std.tar web/toolchain.key
	rm -rf artifacts
	rm -rf dist out/worker out/bin .wrangler
