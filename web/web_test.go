package web

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

var (
	old = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now = old.Add(time.Hour)
)

// site is a small web directory: a page, a wasm file with both siblings, a
// script whose brotli sibling is stale, and files the handler must not serve.
func site() fstest.MapFS {
	return fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html><title>t</title>"), ModTime: old},
		"index.html.gz":    {Data: []byte("GZ-INDEX"), ModTime: old},
		"app.wasm":         {Data: []byte("\x00asm\x01\x00\x00\x00 the module"), ModTime: old},
		"app.wasm.br":      {Data: []byte("BR-WASM"), ModTime: now},
		"app.wasm.gz":      {Data: []byte("GZ-WASM"), ModTime: now},
		"style.css":        {Data: []byte("body{}"), ModTime: old},
		"loader.js":        {Data: []byte("new source"), ModTime: now},
		"loader.js.br":     {Data: []byte("BR-STALE"), ModTime: old},
		"favicon.svg":      {Data: []byte("<svg/>"), ModTime: old},
		"web.go":           {Data: []byte("package web"), ModTime: old},
		".secret.txt":      {Data: []byte("no"), ModTime: old},
		"e2e/e2e_test.go":  {Data: []byte("package e2e"), ModTime: old},
		"sub/index.html":   {Data: []byte("<p>sub</p>"), ModTime: old},
		"notes.txt.gz":     {Data: []byte("GZ"), ModTime: old},
		"dir.css/file.txt": {Data: []byte("x"), ModTime: old},
	}
}

func get(t *testing.T, h http.Handler, method, target, accept string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTypesAndEncodings(t *testing.T) {
	h := New(site())
	tests := []struct {
		path, accept     string
		ctype, encoding  string
		want             string
		varyAcceptEncode bool
	}{
		{"/", "", "text/html; charset=utf-8", "", "<!doctype html><title>t</title>", true},
		{"/index.html", "gzip", "text/html; charset=utf-8", "gzip", "GZ-INDEX", true},
		{"/app.wasm", "", "application/wasm", "", "\x00asm\x01\x00\x00\x00 the module", true},
		{"/app.wasm", "gzip, deflate, br, zstd", "application/wasm", "br", "BR-WASM", true},
		{"/app.wasm", "gzip", "application/wasm", "gzip", "GZ-WASM", true},
		{"/app.wasm", "br;q=0.5, gzip;q=0.9", "application/wasm", "gzip", "GZ-WASM", true},
		{"/app.wasm", "br;q=0, gzip;q=0", "application/wasm", "", "\x00asm\x01\x00\x00\x00 the module", true},
		{"/app.wasm", "*", "application/wasm", "br", "BR-WASM", true},
		{"/app.wasm", "identity", "application/wasm", "", "\x00asm\x01\x00\x00\x00 the module", true},
		{"/style.css", "br, gzip", "text/css; charset=utf-8", "", "body{}", true},
		{"/loader.js", "br", "text/javascript; charset=utf-8", "", "new source", true}, // stale sibling ignored
		{"/favicon.svg", "", "image/svg+xml", "", "<svg/>", true},
		{"/sub/", "", "text/html; charset=utf-8", "", "<p>sub</p>", true},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+tt.accept, func(t *testing.T) {
			resp := get(t, h, http.MethodGet, tt.path, tt.accept)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if got := resp.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := resp.Header.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if got := resp.Header.Get("Vary") == "Accept-Encoding"; got != tt.varyAcceptEncode {
				t.Errorf("Vary %q", resp.Header.Get("Vary"))
			}
			if got := body(t, resp); got != tt.want {
				t.Errorf("body %q, want %q", got, tt.want)
			}
			if got := resp.Header.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control %q", got)
			}
		})
	}
}

func TestHeaders(t *testing.T) {
	h := New(site())
	want := CSP + "; frame-ancestors 'none'"
	for _, tc := range []struct {
		method, path string
		document     bool
	}{
		{http.MethodGet, "/", true}, {http.MethodGet, "/index.html", true}, {http.MethodHead, "/sub/", true},
		{http.MethodGet, "/missing.wasm", true}, {http.MethodPost, "/", true}, {http.MethodGet, "/web.go", true},
		{http.MethodHead, "/app.wasm", false}, {http.MethodGet, "/loader.js", false}, {http.MethodGet, "/style.css", false},
	} {
		resp := get(t, h, tc.method, tc.path, "br")
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s: X-Content-Type-Options %q", tc.method, tc.path, got)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		switch {
		case tc.document && csp != want:
			t.Errorf("%s %s: CSP %q, want %q", tc.method, tc.path, csp, want)
		case tc.document && (resp.Header.Get("Referrer-Policy") != "no-referrer" || resp.Header.Get("Cross-Origin-Opener-Policy") != "same-origin"):
			t.Errorf("%s %s: Referrer-Policy %q, COOP %q", tc.method, tc.path, resp.Header.Get("Referrer-Policy"), resp.Header.Get("Cross-Origin-Opener-Policy"))
		case !tc.document && csp != "":
			t.Errorf("%s %s: a subresource carries the document policy", tc.method, tc.path)
		}
	}
	h.FrameAncestors = "https://course.example"
	resp := get(t, h, http.MethodGet, "/", "")
	if got := resp.Header.Get("Content-Security-Policy"); !strings.HasSuffix(got, "; frame-ancestors https://course.example") {
		t.Errorf("FrameAncestors not applied: %q", got)
	}
}

func TestCSPForbidsWhatTheIssueForbids(t *testing.T) {
	for _, bad := range []string{"unsafe-inline", "'unsafe-eval'", "*", "http:", "https:"} {
		if strings.Contains(CSP, bad) {
			t.Errorf("CSP contains %s", bad)
		}
	}
	for _, need := range []string{"default-src 'none'", "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'", "form-action 'none'"} {
		if !strings.Contains(CSP, need) {
			t.Errorf("CSP lacks %s", need)
		}
	}
}

// The page repeats the policy in a <meta> tag; the two must not drift.
func TestMetaCSPMatchesHeader(t *testing.T) {
	page, err := Static.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindSubmatch(page)
	if m == nil {
		t.Fatal("index.html has no CSP meta tag")
	}
	if string(m[1]) != CSP {
		t.Errorf("meta CSP\n %s\nheader CSP\n %s", m[1], CSP)
	}
	// No inline script or style may need an exception to the policy, but the one script the
	// policy names by its hash (TestInlineScriptHash).
	if n := strings.Count(string(page), "<script>"); n != 1 {
		t.Errorf("index.html has %d inline scripts, want the one whose hash the CSP names", n)
	}
	for _, re := range []string{`<script [^>]*>[^<]`, `<style`, ` style=`, ` on[a-z]+=`} {
		if regexp.MustCompile(re).Match(page) {
			t.Errorf("index.html matches %s", re)
		}
	}
}

// The inline script runs only while the CSP names its exact text: an edit to it without a new
// InlineScriptHash would leave embeds without their options until the app starts (and log a
// violation).
func TestInlineScriptHash(t *testing.T) {
	page, err := Static.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("index.html has no inline script")
	}
	sum := sha256.Sum256(m[1])
	if got := "sha256-" + base64.StdEncoding.EncodeToString(sum[:]); got != InlineScriptHash {
		t.Errorf("the inline script hashes to %s; InlineScriptHash is %s", got, InlineScriptHash)
	}
	if !strings.Contains(CSP, "script-src 'self' 'wasm-unsafe-eval' '"+InlineScriptHash+"';") {
		t.Errorf("CSP does not allow the inline script by its hash: %s", CSP)
	}
}

// The icon is inline (a data: URL) in the tab and in the heading: no request
// for it at load, and none when history.replaceState makes Chromium fetch the
// tab icon again. Both copies must stay the picture in favicon.svg.
func TestInlineIconIsFavicon(t *testing.T) {
	page, _ := Static.ReadFile("index.html")
	svg, _ := Static.ReadFile("favicon.svg")
	m := regexp.MustCompile(`<link rel="icon" type="image/svg\+xml" href="data:image/svg\+xml,([^"]*)">`).FindSubmatch(page)
	if m == nil {
		t.Fatal("index.html has no inline svg icon")
	}
	got, err := url.PathUnescape(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	if got != strings.TrimSpace(string(svg)) {
		t.Errorf("the inline icon differs from favicon.svg:\n%s\n%s", got, svg)
	}
	if n := strings.Count(string(page), `"data:image/svg+xml,`+string(m[1])+`"`); n != 2 {
		t.Errorf("the icon appears %d times, want 2 (tab and heading)", n)
	}
	if strings.Contains(string(page), `src="favicon.svg"`) {
		t.Error("the page loads favicon.svg by URL")
	}
}

func TestNotFoundIsPlainText(t *testing.T) {
	h := New(site())
	for _, p := range []string{
		"/missing.wasm", "/web.go", "/.secret.txt", "/e2e/e2e_test.go", "/e2e/", "/app.wasm.br",
		"/notes.txt.gz", "/../go.mod", "/%2e%2e/go.mod", "/dir.css", "/sub",
	} {
		resp := get(t, h, http.MethodGet, p, "br, gzip")
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", p, resp.StatusCode)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", p, ct)
		}
		if ce := resp.Header.Get("Content-Encoding"); ce != "" {
			t.Errorf("%s: Content-Encoding %q on an error", p, ce)
		}
		b := body(t, resp)
		if strings.Contains(b, "<") || strings.Contains(b, "404 page not found") {
			t.Errorf("%s: body %q looks like an HTML or default Go error page", p, b)
		}
	}
}

func TestMethods(t *testing.T) {
	h := New(site())
	resp := get(t, h, http.MethodPost, "/", "")
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d Allow=%q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	resp = get(t, h, http.MethodHead, "/app.wasm", "br")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Length") != "7" || body(t, resp) != "" {
		t.Errorf("HEAD: %d len=%s", resp.StatusCode, resp.Header.Get("Content-Length"))
	}
}

func TestPreferred(t *testing.T) {
	tests := []struct {
		accept string
		want   []string
	}{
		{"", nil},
		{"identity", nil},
		{"gzip", []string{"gzip"}},
		{"br", []string{"br"}},
		{"gzip, deflate, br, zstd", []string{"br", "gzip"}},
		{"GZIP;Q=0.8, BR;q=0.9", []string{"br", "gzip"}},
		{"br;q=0.1, gzip", []string{"gzip", "br"}},
		{"br;q=0", nil},
		{"*", []string{"br", "gzip"}},
		{"*;q=0, gzip", []string{"gzip"}},
		{"br;q=abc, gzip", []string{"gzip"}},
		{" br ; q=1.0 ,gzip;q=1", []string{"br", "gzip"}},
	}
	for _, tt := range tests {
		if got := Preferred(tt.accept); !slices.Equal(got, tt.want) {
			t.Errorf("Preferred(%q) = %q, want %q", tt.accept, got, tt.want)
		}
	}
}

func TestStaticHasThePageFiles(t *testing.T) {
	h := New(Static)
	for _, p := range []string{"/", "/style.css", "/loader.js", "/favicon.svg"} {
		if resp := get(t, h, http.MethodGet, p, ""); resp.StatusCode != http.StatusOK {
			t.Errorf("%s: %d", p, resp.StatusCode)
		}
	}
}

func FuzzPreferred(f *testing.F) {
	for _, s := range []string{"gzip, br", "br;q=0.5", "*;q=0", ";;,,q=", "br;q=1e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, accept string) {
		got := Preferred(accept)
		if len(got) > 2 {
			t.Fatalf("%q gave %q", accept, got)
		}
		for _, g := range got {
			if g != "br" && g != "gzip" {
				t.Fatalf("%q gave %q", accept, got)
			}
		}
	})
}
