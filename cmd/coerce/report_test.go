package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReportPage writes the page of testdata/report/jobs.jsonl and a transcript of hostile
// names, compares it with its golden file, and checks what the page promises: one style, allowed
// by the hash its Content-Security-Policy names; no script, no request; every name escaped.
func TestReportPage(t *testing.T) {
	page := filepath.Join(t.TempDir(), "report.html")
	hostile := filepath.Join(t.TempDir(), "hostile.jsonl")
	os.WriteFile(hostile, []byte(`{"type":"tool_use","name":"<img src=x onerror=alert(1)>","input":{}}`+"\n"+
		`{"type":"tool_use","name":"get_job","input":{"job_id":"</code><script>alert(2)</script>","job_id":17}}`+"\n"), 0o644)
	var out, errOut bytes.Buffer
	args := []string{"report", "-html", page, "-tool", fixtures.Replace("$GETJOB"), hostile, "testdata/report/jobs.jsonl"}
	if code := run(context.Background(), args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	got, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	golden("testdata/report.html.golden", t, bytes.ReplaceAll(got, []byte(hostile), []byte("hostile.jsonl")))
	html := string(got)
	styles := regexp.MustCompile(`(?s)<style>(.*?)</style>`).FindAllStringSubmatch(html, -1)
	if len(styles) != 1 {
		t.Fatalf("%d style elements", len(styles))
	}
	sum := sha256.Sum256([]byte(styles[0][1]))
	if !strings.Contains(html, `style-src 'sha256-`+base64.StdEncoding.EncodeToString(sum[:])+`'`) || !strings.Contains(html, `default-src 'none'`) {
		t.Error("the Content-Security-Policy does not allow exactly the page's style")
	}
	allowed := map[string]bool{"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true, "h1": true, "h2": true,
		"p": true, "span": true, "section": true, "svg": true, "text": true, "rect": true, "table": true, "thead": true, "tbody": true,
		"tr": true, "th": true, "td": true, "code": true, "ul": true, "li": true}
	for _, tag := range regexp.MustCompile(`<([a-z0-9]+)([^>]*)>`).FindAllStringSubmatch(html, -1) {
		if !allowed[tag[1]] || regexp.MustCompile(`\b(src|href|style|on[a-z]+)=`).MatchString(tag[2]) {
			t.Errorf("the page holds the tag %s", tag[0])
		}
	}
	for _, banned := range []string{"http:", "https:", "url(", "@import"} {
		if strings.Contains(html, banned) {
			t.Errorf("the page holds %q", banned)
		}
	}
	if !strings.Contains(html, "&lt;img src=x onerror=alert(1)&gt;") || !strings.Contains(html, "&lt;/code&gt;&lt;script&gt;alert(2)&lt;/script&gt;") {
		t.Error("a name or an argument is not escaped as text")
	}
}

// TestReportPalette: the page's code colours are the playground's, variable for variable.
func TestReportPalette(t *testing.T) {
	style, err := os.ReadFile("../../web/style.css")
	if err != nil {
		t.Fatal(err)
	}
	vars := regexp.MustCompile(`--code-[a-z_]+: light-dark\([^)]*\);`)
	want := vars.FindAllString(string(style), -1)
	var palette []string
	for _, v := range want {
		if v[len("--code-"):len("--code-")+2] != "bg" {
			palette = append(palette, v)
		}
	}
	if got := vars.FindAllString(reportCSS, -1); strings.Join(got, "\n") != strings.Join(palette, "\n") {
		t.Errorf("the report's colours\n%s\ndiffer from web/style.css's\n%s", strings.Join(got, "\n"), strings.Join(palette, "\n"))
	}
}

// TestReportCaps: a transcript naming a new tool in every call, or a new key, gives a report of
// bounded length that counts what it leaves out.
func TestReportCaps(t *testing.T) {
	var in strings.Builder
	for i := range 60 {
		in.WriteString(`{"type":"tool_use","name":"tool_` + strconv.Itoa(i) + `","input":{}}` + "\n")
	}
	for i := range 40 {
		in.WriteString(`{"type":"tool_use","name":"get_job","input":{"job_id":17,"key_` + strconv.Itoa(i) + `":1}}` + "\n")
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"report", "-tool", fixtures.Replace("$GETJOB")}, strings.NewReader(in.String()), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := out.String()
	for _, want := range []string{"and 11 more tools with 11 calls, not shown", "and 10 more fields, not shown"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report does not say %q:\n%s", want, text)
		}
	}
	if lines := strings.Count(text, "\n"); lines > 2*maxShownTools+maxShownFields+20 {
		t.Errorf("%d lines", lines)
	}
}
