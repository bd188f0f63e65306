package page

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestStorageStatus replays the sessions in testdata/storage.txt: a refusal is told
// once, a full store on every failure and its recovery once, and nothing is
// said while the browser keeps the table.
func TestStorageStatus(t *testing.T) {
	f, err := os.Open("testdata/storage.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	results := map[string]StoreResult{"stored": Stored, "refused": Refused, "full": Full}
	lines := map[string]string{StorageRefused: "refused", StorageFull: "full", StorageAgain: "again"}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		n++
		steps, want, ok := strings.Cut(text, "=>")
		if !ok {
			t.Fatalf("no => in %q", text)
		}
		var k StorageStatus
		var got []string
		for i, step := range strings.Fields(steps) {
			kind, name, _ := strings.Cut(step, ":")
			r, ok := results[name]
			if !ok || (i == 0) != (kind == "load") {
				t.Fatalf("bad step %q in %q", step, text)
			}
			var line string
			changed := true
			if kind == "load" {
				line = k.Loaded(r)
				changed = line != ""
			} else {
				line, changed = k.Saved(r)
			}
			switch {
			case !changed:
				got = append(got, "-")
			case lines[line] == "":
				t.Fatalf("%q: step %q shows unknown line %q", text, step, line)
			default:
				got = append(got, lines[line])
			}
		}
		if g, w := strings.Join(got, " "), strings.Join(strings.Fields(want), " "); g != w {
			t.Errorf("%s\n got %s\nwant %s", strings.TrimSpace(steps), g, w)
		}
	}
	if n == 0 {
		t.Fatal("testdata/storage.txt has no sessions")
	}
}

func TestStoreResultOf(t *testing.T) {
	for name, want := range map[string]StoreResult{
		"QuotaExceededError": Full, "NS_ERROR_DOM_QUOTA_REACHED": Full,
		"SecurityError": Refused, "": Refused, "TypeError": Refused,
	} {
		if got := StoreResultOf(name); got != want {
			t.Errorf("StoreResultOf(%q) = %v, want %v", name, got, want)
		}
	}
}
