package e2e

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"coerceplayground/build/scorm"
	"coerceplayground/build/webbuild"
	"coerceplayground/lms"
)

// pkgPath is where the LMS unpacks a package: a deep path, as Moodle's pluginfile.php is, so
// the launch page must load everything by relative URLs.
const pkgPath = "/pluginfile.php/42/mod_scorm/content/1/"

// lmsSite is a course site on 127.0.0.1: a host page that puts scorm-again's API in its
// window (or not), frames the package's launch page, and logs every call the package makes.
// It serves the unzipped package (app.wasm as application/octet-stream, as many LMSs do, and
// nothing compressed) and counts every request and the bytes of each file it sent.
type lmsSite struct {
	srv   *httptest.Server
	v     lms.Version
	files map[string][]byte

	mu   sync.Mutex
	reqs []string
	sent map[string]int // bytes of the package's files sent, by name
}

// sentBytes are the bytes of the package's files sent so far, by name, and their sum.
func (s *lmsSite) sentBytes() (map[string]int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out, sum := map[string]int{}, 0
	for n, b := range s.sent {
		out[n] = b
		sum += b
	}
	return out, sum
}

// newLMS builds the v package of the lesson's table (make scorm's code, on the tests' build)
// and serves it.
func newLMS(t *testing.T, v lms.Version) *lmsSite {
	t.Helper()
	if noBrowser != "" {
		t.Skip(noBrowser)
	}
	s := &lmsSite{v: v, files: scormPackage(t, v), sent: map[string]int{}}
	runtime := filepath.Join(moduleRoot, "node_modules", "scorm-again", "dist", v.String()+".min.js")
	lib, err := os.ReadFile(runtime)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("scorm-again (npm ci): %v", err)
		}
		t.Skipf("no scorm-again in node_modules (npm ci): %v", err)
	}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.reqs = append(s.reqs, r.URL.Path)
		s.mu.Unlock()
		switch {
		case r.URL.Path == "/course/view.html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, s.hostPage(r.URL.Query().Get("api"), r.URL.Query().Get("resume")))
		case r.URL.Path == "/lib/scorm-again.js":
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(lib)
		case strings.HasPrefix(r.URL.Path, pkgPath) && s.files[strings.TrimPrefix(r.URL.Path, pkgPath)] != nil:
			name := strings.TrimPrefix(r.URL.Path, pkgPath)
			s.mu.Lock()
			s.sent[name] += len(s.files[name]) // counted before it is sent: ready cannot come first
			s.mu.Unlock()
			servePackageFile(w, r, s.files)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(s.srv.Close)
	return s
}

// strays are the requests for anything but the host page, scorm-again and the package's files.
func (s *lmsSite) strays() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, p := range s.reqs {
		if p != "/course/view.html" && p != "/lib/scorm-again.js" && s.files[strings.TrimPrefix(p, pkgPath)] == nil {
			out = append(out, p)
		}
	}
	return out
}

// hostPage is the course page. api is "now" (the API is there before the package loads),
// "late" (added after 1 s), "none", or "refuse" (SetValue of the score answers "false" with
// error 405). resume is the flattened CMI a second launch starts from (JSON), or "".
//
// scorm-again is more lenient than Moodle, so the page checks Moodle's rules itself
// (mod/scorm/datamodels/scorm_12.js, scorm_13.js) and lists what breaks them in __broken.
func (s *lmsSite) hostPage(api, resume string) string {
	ctor, set, commit, finish, lastErr := "Scorm12API", "LMSSetValue", "LMSCommit", "LMSFinish", "LMSGetLastError"
	if s.v == lms.SCORM2004 {
		ctor, set, commit, finish, lastErr = "Scorm2004API", "SetValue", "Commit", "Terminate", "GetLastError"
	}
	if resume == "" {
		resume = "null"
	}
	return fmt.Sprintf(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,">
<script src="/lib/scorm-again.js"></script>
<script>
window.__log = []; window.__broken = [];
var v12 = %q === "scorm12", refusing = %q === "refuse", lastErr = "";
var rules12 = {id: /^[\u0021-\u007E]{1,255}$/, session: /^([0-9]{2,4}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,2})?$/};
var rules04 = {id: /^urn:[A-Za-z0-9-]{1,31}:\S{1,4000}$/, response: /^[\w.]{1,250}$/,
  session: /^P(\d+Y)?(\d+M)?(\d+D)?(T(((\d+H)(\d+M)?(\d+(\.\d{1,2})?S)?)|((\d+M)(\d+(\.\d{1,2})?S)?)|((\d+(\.\d{1,2})?S))))?$/};
var seen = {};
function check(el, v) {
  var bad = function (why) { __broken.push(el + " = " + v + ": " + why); };
  var m = /^cmi\.interactions\.(\d+)\.(.*)$/.exec(el);
  if (m) {
    var n = +m[1], f = m[2], s = seen[n] || (seen[n] = []);
    if (n > 0 && !seen[n - 1]) bad("index gap");
    if (f !== "id" && s.indexOf("id") < 0) bad("set before the id");
    if (f !== "id" && f !== "type" && s.indexOf("type") < 0) bad("set before the type");
    if (f === "id" && !(v12 ? rules12.id : rules04.id).test(v)) bad("not a Moodle id");
    if (!v12 && f === "learner_response" && !rules04.response.test(v)) bad("not a choice response");
    if (f === "result" && !(v12 ? /^(correct|wrong|neutral)$/ : /^(correct|incorrect|neutral)$/).test(v)) bad("not a result");
    s.push(f);
  }
  if (el === "cmi.suspend_data" && v.length > (v12 ? 4096 : 64000)) bad("suspend_data too long");
  if (/score\.(raw|min|max)$/.test(el) && !(+v >= 0 && +v <= 100 && /^\d{1,3}(\.\d+)?$/.test(v))) bad("not a percentage");
  if (/session_time$/.test(el) && !(v12 ? rules12.session : rules04.session).test(v)) bad("not a timespan");
}
function makeAPI() {
  var api = new %s({logLevel: 5});
  api.loadFromFlattenedJSON(%s || (v12 ? {"cmi.core.credit": "credit"} : {"cmi.credit": "credit"}));
  var origSet = api.%s.bind(api), origCommit = api.%s.bind(api), origFinish = api.%s.bind(api), origErr = api.%s.bind(api);
  api.%s = function (el, v) {
    check(el, v); __log.push(["set", el, v]);
    if (refusing && /score\.raw$/.test(el)) { lastErr = "405"; return "false"; }
    return origSet(el, v);
  };
  api.%s = function (p) { __log.push(["commit"]); return origCommit(p); };
  api.%s = function (p) { __log.push(["finish"]); return origFinish(p); };
  api.%s = function () { if (lastErr) { var e = lastErr; lastErr = ""; return e; } return origErr(); };
  return api;
}
var mode = %q;
if (mode === "now" || mode === "refuse") window[%q] = makeAPI();
if (mode === "late") setTimeout(function () { window[%q] = makeAPI(); }, 1000);
</script></head>
<body><h1>Week 3</h1><iframe id="sco" src="%sindex.html" title="Coercion playground" width="1000" height="900"></iframe></body></html>`,
		s.v.String(), api, ctor, resume, set, commit, finish, lastErr, set, commit, finish, lastErr, api,
		lms.NamesOf(s.v).API, lms.NamesOf(s.v).API, pkgPath)
}

// resumeCMI is the flattened CMI of a second launch: entry resume and the suspend_data the
// first one left.
func resumeCMI(v lms.Version, suspend string) string {
	m := map[string]string{"cmi.core.entry": "resume", "cmi.core.credit": "credit", "cmi.suspend_data": suspend}
	if v == lms.SCORM2004 {
		m = map[string]string{"cmi.entry": "resume", "cmi.credit": "credit", "cmi.suspend_data": suspend}
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// scormPackage builds the v package of the lesson's table (make scorm's code, on the tests'
// build) and returns its files by name, as an LMS unpacks them.
func scormPackage(t testing.TB, v lms.Version) map[string][]byte {
	t.Helper()
	tab, err := scorm.Table("")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := scorm.Build(webbuild.Web(moduleRoot), out, tab, ""); err != nil {
		t.Fatal(err)
	}
	z, err := os.ReadFile(filepath.Join(out, scorm.FileName(v)))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name], err = io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// servePackageFile answers a request under pkgPath with the package's file, typed by its
// extension as an LMS's file server would, with no compression and no policy headers of ours.
func servePackageFile(w http.ResponseWriter, r *http.Request, files map[string][]byte) {
	name := strings.TrimPrefix(r.URL.Path, pkgPath)
	data, ok := files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	ctype := map[string]string{".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css"}[filepath.Ext(name)]
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	w.Write(data)
}
