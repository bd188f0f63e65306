package web

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"slices"
	"testing"
	"testing/fstest"
)

type swConfig struct {
	Version  string   `json:"version"`
	Precache []string `json:"precache"`
	Lazy     []string `json:"lazy"`
}

func readSW(t *testing.T, h *Handler) swConfig {
	t.Helper()
	res := get(t, h, "GET", "/sw.js", "br, gzip")
	b := body(t, res)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/javascript; charset=utf-8" ||
		res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("Content-Encoding") != "" {
		t.Fatalf("GET /sw.js: %d %v", res.StatusCode, res.Header)
	}
	m := regexp.MustCompile(`\nvar CONFIG = (\{.*\});\n`).FindStringSubmatch(b)
	var cfg swConfig
	if m == nil || json.Unmarshal([]byte(m[1]), &cfg) != nil {
		t.Fatalf("sw.js has no CONFIG line:\n%.300s", b)
	}
	return cfg
}

// /sw.js is the committed worker with its version (a hash of the page's
// files as served now) and file lists filled in.
func TestServiceWorkerVersionFollowsTheFiles(t *testing.T) {
	fsys := site()
	for _, name := range []string{ServiceWorkerName, ManifestName} {
		data, err := fs.ReadFile(Static, name)
		if err != nil {
			t.Fatal(err)
		}
		fsys[name] = &fstest.MapFile{Data: data, ModTime: old}
	}
	h := New(fsys)
	first := readSW(t, h)
	if len(first.Version) != 12 || !slices.Equal(first.Precache, Precache) || !slices.Equal(first.Lazy, []string{"app.wasm"}) {
		t.Errorf("CONFIG %+v", first)
	}
	if again := readSW(t, h); again.Version != first.Version {
		t.Errorf("the version changed without an edit: %s, %s", first.Version, again.Version)
	}
	fsys["app.wasm"] = &fstest.MapFile{Data: []byte("\x00asm\x01\x00\x00\x00 rebuilt"), ModTime: now}
	if rebuilt := readSW(t, h); rebuilt.Version == first.Version {
		t.Error("a rebuilt app.wasm kept the version: browsers would keep the old one offline")
	}
	if res := get(t, h, "GET", "/manifest.webmanifest", ""); res.StatusCode != 200 ||
		res.Header.Get("Content-Type") != "application/manifest+json" {
		t.Errorf("GET /manifest.webmanifest: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	delete(fsys, ServiceWorkerName)
	if res := get(t, h, "GET", "/sw.js", ""); res.StatusCode != 404 {
		t.Errorf("GET /sw.js without sw.js: %d", res.StatusCode)
	}
}

func TestServiceWorkerNeedsOneConfigLine(t *testing.T) {
	for _, src := range []string{"no config", "var CONFIG = {};\n", "x\nvar CONFIG = {};\nvar CONFIG = {};\n"} {
		if _, err := ServiceWorker([]byte(src), "v", nil, nil, nil); err == nil {
			t.Errorf("ServiceWorker(%q) accepted it", src)
		}
	}
	out, err := ServiceWorker([]byte("a\nvar CONFIG = {\"version\": \"unbuilt\"};\nb\n"), "abc", []string{"x.js"}, []string{"app.wasm"}, nil)
	if err != nil || string(out) != "a\nvar CONFIG = {\"version\":\"abc\",\"precache\":[\"x.js\"],\"lazy\":[\"app.wasm\"],\"exercise\":[]};\nb\n" {
		t.Errorf("ServiceWorker = %q, %v", out, err)
	}
}
