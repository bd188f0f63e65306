package mcpproxy

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The benchmarks time what the proxy adds to a call of the reference server "everything":
// each iteration calls echo once directly and once through `coerce proxy` (the built command,
// a process of its own, as a client runs it), interleaved so both see the same machine, and
// reports the medians and 99th percentiles of both and their differences, in milliseconds.
//
//	go test ./mcpproxy -run '^$' -bench 'Added|Sessions' -benchtime 2000x

func BenchmarkAddedStdio(b *testing.B) {
	root := nodeModules(b)
	script := root + "/@modelcontextprotocol/server-everything/dist/index.js"
	bin := buildCommandB(b)
	direct := clientOf(b, &mcp.CommandTransport{Command: exec.Command("node", script, "stdio")})
	proxied := clientOf(b, &mcp.CommandTransport{Command: exec.Command(bin, "proxy", "--", "node", script, "stdio")})
	interleave(b, direct, proxied)
}

func BenchmarkAddedHTTP(b *testing.B) {
	url := everythingHTTP(b)
	bin := buildCommandB(b)
	proxyURL, _ := startHTTPProxy(b, bin, url)
	direct := clientOf(b, &mcp.StreamableClientTransport{Endpoint: url})
	proxied := clientOf(b, &mcp.StreamableClientTransport{Endpoint: proxyURL})
	interleave(b, direct, proxied)
}

// BenchmarkSessions200 opens 200 sessions at once on `coerce proxy -http`, each calling echo,
// and reports the proxy's resident memory before, with the 200 open, and after they close.
func BenchmarkSessions200(b *testing.B) {
	url := everythingHTTP(b)
	bin := buildCommandB(b)
	proxyURL, pid := startHTTPProxy(b, bin, url)
	warm := clientOf(b, &mcp.StreamableClientTransport{Endpoint: proxyURL})
	echo(b, warm)
	b.ReportMetric(rssMB(b, pid, "VmRSS"), "rss-idle-MB")
	for i := 0; i < b.N; i++ {
		sessions := make([]*mcp.ClientSession, 200)
		var wg sync.WaitGroup
		for j := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).
					Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: proxyURL}, nil)
				if err != nil {
					b.Error(err)
					return
				}
				sessions[j] = cs
				echo(b, cs)
			}()
		}
		wg.Wait()
		b.ReportMetric(rssMB(b, pid, "VmRSS"), "rss-200-MB")
		for _, cs := range sessions {
			if cs != nil {
				cs.Close()
			}
		}
	}
	b.ReportMetric(rssMB(b, pid, "VmRSS"), "rss-after-MB")
	b.ReportMetric(rssMB(b, pid, "VmHWM"), "rss-peak-MB")
}

func buildCommandB(b *testing.B) string {
	bin := b.TempDir() + "/coerce"
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/coerce").CombinedOutput(); err != nil {
		b.Fatalf("go build ./cmd/coerce: %v\n%s", err, out)
	}
	return bin
}

func clientOf(b *testing.B, t mcp.Transport) *mcp.ClientSession {
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).Connect(context.Background(), t, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close() })
	return cs
}

// startHTTPProxy runs `coerce proxy -http 127.0.0.1:0 -upstream url` and returns its URL (from
// its listening line) and process id.
func startHTTPProxy(b *testing.B, bin, url string) (string, int) {
	cmd := exec.Command(bin, "proxy", "-http", "127.0.0.1:0", "-upstream", url)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() })
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		var ev EventLine
		if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Event == "listening" {
			go func() {
				for sc.Scan() {
				}
			}()
			return ev.Text, cmd.Process.Pid
		}
	}
	b.Fatal("coerce proxy -http never said where it listens")
	return "", 0
}

func echo(b *testing.B, cs *mcp.ClientSession) {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "hi"}})
	if err != nil || res.IsError {
		b.Fatalf("echo: %v %+v", err, res)
	}
}

// interleave calls echo directly and through the proxy b.N times each, alternating, and
// reports the medians, the 99th percentiles and what the proxy adds to each.
func interleave(b *testing.B, direct, proxied *mcp.ClientSession) {
	for range 20 { // warm both paths: the first calls start processes and fill caches
		echo(b, direct)
		echo(b, proxied)
	}
	d := make([]time.Duration, 0, b.N)
	p := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		echo(b, direct)
		t1 := time.Now()
		echo(b, proxied)
		d, p = append(d, t1.Sub(t0)), append(p, time.Since(t1))
	}
	b.StopTimer()
	dm, d99 := percentiles(d)
	pm, p99 := percentiles(p)
	b.ReportMetric(ms(dm), "direct-median-ms")
	b.ReportMetric(ms(d99), "direct-p99-ms")
	b.ReportMetric(ms(pm), "proxy-median-ms")
	b.ReportMetric(ms(p99), "proxy-p99-ms")
	b.ReportMetric(ms(pm-dm), "added-median-ms")
	b.ReportMetric(ms(p99-d99), "added-p99-ms")
}

func percentiles(ds []time.Duration) (median, p99 time.Duration) {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[min(len(s)-1, len(s)*99/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// rssMB reads a memory figure of process pid from /proc (VmRSS now, VmHWM the peak), in MB.
func rssMB(b *testing.B, pid int, key string) float64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Skip("no /proc: " + err.Error())
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err == nil {
				return float64(kb) / 1024
			}
		}
	}
	b.Fatalf("no %s in /proc/%d/status", key, pid)
	return 0
}
