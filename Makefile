# Targets: test (everything CI runs). More targets arrive with the page.
GO ?= go

.PHONY: test vet
test: vet
	$(GO) test ./...
	GOOS=js GOARCH=wasm $(GO) build ./coerce/... ./lesson/...

vet:
	$(GO) vet ./...
