//go:build !js

package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"coerceplayground/web"
)

func TestBanner(t *testing.T) {
	def, _ := web.ParseEmbedders("")
	course, _ := web.ParseEmbedders("https://moodle.example.edu https://*.com")
	tests := []struct {
		name, addr    string
		port          int
		emb           web.Embedders
		set, proxy    bool
		want, wantNot []string
	}{
		{"loopback, unset", "127.0.0.1:8080", 8080, def, false, false, []string{
			"Serving the playground at http://127.0.0.1:8080/",
			"http://127.0.0.1:8080/embed.html may be framed by: 'self' https: (the default; ALLOWED_EMBEDDERS is unset)",
			`  ALLOWED_EMBEDDERS="'self' https: http://127.0.0.1:8000 http://localhost:8000" go run serve.go`,
		}, []string{"every interface", "Warning", "proxy"}},
		{"every interface, set", ":9000", 9000, course, true, true, []string{
			"Serving the playground at http://127.0.0.1:9000/",
			"Listening on every interface (:9000): other machines on this network can open http://<this machine's address>:9000/",
			"may be framed by: https://moodle.example.edu https://*.com (ALLOWED_EMBEDDERS)",
			"Warning: ALLOWED_EMBEDDERS: https://*.com lets every site under the public suffix .com frame the embed page",
			"Behind a proxy: /oembed takes the scheme of its links from X-Forwarded-Proto",
		}, []string{"To test it", "the default"}},
		{"IPv6 any", "[::]:8080", 8080, def, false, false, []string{"Listening on every interface ([::]:8080)"}, nil},
		{"IPv6 loopback", "[::1]:8081", 8081, def, false, false, []string{"at http://[::1]:8081/"}, []string{"every interface"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := banner(tt.addr, tt.port, tt.emb, tt.set, tt.proxy)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("banner lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.wantNot {
				if strings.Contains(got, w) {
					t.Errorf("banner has %q:\n%s", w, got)
				}
			}
		})
	}
}

// serve.go as a user runs it: it prints the banner, serves the page with the
// limits of web.NewServer, refuses a bad ALLOWED_EMBEDDERS by naming it, and
// stops on SIGTERM.
func TestServeRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs serve.go")
	}
	bin := t.TempDir() + "/serve"
	if out, err := exec.Command("go", "build", "-o", bin, "serve.go").CombinedOutput(); err != nil {
		t.Fatalf("go build serve.go: %v\n%s", err, out)
	}

	bad := exec.Command(bin, "-addr", "127.0.0.1:0")
	bad.Env = append(os.Environ(), "ALLOWED_EMBEDDERS=https://x.example:+443")
	out, err := bad.CombinedOutput()
	if err == nil || !strings.Contains(string(out), `"https://x.example:+443" has port "+443"`) {
		t.Errorf("a bad ALLOWED_EMBEDDERS: %v\n%s", err, out)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "ALLOWED_EMBEDDERS=")
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	sc := bufio.NewScanner(stdout)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.HasPrefix(sc.Text(), "  ALLOWED_EMBEDDERS=") {
			break
		}
	}
	m := regexp.MustCompile(`at (http://127\.0\.0\.1:\d+)/ `).FindStringSubmatch(strings.Join(lines, "\n"))
	if m == nil || len(lines) != 4 {
		t.Fatalf("banner:\n%s", strings.Join(lines, "\n"))
	}
	res, err := http.Get(m[1] + "/embed.html")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasSuffix(res.Header.Get("Content-Security-Policy"), "frame-ancestors 'self' https:") {
		t.Errorf("GET /embed.html: %d %q", res.StatusCode, res.Header.Get("Content-Security-Policy"))
	}
	req, _ := http.NewRequest("GET", m[1]+"/app.wasm", nil)
	req.Header.Set("Range", "bytes=0-3,8-11")
	req.Header.Set("Accept-Encoding", "identity")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("two ranges of app.wasm: %d, want the whole file (200)", res.StatusCode)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Errorf("serve.go did not stop cleanly on SIGTERM: %v", err)
	}
}
