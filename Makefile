# make test is what CI runs (.ci/run): vet, build the page, then every Go test, including the
# end-to-end tests in headless Chromium (web/e2e).
GO ?= go

.PHONY: build serve test vet size bench clean browser

# build writes web/app.wasm, web/wasm_exec.js, web/wasm-size.js and a .gz and .br beside each
# page file; each only when stale.
build:
	$(GO) run serve.go -build

serve:
	$(GO) run serve.go

test: vet build browser
	GOOS=js GOARCH=wasm $(GO) build ./coerce/... ./lesson/... ./wasm/... ./web
	$(GO) test ./...

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

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...

size: build
	$(GO) run serve.go -size

# bench measures load and run times in headless Chromium (figures for the README; no budget fails it).
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 7x ./web/e2e

clean:
	rm -f web/app.wasm web/wasm_exec.js web/wasm-size.js web/*.br web/*.gz web/*.tmp
	rm -rf artifacts
