# make test is what CI runs (.ci/run): vet, build the page, then every Go test, including the
# end-to-end tests in headless Chromium (web/e2e).
GO ?= go

.PHONY: build serve test vet size bench clean

# build writes web/app.wasm, web/wasm_exec.js, web/wasm-size.js and a .gz and .br beside each
# page file; each only when stale.
build:
	$(GO) run serve.go -build

serve:
	$(GO) run serve.go

test: vet build
	GOOS=js GOARCH=wasm $(GO) build ./coerce/... ./lesson/... ./wasm/... ./web
	$(GO) test ./...

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./wasm/...

size: build
	$(GO) run serve.go -size

# bench measures load and run times in headless Chromium (figures for the README; no budget fails it).
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 7x ./web/e2e

clean:
	rm -f web/app.wasm web/app.wasm.tmp web/wasm_exec.js web/wasm-size.js web/*.br web/*.gz web/*.tmp
	rm -rf artifacts
