package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"coerceplayground/embed"
	"coerceplayground/lesson"
)

// EmbedTitle is the iframe's title attribute: what a screen reader announces
// when it enters the frame.
const EmbedTitle = embed.Title

// Site is the playground as deployed: the page's files (a [Handler]) and
// the two routes that need code.
//
//   - /embed and /embed.html: the page in embed mode (index.html with a
//     data-embed attribute on <html>), with frame-ancestors from Embedders.
//   - /oembed?url=…: oEmbed JSON (type rich) for a link to this site, so an
//     LMS or CMS editor turns a pasted playground link into an iframe.
//
// serve.go and the edge worker (cmd/worker) both serve a Site; in the worker
// the page's files come from Workers Static Assets and only these routes reach
// Go.
type Site struct {
	Page      *Handler
	Embedders Embedders
	// Misconfigured, when set, is why ALLOWED_EMBEDDERS could not be read.
	// The embed page then answers 500 with that reason instead of guessing
	// a policy; the rest of the site works.
	Misconfigured error
	// BehindProxy says a reverse proxy that terminates TLS sits in front
	// (serve.go -behind-proxy): /oembed then takes the scheme of its links
	// from X-Forwarded-Proto. Off, the header is ignored, since any client
	// could send it to make the site claim https links it does not serve.
	BehindProxy bool

	// HostCompresses says the host compresses responses itself (Cloudflare Workers does, by
	// Content-Type): the embed page is then sent plain, not gzipped twice.
	HostCompresses bool

	embed embedBodies // the embed page, made once per index.html
}

// NewSite serves fsys (whose root holds index.html) with the embed page
// framable by embedders.
func NewSite(fsys fs.FS, embedders Embedders) *Site {
	return &Site{Page: New(fsys), Embedders: embedders}
}

func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/oembed":
		s.oembed(w, r)
	case "/embed", "/embed.html":
		s.embedPage(w, r)
	default:
		s.Page.ServeHTTP(w, r)
	}
}

// EmbedPage turns index.html into the embed page: the same document with
// data-embed on <html>, so the stylesheet hides the page chrome before the
// app has loaded. The build of dist/embed.html uses it too.
func EmbedPage(index []byte) ([]byte, bool) {
	i := bytes.Index(index, []byte("<html"))
	if i < 0 {
		return nil, false
	}
	j := i + len("<html")
	out := make([]byte, 0, len(index)+len(" data-embed"))
	out = append(out, index[:j]...)
	out = append(out, " data-embed"...)
	return append(out, index[j:]...), true
}

// EmbedCSP is the Content-Security-Policy header of the embed page.
func EmbedCSP(e Embedders) string { return CSP + "; frame-ancestors " + e.String() }

func (s *Site) embedPage(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		s.Page.documentHeaders(hdr)
		plain(w, http.StatusMethodNotAllowed, "method not allowed: use GET or HEAD\n")
		return
	}
	if s.Misconfigured != nil {
		s.Page.documentHeaders(hdr)
		plain(w, http.StatusInternalServerError, "The embed page is switched off until its setting is fixed: "+
			s.Misconfigured.Error()+"\n")
		return
	}
	page, zipped, err := s.embed.get(s.Page)
	if errors.Is(err, fs.ErrNotExist) {
		s.Page.notFound(w, r)
		return
	}
	if err != nil {
		s.Page.documentHeaders(hdr)
		plain(w, http.StatusInternalServerError, "index.html could not be read as the embed page\n")
		return
	}
	hdr.Set("Content-Security-Policy", EmbedCSP(s.Embedders))
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Cache-Control", "no-cache")
	hdr.Add("Vary", "Accept-Encoding")
	if !s.HostCompresses && slices.Contains(Preferred(r.Header.Get("Accept-Encoding")), "gzip") {
		hdr.Set("Content-Encoding", "gzip")
		page = zipped
	}
	hdr.Set("Content-Length", strconv.Itoa(len(page)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(page)
	}
}

// embedBodies keeps the embed page, plain and gzipped, made from one index.html: made on the
// first request and again only when index.html's bytes change (serve.go rebuilds it in place),
// so a request costs a read and a comparison, no compression.
type embedBodies struct {
	mu          sync.Mutex
	index       []byte // the index.html they were made from
	plain, gzip []byte
}

// get returns the embed page and its gzip form for the index.html h serves now.
func (e *embedBodies) get(h *Handler) (plain, zipped []byte, err error) {
	f, _, err := h.open("index.html")
	if err != nil {
		return nil, nil, err
	}
	index, err := io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.plain != nil && bytes.Equal(e.index, index) {
		return e.plain, e.gzip, nil
	}
	page, ok := EmbedPage(index)
	if !ok {
		return nil, nil, errors.New("index.html has no <html> tag")
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // a valid level: no error
	zw.Write(page)
	zw.Close()
	e.index, e.plain, e.gzip = index, page, b.Bytes()
	return e.plain, e.gzip, nil
}

// OEmbed is the oEmbed 1.0 response for a playground link (type rich).
type OEmbed struct {
	Version      string `json:"version"`
	Type         string `json:"type"`
	Title        string `json:"title"`
	ProviderName string `json:"provider_name"`
	ProviderURL  string `json:"provider_url"`
	HTML         string `json:"html"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
}

// APIError is the body of every error answer of /oembed: JSON, never HTML,
// with a stable snake_case code and the query parameter at fault.
type APIError struct {
	Error struct {
		Code    string `json:"code"`
		Field   string `json:"field,omitempty"`
		Message string `json:"message"`
	} `json:"error"`
}

func (s *Site) oembed(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("X-Content-Type-Options", "nosniff")
	// The answer is public and holds nothing of the visitor's: editors may
	// fetch it from a browser on any origin.
	hdr.Set("Access-Control-Allow-Origin", "*")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		apiError(w, http.StatusMethodNotAllowed, "method_not_allowed", "", "use GET")
		return
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		// URL.Query would drop the broken pair and answer missing_url for url=%zz.
		apiError(w, http.StatusBadRequest, "bad_query", "", "the query is not valid percent-encoding")
		return
	}
	if f := q.Get("format"); f != "" && !strings.EqualFold(f, "json") {
		// oEmbed 1.0, section 2.3.4: 501 for a format the provider lacks.
		apiError(w, http.StatusNotImplemented, "format_not_supported", "format", "only format=json is served")
		return
	}
	raw := q.Get("url")
	if raw == "" {
		apiError(w, http.StatusBadRequest, "missing_url", "url", "give the playground link as url=…")
		return
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		apiError(w, http.StatusBadRequest, "bad_url", "url", "url is not an http or https link")
		return
	}
	origin := s.requestOrigin(r)
	if !strings.EqualFold(u.Scheme+"://"+u.Host, origin) {
		apiError(w, http.StatusNotFound, "url_not_ours", "url", "url is not a link to this playground ("+origin+"/)")
		return
	}
	switch u.Path {
	case "", "/", "/index.html", "/embed", "/embed.html":
	default:
		apiError(w, http.StatusNotFound, "url_not_ours", "url", "url is not a link to the playground page (/ or /embed.html)")
		return
	}
	width, ok := dimension(q.Get("maxwidth"), 800)
	if !ok {
		apiError(w, http.StatusBadRequest, "bad_maxwidth", "maxwidth", "maxwidth is not a whole number of pixels")
		return
	}
	height, ok := dimension(q.Get("maxheight"), LinkHeight(u.EscapedFragment()))
	if !ok {
		apiError(w, http.StatusBadRequest, "bad_maxheight", "maxheight", "maxheight is not a whole number of pixels")
		return
	}
	src := origin + "/embed.html"
	if u.Fragment != "" {
		src += "#" + u.EscapedFragment()
	}
	writeJSON(w, http.StatusOK, OEmbed{
		Version:      "1.0",
		Type:         "rich",
		Title:        "Coercion playground",
		ProviderName: "Coercion playground",
		ProviderURL:  origin + "/",
		HTML:         Snippet(src, height),
		Width:        width,
		Height:       height,
	})
}

// Snippet is the embed code for the embed page at src, height px high where a host strips
// scripts, and the line that loads host.js, which makes it follow the page where scripts run:
// the code oEmbed answers, the same as the page's Copy embed code writes (embed.Snippet).
func Snippet(src string, height int) string { return embed.Snippet(src, height) }

// LinkHeight is the fixed height of an embed of a link with this fragment, computed as Copy
// embed code computes it (embed.Height) from the link's table and options. A link without a
// table, or whose table cannot be read, opens the lesson's table (or the one the reader's
// browser kept), so its height is the lesson's.
func LinkHeight(fragment string) int {
	f := embed.ParseFragment(fragment)
	t := lesson.Opening()
	if f.HasTable && f.Err == nil {
		t = f.Table
	}
	return embed.Height(f.Options, t)
}

// requestOrigin is the origin the request was made to. The edge runtime
// gives an absolute URL; net/http servers give only the path, and behind a
// proxy the scheme the client used is the proxy's X-Forwarded-Proto.
func (s *Site) requestOrigin(r *http.Request) string {
	scheme := r.URL.Scheme
	if scheme == "" {
		scheme = "http"
		if r.TLS != nil {
			scheme = "https"
		}
	}
	if s.BehindProxy {
		// A chain of proxies appends: the first value is the client's.
		first, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
		if p := strings.ToLower(strings.TrimSpace(first)); p == "https" || p == "http" {
			scheme = p
		}
	}
	host := r.Host
	if host == "" {
		host = r.URL.Host
	}
	return scheme + "://" + host
}

// dimension reads maxwidth or maxheight: def when absent, else the smaller of def and the
// consumer's maximum, which oEmbed 1.0 (2.3.4) says a provider must not exceed.
func dimension(s string, def int) (int, bool) {
	if s == "" {
		return def, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, false
	}
	return min(n, def), true
}

func apiError(w http.ResponseWriter, code int, errCode, field, msg string) {
	var e APIError
	e.Error.Code, e.Error.Field, e.Error.Message = errCode, field, msg
	writeJSON(w, code, e)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	body, _ := json.Marshal(v)
	body = append(body, '\n')
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json; charset=utf-8")
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(code)
	w.Write(body)
}
