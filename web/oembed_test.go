package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

func testSite(t *testing.T, embedders string) *Site {
	t.Helper()
	e, err := ParseEmbedders(embedders)
	if err != nil {
		t.Fatal(err)
	}
	index := `<!doctype html>
<html lang="en">
<head><meta http-equiv="Content-Security-Policy" content="` + CSP + `"></head><body><main id="app"></main></body></html>`
	return NewSite(fstest.MapFS{"index.html": {Data: []byte(index)}}, e)
}

func TestParseEmbedders(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", DefaultEmbedders},
		{"  ", DefaultEmbedders},
		{"https://course.example.edu", "https://course.example.edu"},
		{"https://Course.Example.edu/, http://127.0.0.1:8000", "https://course.example.edu http://127.0.0.1:8000"},
		{"'self' https://*.instructure.com https://*.instructure.com", "'self' https://*.instructure.com"},
		{"*", "*"},
		{"'none'", "'none'"},
		{"https: 'self'", "https: 'self'"},
		{"https://moodle.example.org:*", "https://moodle.example.org:*"},
		{"http://[::1]:8000, https://[2001:DB8::1]", "http://[::1]:8000 https://[2001:db8::1]"},
		{"https://xn--bcher-kva.example", "https://xn--bcher-kva.example"},
	} {
		e, err := ParseEmbedders(c.in)
		if err != nil || e.String() != c.want {
			t.Errorf("ParseEmbedders(%q) = %q, %v; want %q", c.in, e.String(), err, c.want)
		}
	}
	for _, in := range []string{
		"self", "none", "'unsafe-inline'", "javascript:", "ftp://x.example", "https://x.example/course",
		"https://x.example?x", "https://x.example;script-src *", "https://", "https://-x.example",
		"https://x.example:0", "https://x.example:99999", "https://ex ample", "https://bücher.example",
		"'none' https://x.example", `"https://x.example"`, "https://x.example:08",
		"https://x.example:+443", "https://x.example:-1", "https://x.example:0443", "http://::1:8000",
		"https://*.[::1]", "http://[::1", "https://user@x.example",
	} {
		_, err := ParseEmbedders(in)
		var ee *EmbedderError
		if !errors.As(err, &ee) {
			t.Errorf("ParseEmbedders(%q) = %v, want an *EmbedderError", in, err)
		}
	}
	for in, phrase := range map[string]string{
		"https://bücher.example":  "punycode",
		"https://x.example:+443":  "no sign",
		"https://x.example:00443": "no leading zero",
	} {
		if _, err := ParseEmbedders(in); err == nil || !strings.Contains(err.Error(), phrase) ||
			!strings.Contains(err.Error(), strconv.Quote(in)) {
			t.Errorf("ParseEmbedders(%q) = %v, want the entry named and %q", in, err, phrase)
		}
	}
}

// A wildcard over a public suffix parses (the operator may mean it) but is
// named in a warning; a wildcard over a registrable domain is not.
func TestEmbedderWarnings(t *testing.T) {
	for in, want := range map[string][]string{
		"https://*.com": {".com"},
		"https://*.co.uk http://*.github.io:8080":        {".co.uk", ".github.io"},
		"https://*.instructure.com, https://*.ac.uk":     {".ac.uk"},
		"https://*.example.edu 'self' https: *":          nil,
		"https://moodle.example.edu https://*.bbc.co.uk": nil,
	} {
		e, err := ParseEmbedders(in)
		if err != nil {
			t.Fatalf("ParseEmbedders(%q): %v", in, err)
		}
		got := e.Warnings()
		if len(got) != len(want) {
			t.Errorf("Warnings(%q) = %q, want %d naming %q", in, got, len(want), want)
			continue
		}
		for i, w := range want {
			if !strings.Contains(got[i], w+" frame") {
				t.Errorf("warning %q does not name %s", got[i], w)
			}
		}
	}
}

func FuzzParseEmbedders(f *testing.F) {
	for _, s := range []string{"", "https://a.example", "'self' https:", "*", "https://*.a.example:443"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEmbedders(s)
		if err != nil {
			return
		}
		// Whatever is accepted stays one directive: nothing a CSP parser reads
		// as a separator or a new keyword.
		got := e.String()
		if strings.ContainsAny(got, ";,\"\r\n") || strings.Contains(got, "unsafe") {
			t.Fatalf("ParseEmbedders(%q) = %q", s, got)
		}
		again, err := ParseEmbedders(got)
		if err != nil || again.String() != got {
			t.Fatalf("round trip of %q: %q, %v", got, again.String(), err)
		}
	})
}

func TestEmbedPage(t *testing.T) {
	s := testSite(t, "https://course.example.edu")
	for _, path := range []string{"/embed", "/embed.html"} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != 200 {
			t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
		if got, want := rec.Header().Get("Content-Security-Policy"), CSP+"; frame-ancestors https://course.example.edu"; got != want {
			t.Errorf("GET %s: CSP %q, want %q", path, got, want)
		}
		if !strings.Contains(rec.Body.String(), `<html data-embed lang="en">`) {
			t.Errorf("GET %s: no data-embed on <html>: %s", path, rec.Body)
		}
	}
	// The main page stays unframable.
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if got := rec.Header().Get("Content-Security-Policy"); !strings.HasSuffix(got, "frame-ancestors 'none'") {
		t.Errorf("GET /: CSP %q", got)
	}

	// Compressed for a browser that accepts it, made again when index.html changes.
	fsys := fstest.MapFS{"index.html": {Data: []byte(`<html lang="en"><p>one</p></html>`), ModTime: old}}
	zs := NewSite(fsys, Embedders{})
	for _, c := range []struct {
		accept, enc, body string
		edit              bool
	}{
		{"gzip, deflate, br", "gzip", `<html data-embed lang="en"><p>one</p></html>`, false},
		{"", "", `<html data-embed lang="en"><p>one</p></html>`, false},
		{"gzip;q=0", "", `<html data-embed lang="en"><p>one</p></html>`, false},
		{"gzip", "gzip", `<html data-embed lang="en"><p>two, longer</p></html>`, true},
	} {
		if c.edit {
			fsys["index.html"] = &fstest.MapFile{Data: []byte(`<html lang="en"><p>two, longer</p></html>`), ModTime: now}
		}
		req := httptest.NewRequest("GET", "/embed.html", nil)
		req.Header.Set("Accept-Encoding", c.accept)
		rec := httptest.NewRecorder()
		zs.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if enc := rec.Header().Get("Content-Encoding"); enc != c.enc {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, enc, c.enc)
		}
		if rec.Header().Get("Content-Length") != strconv.Itoa(len(body)) || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: headers %v for a body of %d bytes", c.accept, rec.Header(), len(body))
		}
		if c.enc == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("Accept-Encoding %q: %v", c.accept, err)
			}
			body, err = io.ReadAll(zr)
			if err != nil {
				t.Fatal(err)
			}
		}
		if string(body) != c.body {
			t.Errorf("Accept-Encoding %q: body %q, want %q", c.accept, body, c.body)
		}
	}

	s.Misconfigured = &EmbedderError{"self", "needs quotes"}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/embed", nil))
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), "ALLOWED_EMBEDDERS") {
		t.Errorf("misconfigured: %d %s", rec.Code, rec.Body)
	}
}

func TestOEmbed(t *testing.T) {
	s := testSite(t, "")
	get := func(query string) (*httptest.ResponseRecorder, map[string]any) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "http://play.example/oembed?"+query, nil)
		s.ServeHTTP(rec, req)
		var v map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatalf("?%s: body is not JSON (%v): %s", query, err, rec.Body)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("?%s: Content-Type %q", query, ct)
		}
		return rec, v
	}
	link := "http://play.example/#table=abc&theme=dark"
	rec, v := get("url=" + url.QueryEscape(link) + "&maxwidth=600")
	// A table that cannot be read opens the lesson's, and the frame is sized for it.
	lessonHeight := embed.Height(embed.ParseOptions(""), lesson.Opening())
	if rec.Code != 200 || v["type"] != "rich" || v["version"] != "1.0" || v["width"] != 600.0 || v["height"] != float64(lessonHeight) {
		t.Fatalf("oembed: %d %v", rec.Code, v)
	}
	// oEmbed 1.0: never larger than the consumer's maxwidth and maxheight, however small.
	if _, small := get("url=" + url.QueryEscape(link) + "&maxwidth=100&maxheight=50"); small["width"] != 100.0 || small["height"] != 50.0 {
		t.Errorf("maxwidth=100&maxheight=50 answered %v x %v", small["width"], small["height"])
	}
	wantHTML := `<iframe src="http://play.example/embed.html#table=abc&amp;theme=dark" title="` + EmbedTitle +
		`" width="100%" height="` + strconv.Itoa(lessonHeight) + `" style="border:0" loading="lazy" referrerpolicy="no-referrer"></iframe>` + "\n" +
		`<script src="http://play.example/host.js" defer></script>`
	if v["html"] != wantHTML {
		t.Errorf("html\n got %s\nwant %s", v["html"], wantHTML)
	}
	// A link's table and options size the frame as Copy embed code sizes it.
	one := lesson.Table{Rows: []lesson.Row{{Input: "17", Want: "ok"}}}
	for _, frag := range []string{"table=" + lesson.EncodeShare(one), "table=" + lesson.EncodeShare(one) + "&mode=predict&panels=table,catalog"} {
		_, v := get("url=" + url.QueryEscape("http://play.example/embed.html#"+frag))
		if want := embed.Height(embed.ParseOptions(frag), one); v["height"] != float64(want) ||
			!strings.Contains(v["html"].(string), `height="`+strconv.Itoa(want)+`"`) {
			t.Errorf("#%s: height %v, want %d", frag, v["height"], want)
		}
	}
	if _, v := get("url=" + url.QueryEscape("http://play.example/#table="+lesson.EncodeShare(one))); v["height"] == float64(lessonHeight) {
		t.Errorf("a one-row link is answered the lesson's height %d", lessonHeight)
	}

	for _, c := range []struct {
		query, code string
		status      int
	}{
		{"", "missing_url", 400},
		{"url=" + url.QueryEscape("javascript:alert(1)"), "bad_url", 400},
		{"url=" + url.QueryEscape("https://evil.example/#table=abc"), "url_not_ours", 404},
		{"url=" + url.QueryEscape("http://play.example/admin"), "url_not_ours", 404},
		{"url=" + url.QueryEscape(link) + "&format=xml", "format_not_supported", 501},
		{"url=" + url.QueryEscape(link) + "&maxheight=tall", "bad_maxheight", 400},
		{"url=%zz", "bad_query", 400},
	} {
		rec, v := get(c.query)
		e, _ := v["error"].(map[string]any)
		if rec.Code != c.status || e["code"] != c.code || e["message"] == "" {
			t.Errorf("?%s: %d %v, want %d %s", c.query, rec.Code, v, c.status, c.code)
		}
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/oembed", nil))
	if rec.Code != 405 || !strings.Contains(rec.Body.String(), `"method_not_allowed"`) {
		t.Errorf("POST: %d %s", rec.Code, rec.Body)
	}
}

// format= is read case-insensitively (JSON and json are one format), and
// X-Forwarded-Proto sets the scheme of the links only behind a proxy.
func TestOEmbedFormatAndProxy(t *testing.T) {
	s := testSite(t, "")
	ask := func(query, proto string) (int, OEmbed, string) {
		t.Helper()
		req := httptest.NewRequest("GET", "/oembed?"+query, nil)
		req.Host = "play.example"
		if proto != "" {
			req.Header.Set("X-Forwarded-Proto", proto)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		var oe OEmbed
		json.Unmarshal(rec.Body.Bytes(), &oe)
		return rec.Code, oe, rec.Body.String()
	}
	httpLink := url.QueryEscape("http://play.example/#table=abc")
	httpsLink := url.QueryEscape("https://play.example/#table=abc")
	for _, f := range []string{"json", "JSON", "Json"} {
		if code, oe, body := ask("url="+httpLink+"&format="+f, ""); code != 200 || oe.Type != "rich" {
			t.Errorf("format=%s: %d %s", f, code, body)
		}
	}
	if code, _, body := ask("url="+httpLink+"&format=XML", ""); code != 501 || !strings.Contains(body, "format_not_supported") {
		t.Errorf("format=XML: %d %s", code, body)
	}

	// Not behind a proxy: the header is a client's claim and is ignored.
	if code, _, body := ask("url="+httpsLink, "https"); code != 404 || !strings.Contains(body, "http://play.example/") {
		t.Errorf("X-Forwarded-Proto trusted without BehindProxy: %d %s", code, body)
	}
	if code, oe, _ := ask("url="+httpLink, "https"); code != 200 || !strings.HasPrefix(oe.ProviderURL, "http://") {
		t.Errorf("without BehindProxy: %d %+v", code, oe)
	}
	s.BehindProxy = true
	for _, proto := range []string{"https", "HTTPS", "https, http"} {
		code, oe, body := ask("url="+httpsLink, proto)
		if code != 200 || oe.ProviderURL != "https://play.example/" || !strings.Contains(oe.HTML, `src="https://play.example/embed.html#table=abc"`) {
			t.Errorf("behind a proxy, X-Forwarded-Proto %q: %d %s", proto, code, body)
		}
	}
	if code, oe, _ := ask("url="+httpLink, "gopher"); code != 200 || oe.ProviderURL != "http://play.example/" {
		t.Errorf("an unknown X-Forwarded-Proto changed the scheme: %d %+v", code, oe)
	}
}
